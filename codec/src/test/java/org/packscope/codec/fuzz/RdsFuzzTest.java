package org.packscope.codec.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.rds.RdsFormat;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * The .rds reader on arbitrary input: a serialization stream the test wraps itself (the
 * first byte picks none, gzip or xz, so the fuzzer works on the stream, not on
 * compressed bytes), and raw file bytes (damaged wrappers). Every node is walked, its
 * fields explained and a few values traced; anything but diagnostics fails.
 */
class RdsFuzzTest {
    private static final int MAX_NODES = 3000;
    private static final LZMA2Options XZ_FAST;

    static {
        try {
            XZ_FAST = new LZMA2Options(0);
        } catch (org.tukaani.xz.UnsupportedOptionsException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @FuzzTest(maxDuration = "10m")
    void wrappedStream(byte[] data) throws Exception {
        if (data.length == 0) return;
        byte[] stream = Arrays.copyOfRange(data, 1, data.length);
        byte[] file = switch ((data[0] & 0xff) % 3) {
            case 0 -> stream;
            case 1 -> gzip(stream);
            default -> xz(stream);
        };
        check(FuzzFiles.write("fuzz-stream.rds", file));
    }

    @FuzzTest(maxDuration = "10m")
    void rawFile(byte[] data) throws Exception {
        check(FuzzFiles.write("fuzz-raw.rds", data));
    }

    private static void check(Path f) {
        Node root = new RdsFormat().open(f, FuzzFiles.REGISTRY);
        FuzzFiles.walk(root);
        visit(root);
    }

    /** Explains every field and traces first, middle and last value of every node (bounded). */
    private static void visit(Node root) {
        Deque<Node> todo = new ArrayDeque<>(List.of(root));
        int seen = 0;
        while (!todo.isEmpty() && seen++ < MAX_NODES) {
            Node n = todo.pop();
            try {
                FieldExplainer ex = n.facet(FieldExplainer.class);
                if (ex != null) for (Field fl : n.fields()) ex.explain(fl);
                ValueColumn c = n.values();
                ValueTracer t = n.facet(ValueTracer.class);
                if (c != null && t != null && c.count() > 0) {
                    for (long k : new long[] {0, c.count() / 2, c.count() - 1}) {
                        Trace tr = t.trace(k, Progress.NONE);
                        String expected = c.text(k);
                        // a value whose chunk cannot be decoded reads as 0 in the column; its trace says why instead
                        boolean explainedFailure = tr.value().equals("?") && !tr.steps().isEmpty()
                                && tr.steps().get(tr.steps().size() - 1).title().equals("cannot decode");
                        if (!expected.equals(tr.value()) && !explainedFailure) {
                            throw new AssertionError(n.path() + "[" + k + "]: trace " + tr.value() + " ≠ " + expected);
                        }
                        for (Trace.Step s : tr.steps()) {
                            if (s.span() != null && (s.source() == null || s.span().endBit() > s.source().size() * 8)) {
                                throw new AssertionError(n.path() + "[" + k + "] step '" + s.title() + "' is outside its source");
                            }
                        }
                    }
                }
            } catch (RuntimeException e) {
                if (FuzzFiles.isBug(e)) throw e;
            }
            List<Node> kids = n.children();
            for (int i = Math.min(kids.size(), 200) - 1; i >= 0; i--) todo.push(kids.get(i));
        }
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(b)) {
            o.write(data);
        }
        return b.toByteArray();
    }

    private static byte[] xz(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream o = new XZOutputStream(b, XZ_FAST)) {
            o.write(data);
        }
        return b.toByteArray();
    }
}
