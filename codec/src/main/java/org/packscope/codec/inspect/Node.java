package org.packscope.codec.inspect;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;
import org.packscope.codec.io.SourceChangedException;

/**
 * One element of the inspection tree: a file, a header, a chunk, a bin table, a value.
 * A node is filled by a recording reader, either right away or lazily: a node made
 * with {@link #lazy} runs its loader once, on the first look at its contents, so a
 * folder of 100,000 files or a file of a million chunks costs nothing until opened.
 * A loader that fails leaves a diagnostic, never an exception.
 */
public final class Node implements AutoCloseable {

    /** Fills a lazy node through its mutators. */
    @FunctionalInterface
    public interface Loader {
        void load(Node node) throws Exception;
    }

    private final String name;
    private final String kind;
    private volatile String summary = "";
    private volatile Node parent;

    private ByteSource source;
    private Span span;
    private final AppendOnlyList<Field> fields = new AppendOnlyList<>();
    private final AppendOnlyList<Diagnostic> diagnostics = new AppendOnlyList<>();
    /**
     * Diagnostics beyond {@link RuleCap#PER_RULE} of one rule are counted, not kept; made by
     * the first diagnosis (a file of 200,000 clean groups has as many nodes with none).
     */
    private volatile RuleCap<String> repeats;
    /** Made by the first table or facet: most nodes of a large file (its groups, its chunks) have neither. */
    private volatile AppendOnlyList<DataTable> tables;
    private volatile Map<Class<?>, Object> facets;
    private ChildList children = ChildList.EMPTY;
    private volatile IntPredicate checkedChildren;
    /** Children found by name through {@link NamedChild}, not in the list: made on first lookup. */
    private java.util.Map<String, Node> named;

    /** What this node's loader opened and must release when the tree is closed (an HDF5 file handle). */
    private List<AutoCloseable> resources; // made by the first closeWith: most nodes hold nothing open
    private volatile boolean drillDown;
    private volatile boolean layoutView;
    private Loader loader;
    private volatile boolean loaded;
    private boolean loading;

    private Node(String name, String kind, Loader loader) {
        this.name = name;
        this.kind = kind;
        this.loader = loader;
        this.loaded = loader == null;
    }

    public static Node of(String name, String kind) {
        return new Node(name, kind, null);
    }

    public static Node lazy(String name, String kind, Loader loader) {
        return new Node(name, kind, loader);
    }

    // ---------------------------------------------------------------- identity

    public String name() { return name; }

    /** What sort of thing this is, e.g. "pco-chunk", "folder", "hdf5-dataset". */
    public String kind() { return kind; }

    /** A short description for the browser tree, e.g. "f64 · 2,000,000 values". */
    public String summary() { ensureLoaded(); return summary; }

    public Node parent() { return parent; }

    /** Names from the root down, joined by '/'; the root's own name is left out. */
    public String path() {
        List<String> parts = new ArrayList<>();
        for (Node n = this; n.parent != null; n = n.parent) parts.add(n.name);
        Collections.reverse(parts);
        return String.join("/", parts);
    }

    public boolean isLoaded() { return loaded; }

    /**
     * True for a node whose children only re-present data at finer grain (per batch,
     * per value, per bit). Whole-tree walks such as {@code check} and {@code inspect}
     * do not descend into them; a person can, by selecting one.
     */
    public boolean isDrillDown() { return drillDown; }

    public Node drillDown(boolean value) { this.drillDown = value; return this; }

    /**
     * True for a node that shows where its siblings' content lies in the file's bytes (a
     * container's own structures: HDF5's object headers, B-trees and heaps) rather than
     * more content. Comparisons of content ({@code diff}) leave it out: two files holding
     * the same objects laid out differently would differ at every address.
     */
    public boolean isLayoutView() { return layoutView; }

    public Node layoutView(boolean value) { this.layoutView = value; return this; }

    // ---------------------------------------------------------------- contents

    public ByteSource source() { ensureLoaded(); return source; }

    public Span span() { ensureLoaded(); return span; }

    public List<Field> fields() { ensureLoaded(); return fields.view(); }

    /**
     * The diagnostics, with at most {@link RuleCap#PER_RULE} of each rule; the rest of a
     * rule is one more diagnostic saying how many were left out ("and 29,900 more like this").
     */
    public List<Diagnostic> diagnostics() {
        ensureLoaded();
        List<Diagnostic> kept = diagnostics.view();
        RuleCap<String> r = repeats;
        if (r == null || r.isEmpty()) return kept;
        List<Diagnostic> all = new ArrayList<>(kept);
        all.addAll(r.summaries());
        return Collections.unmodifiableList(all);
    }

    public List<DataTable> tables() {
        ensureLoaded();
        AppendOnlyList<DataTable> t = tables;
        return t == null ? List.of() : t.view();
    }

    public List<Node> children() {
        ensureLoaded();
        ChildList c = children;
        return new AbstractList<>() {
            @Override public Node get(int index) { return adopt(c.get(index)); }
            @Override public int size() { return c.size(); }
        };
    }

    public int childCount() { ensureLoaded(); return children.size(); }

    public <T> T facet(Class<T> type) {
        ensureLoaded();
        Map<Class<?>, Object> f = facets;
        return f == null ? null : type.cast(f.get(type));
    }

    public ValueColumn values() { return facet(ValueColumn.class); }

    /** The child with this name, or null. */
    public Node child(String childName) {
        for (Node c : children()) if (c.name().equals(childName)) return c;
        NamedChild lookup = facet(NamedChild.class);
        if (lookup == null) return null;
        synchronized (this) {
            if (named == null) named = new java.util.HashMap<>();
            // the same name gives the same node, as a listed child does
            Node found = named.get(childName);
            if (found == null) {
                found = lookup.find(childName);
                if (found == null) return null;
                found.parent = this;
                named.put(childName, found);
            }
            return found;
        }
    }

    /** Follows a '/'-separated path of child names; null when a step is missing. */
    public Node find(String relativePath) {
        Node n = this;
        for (String part : relativePath.split("/")) {
            if (part.isEmpty()) continue;
            n = n.child(part);
            if (n == null) return null;
        }
        return n;
    }

    // ---------------------------------------------------------------- mutators (for readers)

    public Node summary(String text) { this.summary = text == null ? "" : text; return this; }

    public Node source(ByteSource src) { this.source = src; return this; }

    public Node span(Span s) { this.span = s; return this; }

    public Node field(String fieldName, Span fieldSpan, Object value, String meaning) {
        fields.add(new Field(fieldName, fieldSpan, String.valueOf(value), meaning));
        return this;
    }

    public Node addField(Field f) { fields.add(f); return this; }

    public Node diagnose(Diagnostic d) {
        if (repeats().admit(d.rule(), d)) diagnostics.add(d);
        return this;
    }

    private RuleCap<String> repeats() {
        RuleCap<String> r = repeats;
        if (r == null) {
            synchronized (this) {
                r = repeats;
                if (r == null) repeats = r = new RuleCap<>();
            }
        }
        return r;
    }

    public Node table(DataTable t) {
        AppendOnlyList<DataTable> list = tables;
        if (list == null) {
            synchronized (this) {
                list = tables;
                if (list == null) tables = list = new AppendOnlyList<>();
            }
        }
        list.add(t);
        return this;
    }

    public <T> Node facet(Class<T> type, T value) {
        Map<Class<?>, Object> f = facets;
        if (f == null) {
            synchronized (this) {
                f = facets;
                if (f == null) facets = f = new ConcurrentHashMap<>();
            }
        }
        f.put(type, value);
        return this;
    }

    public Node add(Node child) {
        ChildList c = children;
        if (!(c instanceof ChildList.Fixed f && f.nodes instanceof ArrayList)) {
            List<Node> list = new ArrayList<>();
            for (int i = 0; i < c.size(); i++) list.add(c.get(i));
            c = new ChildList.Fixed(list);
            children = c;
        }
        ((ChildList.Fixed) c).nodes.add(child);
        child.parent = this;
        return this;
    }

    public Node children(List<Node> nodes) {
        List<Node> copy = new ArrayList<>(nodes);
        for (Node n : copy) n.parent = this;
        this.children = new ChildList.Fixed(copy);
        return this;
    }

    /** Children made on demand, for units that can number in the millions. */
    public Node lazyChildren(int count, IntFunction<Node> factory) {
        this.children = new ChildList.Lazy(count, factory);
        return this;
    }

    /**
     * Children made on each request and not kept: for units by the hundred thousand whose
     * nodes (with their fields) cost more to hold than to make again. They must hold no
     * resource to close; a walk that visits each once holds one at a time.
     */
    public Node childrenNotKept(int count, IntFunction<Node> factory) {
        this.children = new ChildList.NotKept(count, factory);
        return this;
    }

    /**
     * Says which children a check must visit: the others' problems are already this node's
     * own (its diagnostics and verifier say them), so a walk of 300,000 clean chunks does
     * not make 300,000 nodes to find nothing. Null (the default) visits every child.
     */
    public Node childrenChecked(IntPredicate which) {
        this.checkedChildren = which;
        return this;
    }

    /** The children a check visits (see {@link #childrenChecked}), made as they are taken. */
    public List<Node> checkedChildren() {
        List<Node> all = children();
        IntPredicate which = checkedChildren;
        if (which == null) return all;
        int[] picked = IntStream.range(0, all.size()).filter(which).toArray();
        return new AbstractList<>() {
            @Override public Node get(int index) { return all.get(picked[index]); }
            @Override public int size() { return picked.length; }
        };
    }

    /** Hands a resource the node's contents depend on to the node; {@link #close()} releases it. */
    public synchronized Node closeWith(AutoCloseable resource) {
        if (resources == null) resources = new ArrayList<>(2);
        resources.add(resource);
        return this;
    }

    /** What this node holds open, handed over to {@link #close()} (which then holds it no more). */
    private synchronized List<AutoCloseable> takeResources() {
        List<AutoCloseable> held = resources == null ? List.of() : resources;
        resources = null;
        return held;
    }

    /**
     * Releases what this node and every child made so far hold open (file handles), last
     * opened first. Loads nothing: children never made hold nothing. Failures to close a
     * read-only file cannot lose data and are ignored. Reading the tree after closing
     * may fail; its loaders then leave diagnostics, as for any unreadable file.
     */
    @Override
    public void close() {
        java.util.ArrayDeque<Node> todo = new java.util.ArrayDeque<>();
        todo.push(this);
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            List<AutoCloseable> held = new ArrayList<>(n.takeResources());
            Collections.reverse(held);
            for (AutoCloseable r : held) {
                try {
                    r.close();
                } catch (Exception ignored) {
                    // a read-only file: nothing is lost
                }
            }
            if (n.loaded) n.children.forEachMade(todo::push);
        }
    }

    private Node adopt(Node child) {
        if (child.parent == null) child.parent = this;
        return child;
    }

    private void ensureLoaded() {
        if (loaded) return;
        synchronized (this) {
            if (loaded || loading) return;
            loading = true;
            try {
                loader.load(this);
            } catch (OutOfRangeException e) {
                diagnose(Diagnostic.errorAtByte(e.offset(), SharedRules.TRUNCATED,
                        "the data ends early: " + e.getMessage()));
            } catch (SourceChangedException e) {
                diagnose(Diagnostic.errorAtByte(e.offset(), SharedRules.TRUNCATED, e.getMessage()));
            } catch (Progress.CancelledException e) {
                diagnose(SharedRules.CANCELLED.at(null, "reading was cancelled"));
            } catch (Exception | StackOverflowError | OutOfMemoryError e) {
                diagnose(Diagnostic.error(null, isBug(e) ? SharedRules.INTERNAL_ERROR : SharedRules.UNREADABLE,
                        "could not be read: " + describe(e)));
            } finally {
                loader = null;
                loading = false;
                loaded = true;
            }
        }
    }

    /**
     * Failures that mean a reader trusted bad input instead of checking it (they are
     * reported as {@code internal_error}, which the mutation suite treats as a bug).
     */
    public static boolean isBug(Throwable e) {
        return e instanceof NullPointerException || e instanceof IndexOutOfBoundsException
                || e instanceof ClassCastException || e instanceof ArithmeticException
                || e instanceof NegativeArraySizeException || e instanceof ArrayStoreException
                || e instanceof OutOfMemoryError || e instanceof StackOverflowError
                || e instanceof IllegalStateException;
    }

    /** The failure in PackScope's words: what went wrong, never a Java class name. */
    public static String describe(Throwable e) {
        return PlainText.describe(e);
    }

    @Override
    public String toString() { return kind + " " + name; }

    private interface ChildList {
        ChildList EMPTY = new Fixed(List.of());

        int size();

        Node get(int index);

        /** The children that exist already (a lazy list makes none). */
        void forEachMade(java.util.function.Consumer<Node> action);

        record Fixed(List<Node> nodes) implements ChildList {
            public int size() { return nodes.size(); }
            public Node get(int index) { return nodes.get(index); }
            public void forEachMade(java.util.function.Consumer<Node> action) { nodes.forEach(action); }
        }

        final class Lazy implements ChildList {
            private final int count;
            private final IntFunction<Node> factory;
            private final Map<Integer, Node> made = new ConcurrentHashMap<>();

            Lazy(int count, IntFunction<Node> factory) {
                this.count = count;
                this.factory = factory;
            }

            public int size() { return count; }

            public Node get(int index) {
                if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index);
                return made.computeIfAbsent(index, factory::apply);
            }

            public void forEachMade(java.util.function.Consumer<Node> action) { made.values().forEach(action); }
        }

        record NotKept(int count, IntFunction<Node> factory) implements ChildList {
            public int size() { return count; }

            public Node get(int index) {
                if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index);
                return factory.apply(index);
            }

            public void forEachMade(java.util.function.Consumer<Node> action) { }
        }
    }
}
