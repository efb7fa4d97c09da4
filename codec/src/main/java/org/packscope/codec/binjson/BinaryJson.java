package org.packscope.codec.binjson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;
import org.packscope.codec.read.ReadProblem;

/**
 * Reading Binary JSON (BJ and seekable SJ, version 1): whole-document decoding to
 * events, JSON text or a Jackson tree, and the lazy inspection tree. Nothing here
 * throws for bad content: problems come back as diagnostics.
 */
public final class BinaryJson {
    private BinaryJson() { }

    /**
     * What a decode found. {@code complete} is false when a problem stopped it (the
     * output then holds only what came before).
     */
    public record DecodeResult(List<Diagnostic> diagnostics, boolean complete) {
        public DecodeResult {
            diagnostics = List.copyOf(diagnostics);
        }

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
        }

        /** "rule at byte N: message" of the first error, or "" when there is none. */
        public String firstError() {
            return diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).findFirst()
                    .map(d -> d.rule() + " at byte " + (d.span() == null ? "?" : d.span().offsetText()) + ": " + d.message())
                    .orElse("");
        }
    }

    /** The inspection tree of a BJ/SJ file; loads lazily, never throws. */
    public static Node open(ByteSource src, String name) {
        return BjNodes.file(src, name);
    }

    /** Decodes the whole document into events. */
    public static DecodeResult decode(ByteSource src, JsonEvents events) {
        return decode(src, events, Progress.NONE);
    }

    public static DecodeResult decode(ByteSource src, JsonEvents events, Progress progress) {
        return decode(src, events, progress, false);
    }

    private static DecodeResult decode(ByteSource src, JsonEvents events, Progress progress, boolean onlyInsideLarge) {
        List<Diagnostic> diags = new ArrayList<>();
        BjReader r = new BjReader(src, diags::add);
        r.onlyInsideLarge = onlyInsideLarge;
        JsonEvents ev = progress == Progress.NONE ? events : new Cancellable(events, progress);
        try {
            r.readHeader();
            StringTable t = r.readStrings();
            if (!t.complete()) return new DecodeResult(diags, false);
            long end = new StreamDecoder(r).decode(t.end(), ev, 0);
            if (end < src.size()) r.error(end, BinaryJsonRules.TRAILING_BYTES, trailingText(src.size() - end));
            return new DecodeResult(diags, true);
        } catch (ReadProblem f) {
            if (!onlyInsideLarge || r.insideLarge > 0) diags.add(f.diagnostic());
        } catch (OutOfRangeException e) {
            diags.add(Diagnostic.errorAtByte(src.size(), BinaryJsonRules.UNEXPECTED_EOF, "the data ends early: " + e.getMessage()));
        }
        return new DecodeResult(diags, false);
    }

    /**
     * Writes the document as JSON text: standard JSON, except that floats always carry
     * a '.' or an exponent and non-finite floats are the bare tokens NaN, Infinity and
     * -Infinity. On a problem that stops decoding, the text written so far is incomplete.
     */
    public static DecodeResult decodeToJson(ByteSource src, Appendable out) throws IOException {
        return decodeToJson(src, out, Progress.NONE);
    }

    public static DecodeResult decodeToJson(ByteSource src, Appendable out, Progress progress) throws IOException {
        try {
            return decode(src, new JsonTextWriter(out), progress);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * The document as a Jackson tree (ints as LongNode, floats as DoubleNode, f32
     * widened), or null when a problem stopped decoding; diagnostics go to the list.
     */
    public static JsonNode decodeToTree(ByteSource src, List<Diagnostic> diagnostics) {
        TreeBuilder b = new TreeBuilder();
        DecodeResult r = decode(src, b);
        diagnostics.addAll(r.diagnostics());
        return r.complete() ? b.root : null;
    }

    static String trailingText(long n) {
        return n + (n == 1 ? " byte follows" : " bytes follow") + " the root value: nothing may come after it";
    }

    /**
     * The file node's verifier: a full decode that reports the problems a whole-tree
     * walk cannot see, those inside the children of large (drill-down) containers.
     */
    static void verifyLargeContainers(ByteSource src, java.util.function.Consumer<Diagnostic> sink, Progress progress) {
        decode(src, new NoEvents(), progress, true).diagnostics().forEach(sink);
    }

    /** Discards events. */
    private static final class NoEvents implements JsonEvents {
        @Override public void nullValue() { }
        @Override public void boolValue(boolean value) { }
        @Override public void intValue(long value) { }
        @Override public void floatValue(double value, boolean f32) { }
        @Override public void stringValue(String value) { }
        @Override public void startMap(long entries) { }
        @Override public void key(String key) { }
        @Override public void endMap() { }
        @Override public void startList(long elements) { }
        @Override public void endList() { }
    }

    /** Number of values in the document (the bench fast path); -1 when it does not decode. */
    static long countValues(ByteSource src) {
        long[] n = new long[1];
        JsonEvents counter = new JsonEvents() {
            @Override public void nullValue() { n[0]++; }
            @Override public void boolValue(boolean value) { n[0]++; }
            @Override public void intValue(long value) { n[0]++; }
            @Override public void floatValue(double value, boolean f32) { n[0]++; }
            @Override public void stringValue(String value) { n[0]++; }
            @Override public void startMap(long entries) { n[0]++; }
            @Override public void key(String key) { }
            @Override public void endMap() { }
            @Override public void startList(long elements) { n[0]++; }
            @Override public void endList() { }
        };
        return decode(src, counter).complete() ? n[0] : -1;
    }

    /** Builds a Jackson tree from events. */
    static final class TreeBuilder implements JsonEvents {
        private final JsonNodeFactory f = JsonNodeFactory.instance;
        private final Deque<JsonNode> stack = new ArrayDeque<>();
        private String pendingKey;
        JsonNode root;

        private void add(JsonNode v) {
            JsonNode top = stack.peek();
            if (top == null) root = v;
            else if (top instanceof ObjectNode o) o.set(pendingKey, v);
            else ((ArrayNode) top).add(v);
        }

        @Override public void nullValue() { add(f.nullNode()); }
        @Override public void boolValue(boolean value) { add(f.booleanNode(value)); }
        @Override public void intValue(long value) { add(f.numberNode(value)); }
        @Override public void floatValue(double value, boolean f32) { add(f.numberNode(value)); }
        @Override public void stringValue(String value) { add(f.textNode(value)); }

        @Override
        public void startMap(long entries) {
            ObjectNode o = f.objectNode();
            add(o);
            stack.push(o);
        }

        @Override public void key(String key) { pendingKey = key; }
        @Override public void endMap() { stack.pop(); }

        @Override
        public void startList(long elements) {
            ArrayNode a = f.arrayNode();
            add(a);
            stack.push(a);
        }

        @Override public void endList() { stack.pop(); }
    }

    /** Passes events on, checking for cancellation every so often. */
    private static final class Cancellable implements JsonEvents {
        private final JsonEvents d;
        private final Progress progress;
        private int tick;

        Cancellable(JsonEvents d, Progress progress) {
            this.d = d;
            this.progress = progress;
        }

        private void tick() {
            if ((++tick & 0xffff) == 0) progress.checkCancelled();
        }

        @Override public void nullValue() { tick(); d.nullValue(); }
        @Override public void boolValue(boolean value) { tick(); d.boolValue(value); }
        @Override public void intValue(long value) { tick(); d.intValue(value); }
        @Override public void floatValue(double value, boolean f32) { tick(); d.floatValue(value, f32); }
        @Override public void stringValue(String value) { tick(); d.stringValue(value); }
        @Override public void startMap(long entries) { tick(); d.startMap(entries); }
        @Override public void key(String key) { d.key(key); }
        @Override public void endMap() { d.endMap(); }
        @Override public void startList(long elements) { tick(); d.startList(elements); }
        @Override public void endList() { d.endList(); }
    }
}
