package org.packscope.app.ui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.NodeLocator;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.analysis.TreeWalk;

/**
 * The browser on the left: opened files and folders with their internals. Children are
 * produced in the background when a person expands an item; nodes with thousands of
 * children are shown in ranges of {@value #RANGE}, so a million chunks stay browsable.
 */
public final class BrowserTree extends TreeView<Object> {
    static final int RANGE = 1000;

    private final TaskRunner runner;
    /** Nodes a deep check found errors in, and the nodes holding them: marked until the next deep check of their file. */
    private final java.util.Set<Node> deepErrors = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private final java.util.Set<Node> errorInside = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Children whose summaries are read ahead when their parent opens (more wait for a click). */
    static final int SUMMARIES_AHEAD = 300;
    static final SeverityClass INSIDE = new SeverityClass("has-error-inside", "has-warning-inside");

    /** A group of children [from, to) of a node with very many children. */
    record Range(Node parent, int from, int to) {
        @Override public String toString() { return "[" + from + " … " + (to - 1) + "]"; }
    }

    public BrowserTree(TaskRunner runner, Consumer<Node> onSelect) {
        super(new TreeItem<>("root"));
        this.runner = runner;
        setId("browser");
        setShowRoot(false);
        getRoot().setExpanded(true);
        setCellFactory(tv -> new NodeCell());
        getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            if (restructuring || item == chosen) return;
            chosen = item;
            if (item != null && item.getValue() instanceof Node n) onSelect.accept(n);
        });
    }

    /** The item the person (or a reveal) selected: children changing elsewhere must not move it. */
    private TreeItem<Object> chosen;
    /** True while children are replaced: the selection model's index shuffling then is not a choice. */
    private boolean restructuring;

    /**
     * Runs a change to some item's children and puts the selection back on the item chosen
     * before: TreeView keeps its selection as a row index, and replacing the children of an
     * item above the selected row (the "loading…" row by the loaded children, or clearing it
     * when the node turns out to be a leaf) moved it to a neighbouring node.
     */
    private void keepSelection(Runnable change) {
        TreeItem<Object> before = chosen;
        restructuring = true;
        try {
            change.run();
        } finally {
            restructuring = false;
        }
        if (before != null && getSelectionModel().getSelectedItem() != before) {
            if (inTree(before)) {
                restructuring = true;
                try {
                    getSelectionModel().select(before);
                } finally {
                    restructuring = false;
                }
            } else {
                chosen = null;
                getSelectionModel().clearSelection();
            }
        }
    }

    private boolean inTree(TreeItem<Object> item) {
        TreeItem<Object> p = item;
        while (p.getParent() != null) p = p.getParent();
        return p == getRoot();
    }

    /**
     * Marks what a deep check of {@code root} found: nodes with errors turn red, the nodes
     * holding them are marked too, so a damaged chunk deep in a file can be found.
     */
    public void markDeepCheck(Node root, List<TreeWalk.Located> found) {
        deepErrors.removeIf(n -> isUnder(n, root));
        errorInside.removeIf(n -> isUnder(n, root));
        for (var l : found) {
            if (l.diagnostic().severity() != Severity.ERROR) continue;
            deepErrors.add(l.node());
            for (Node p = l.node().parent(); p != null; p = p.parent()) errorInside.add(p);
        }
        refresh();
    }

    private static boolean isUnder(Node n, Node root) {
        for (Node p = n; p != null; p = p.parent()) if (p == root) return true;
        return false;
    }

    boolean markedInside(Node n) { return errorInside.contains(n); }

    public NodeItem addRoot(Node node) {
        NodeItem item = new NodeItem(node);
        getRoot().getChildren().add(item);
        return item;
    }

    /**
     * Takes the opened trees off the browser: the one holding the selection, or all of
     * them; returns their nodes, whose files the caller closes.
     */
    public java.util.List<Node> removeRoots(boolean all) {
        java.util.List<TreeItem<Object>> gone = new java.util.ArrayList<>();
        if (all) {
            gone.addAll(getRoot().getChildren());
        } else {
            TreeItem<Object> item = getSelectionModel().getSelectedItem();
            while (item != null && item.getParent() != null && item.getParent() != getRoot()) item = item.getParent();
            if (item != null && item.getParent() == getRoot()) gone.add(item);
        }
        getRoot().getChildren().removeAll(gone);
        java.util.List<Node> nodes = new java.util.ArrayList<>();
        for (TreeItem<Object> i : gone) if (i.getValue() instanceof Node n) nodes.add(n);
        return nodes;
    }

    /** The item showing {@code node}, searched among items already created; null if none. */
    public TreeItem<Object> itemFor(Node node) {
        return find(getRoot(), node);
    }

    private static TreeItem<Object> find(TreeItem<Object> item, Node node) {
        if (item.getValue() == node) return item;
        for (TreeItem<Object> c : item.getChildren()) {
            TreeItem<Object> f = find(c, node);
            if (f != null) return f;
        }
        return null;
    }

    /** Selects the node, expanding the tree from the nearest created ancestor. */
    public void reveal(Node node) {
        TreeItem<Object> item = itemFor(node);
        if (item != null) {
            for (TreeItem<Object> p = item.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
            selectAndShow(item);
        }
    }

    /**
     * Expands the tree along a located path (see {@link NodeLocator}) and selects its
     * innermost node, loading only the items on the way (and the ranges holding them).
     */
    public void revealPath(NodeLocator.Path path) {
        List<Node> nodes = path.nodes();
        for (int k = nodes.size() - 1; k >= 0; k--) {
            TreeItem<Object> item = itemFor(nodes.get(k));
            if (item != null) {
                for (TreeItem<Object> p = item.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
                descend(item, path, k);
                return;
            }
        }
    }

    /** {@code item} shows {@code nodes[k]}, or a range of its children holding {@code nodes[k+1]}. */
    private void descend(TreeItem<Object> item, NodeLocator.Path path, int k) {
        List<Node> nodes = path.nodes();
        if (k == nodes.size() - 1 && item.getValue() == nodes.get(k)) {
            selectAndShow(item);
            return;
        }
        expandThen(item, () -> {
            Node want = nodes.get(k + 1);
            int at = path.indices()[k];
            for (TreeItem<Object> c : item.getChildren()) {
                if (c.getValue() == want) {
                    descend(c, path, k + 1);
                    return;
                }
                if (c.getValue() instanceof Range r && r.parent() == nodes.get(k) && at >= r.from() && at < r.to()) {
                    descend(c, path, k);
                    return;
                }
            }
            selectAndShow(item);
        });
    }

    private void selectAndShow(TreeItem<Object> item) {
        getSelectionModel().select(item);
        int row = getRow(item);
        if (row >= 0) scrollTo(Math.max(0, row - 3));
    }

    /**
     * Expands the tree along child names, starting at {@code from}, and selects the item
     * reached; calls back with it (or with the deepest item found when a name is missing).
     */
    public void revealPath(TreeItem<Object> from, java.util.List<String> names, Consumer<TreeItem<Object>> done) {
        if (names.isEmpty()) {
            selectAndShow(from);
            done.accept(from);
            return;
        }
        expandThen(from, () -> {
            for (TreeItem<Object> c : from.getChildren()) {
                if (c.getValue() instanceof Node n && n.name().equals(names.get(0))) {
                    revealPath(c, names.subList(1, names.size()), done);
                    return;
                }
                if (c.getValue() instanceof Range r) {
                    // look inside the range that holds the name: ranges are loaded on demand
                    Node parent = r.parent();
                    Node target = parent.child(names.get(0));
                    if (target != null) {
                        int idx = parent.children().indexOf(target);
                        if (idx >= r.from() && idx < r.to()) {
                            revealPath(c, names, done);
                            return;
                        }
                    }
                }
            }
            getSelectionModel().select(from);
            done.accept(from);
        });
    }

    /** Expands an item and calls back once its children are there. */
    void expandThen(TreeItem<Object> item, Runnable then) {
        if (item instanceof Expandable e) e.expandThen(then);
        else {
            item.setExpanded(true);
            then.run();
        }
    }

    interface Expandable {
        void expandThen(Runnable then);
    }

    /** Children are loaded when first expanded. */
    abstract class LazyItem extends TreeItem<Object> implements Expandable {
        private boolean requested;
        private boolean leaf;
        private final List<Runnable> whenLoaded = new ArrayList<>();

        LazyItem(Object value, boolean knownLeaf) {
            super(value);
            leaf = knownLeaf;
            if (!leaf) getChildren().add(new TreeItem<>("loading…"));
            expandedProperty().addListener((obs, was, now) -> { if (now) request(); });
        }

        @Override public boolean isLeaf() { return leaf; }

        /** Once its node is loaded and has no children, the item is a leaf: no expand arrow. */
        void settle() {
            if (!leaf && getValue() instanceof Node n && n.isLoaded() && n.childCount() == 0) {
                leaf = true;
                keepSelection(() -> getChildren().clear());
            }
        }

        private void request() {
            if (requested) return;
            requested = true;
            runner.submit("Opening " + getValue(), p -> loadChildren(), items -> {
                keepSelection(() -> getChildren().setAll(items));
                if (items.isEmpty()) leaf = true;
                BrowserTree.this.refresh();
                readSummariesAhead(items);
                whenLoaded.forEach(Runnable::run);
                whenLoaded.clear();
            }, ex -> {
                keepSelection(() -> getChildren().setAll(new TreeItem<>("⚠ " + TaskRunner.describe(ex))));
            });
        }

        @Override
        public void expandThen(Runnable then) {
            if (requested && (leaf || !(getChildren().size() == 1 && "loading…".equals(getChildren().get(0).getValue())))) {
                setExpanded(true);
                then.run();
            } else {
                whenLoaded.add(then);
                setExpanded(true);
                request();
            }
        }

        /** Runs in the background: builds the child items (not yet attached). */
        abstract List<TreeItem<Object>> loadChildren();
    }

    public final class NodeItem extends LazyItem {
        NodeItem(Node node) {
            super(node, node.isLoaded() && node.childCount() == 0);
        }

        Node node() { return (Node) getValue(); }

        @Override
        List<TreeItem<Object>> loadChildren() {
            Node n = node();
            int count = n.childCount();
            return itemsFor(n, 0, count);
        }
    }

    final class RangeItem extends LazyItem {
        RangeItem(Range range) { super(range, false); }

        @Override
        List<TreeItem<Object>> loadChildren() {
            Range r = (Range) getValue();
            return itemsFor(r.parent(), r.from(), r.to());
        }
    }

    /**
     * Loads the first children in the background, so their rows show summaries (and lose
     * the expand arrow when they have no children) without waiting for a click.
     */
    private void readSummariesAhead(List<TreeItem<Object>> items) {
        List<NodeItem> todo = new ArrayList<>();
        for (TreeItem<Object> i : items) {
            if (i instanceof NodeItem ni && !ni.node().isLoaded()) todo.add(ni);
            if (todo.size() >= SUMMARIES_AHEAD) break;
        }
        if (todo.isEmpty()) {
            for (TreeItem<Object> i : items) if (i instanceof LazyItem li) li.settle();
            return;
        }
        runner.submit("Reading summaries", p -> {
            for (NodeItem ni : todo) {
                p.checkCancelled();
                ni.node().summary(); // loads the node, here, off the FX thread
            }
            return todo;
        }, done -> {
            for (TreeItem<Object> i : items) if (i instanceof LazyItem li) li.settle();
            refresh();
        });
    }

    /** Items for children [from, to): the nodes themselves, or ranges when there are many. */
    private List<TreeItem<Object>> itemsFor(Node parent, int from, int to) {
        List<TreeItem<Object>> out = new ArrayList<>();
        int n = to - from;
        if (n <= RANGE) {
            List<Node> kids = parent.children();
            for (int i = from; i < to; i++) {
                Node child = kids.get(i);
                out.add(new NodeItem(child));
            }
            return out;
        }
        long step = RANGE;
        while ((long) n > step * RANGE) step *= RANGE;
        for (long start = from; start < to; start += step) {
            out.add(new RangeItem(new Range(parent, (int) start, (int) Math.min(to, start + step))));
        }
        return out;
    }

    /**
     * One tooltip for all rows, its text taken from the row it shows over: a tooltip is a
     * popup window, and making one per cell made every rebuild of the tree's cells slow.
     */
    private final javafx.scene.control.Tooltip kind = new javafx.scene.control.Tooltip();
    {
        kind.setOnShowing(e -> { if (hovered() != null) kind.setText(hovered().kindText); });
    }
    /** The row under the pointer: the tooltip shows its node's kind. */
    private NodeCell hovered;

    private NodeCell hovered() { return hovered; }

    private final class NodeCell extends TreeCell<Object> {
        /** What the tooltip says for the node shown (the one tooltip of the tree reads it when it shows). */
        private String kindText = "";

        NodeCell() {
            addEventHandler(javafx.scene.input.MouseEvent.MOUSE_ENTERED, e -> hovered = this);
        }

        @Override
        protected void updateItem(Object item, boolean empty) {
            super.updateItem(item, empty);
            boolean error = false, warning = false;
            if (!empty && item instanceof Node n && n.isLoaded()) {
                for (Diagnostic d : n.diagnostics()) {
                    error |= d.severity() == Severity.ERROR;
                    warning |= d.severity() == Severity.WARNING;
                }
            }
            error |= !empty && item instanceof Node n && deepErrors.contains(n);
            SeverityClass.TREE.mark(getStyleClass(), error, warning);
            INSIDE.mark(getStyleClass(), !empty && !error && item instanceof Node n && errorInside.contains(n), false);
            if (empty || item == null) {
                setText(null);
                if (getTooltip() != null) setTooltip(null);
                return;
            }
            if (item instanceof Node n) {
                StringBuilder sb = new StringBuilder(n.name());
                if (n.isLoaded() && !n.summary().isEmpty()) sb.append("   ").append(n.summary());
                setText(sb.toString());
                kindText = n.kind() + (errorInside.contains(n) ? " · a deep check found errors inside" : "");
                if (getTooltip() != kind) setTooltip(kind);
            } else {
                setText(item.toString());
                if (getTooltip() != null) setTooltip(null);
            }
        }
    }
}
