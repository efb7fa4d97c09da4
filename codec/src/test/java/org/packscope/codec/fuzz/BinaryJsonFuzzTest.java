package org.packscope.codec.fuzz;

import java.io.IOException;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.binjson.BinaryJson;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TextExport;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;

/**
 * Binary JSON on arbitrary bytes, one target per variant: the first two bytes are
 * forced to the magic so the fuzzer spends its time past it. Beyond the shared walk,
 * every node down to the leaves (drill-down ones too, long child lists sampled) has
 * its fields explained, its values read and traced, and the file is exported as JSON.
 */
class BinaryJsonFuzzTest {
    private static final int MAX_NODES = 3000;

    @FuzzTest(maxDuration = "10m")
    void plainBj(byte[] data) {
        run(withMagic(data, 'B'), "fuzz.bj");
    }

    @FuzzTest(maxDuration = "10m")
    void seekableSj(byte[] data) {
        run(withMagic(data, 'S'), "fuzz.sj");
    }

    private static byte[] withMagic(byte[] data, char first) {
        byte[] b = data.clone();
        if (b.length > 0) b[0] = (byte) first;
        if (b.length > 1) b[1] = 'J';
        return b;
    }

    private static void run(byte[] file, String name) {
        Node root = BinaryJson.open(ByteSource.of(file, name), name);
        FuzzFiles.walk(root);
        int[] budget = {MAX_NODES};
        guarded(() -> visit(root, budget));
        TextExport json = root.facet(TextExport.class);
        if (json != null) {
            guarded(() -> {
                try {
                    json.export("json", new StringBuilder(), Progress.NONE);
                } catch (IOException expected) {
                    // damaged input: the export says where it stopped
                }
            });
        }
        BulkDecoder bulk = root.facet(BulkDecoder.class);
        if (bulk != null) guarded(() -> bulk.decodeAll(Progress.NONE));
    }

    private static void visit(Node n, int[] budget) {
        if (budget[0]-- <= 0) return;
        FieldExplainer x = n.facet(FieldExplainer.class);
        for (Field f : n.fields()) {
            if (x == null || x.explain(f) == null) throw new AssertionError(n.path() + ": field " + f.name() + " unexplained");
            if (f.span() != null && f.span().endBit() > n.source().size() * 8) {
                throw new AssertionError(n.path() + ": field " + f.name() + " " + f.span() + " beyond the file");
            }
        }
        ValueColumn c = n.values();
        if (c != null && c.count() > 0) {
            ValueTracer t = n.facet(ValueTracer.class);
            if (t == null) throw new AssertionError(n.path() + ": column without tracer");
            for (long k : new long[] {0, c.count() / 2, c.count() - 1}) {
                String want = c.text(k);
                String got = t.trace(k, Progress.NONE).value();
                if (!want.equals(got)) throw new AssertionError(n.path() + " value " + k + ": trace " + got + " vs " + want);
            }
        }
        List<Node> kids = n.children();
        int size = kids.size();
        for (int i = 0; i < size && budget[0] > 0; i++) {
            if (size > 12 && i == 8) i = size - 4;
            visit(kids.get(i), budget);
        }
    }

    /** Runs r; an exception that means the reader trusted bad input (or let its internal signal out) fails. */
    private static void guarded(Runnable r) {
        try {
            r.run();
        } catch (Progress.CancelledException e) {
            throw e;
        } catch (RuntimeException e) {
            if (FuzzFiles.isBug(e) || e instanceof org.packscope.codec.read.ReadProblem
                    || e.getClass().getSimpleName().equals("OutOfRangeException")) {
                throw e;
            }
            throw new AssertionError("unexpected " + e, e);
        }
    }
}
