package org.packscope.codec.fuzz;

import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.pco.FormatVersion;
import org.packscope.codec.pco.NumberType;
import org.packscope.codec.pco.PcoNodes;
import org.packscope.codec.pco.PcoWrapped;

/**
 * Pco on arbitrary bytes, one target per entry point: standalone files (the magic is
 * forced so the fuzzer works past it) and the wrapped components a container hands
 * over (chunk metadata then a page, with the number type, format version and count
 * taken from the first bytes). Beyond the shared walk, every node down to the batches
 * (long child lists sampled) has its fields explained, and values are read and traced.
 */
class PcoFuzzTest {
    private static final int MAX_NODES = 3000;

    @FuzzTest(maxDuration = "10m")
    void standalone(byte[] data) {
        byte[] b = data.clone();
        byte[] magic = {'p', 'c', 'o', '!'};
        System.arraycopy(magic, 0, b, 0, Math.min(4, b.length));
        Node root = PcoNodes.file("fuzz.pco", ByteSource.of(b, "fuzz.pco"));
        FuzzFiles.walk(root);
        visit(root, new int[] {MAX_NODES});
        BulkDecoder bulk = root.facet(BulkDecoder.class);
        if (bulk != null) bulk.decodeAll(Progress.NONE);
    }

    /**
     * Bytes 0-4: number type id, format major, minor, count n - 1 (u16 LE); then the
     * chunk metadata, and the page right after it.
     */
    @FuzzTest(maxDuration = "10m")
    void wrapped(byte[] data) {
        if (data.length < 5) return;
        NumberType type = NumberType.ofId(1 + Math.floorMod(data[0], 11));
        FormatVersion version = new FormatVersion(Math.floorMod(data[1], 6), data[2] & 1);
        int n = 1 + ((data[3] & 0xff) | (data[4] & 0xff) << 8);
        ByteSource src = ByteSource.of(data, "fuzz.wrapped");
        PcoWrapped.Result<org.packscope.codec.pco.ChunkMeta> meta = PcoWrapped.chunkMeta(src, 5, data.length - 5, version, type, null);
        visit(PcoWrapped.chunkMetaNode("meta", src, 5, data.length - 5, version, type), new int[] {MAX_NODES});
        if (!meta.ok()) return;
        long page = (meta.endBit() + 7) >>> 3;
        visit(PcoWrapped.pageNode("page", meta.value(), src, page, data.length - page, n), new int[] {MAX_NODES});
        PcoWrapped.decodePage(meta.value(), src, page, data.length - page, n);
    }

    private static void visit(Node n, int[] budget) {
        if (budget[0]-- <= 0) return;
        FieldExplainer x = n.facet(FieldExplainer.class);
        for (Field f : n.fields()) {
            if (x == null || x.explain(f) == null) throw new AssertionError(n.path() + ": field " + f.name() + " unexplained");
            if (f.span() != null && f.span().endBit() > n.source().size() * 8) {
                throw new AssertionError(n.path() + ": field " + f.name() + " " + f.span() + " beyond the data");
            }
        }
        ValueColumn c = n.values();
        if (c != null && c.count() > 0) {
            ValueTracer t = n.facet(ValueTracer.class);
            if (t == null) throw new AssertionError(n.path() + ": column without tracer");
            for (long k : new long[] {0, Math.min(c.count() - 1, 5), c.count() / 2, c.count() - 1}) {
                String want = c.text(k);
                Trace tr = t.trace(k, Progress.NONE);
                if (!want.equals(tr.value())) throw new AssertionError(n.path() + " value " + k + ": trace " + tr.value() + " vs " + want);
                for (Trace.Step s : tr.steps()) {
                    if (s.span() != null && s.span().endBit() > s.source().size() * 8) {
                        throw new AssertionError(n.path() + " value " + k + ": step " + s.title() + " " + s.span() + " beyond the data");
                    }
                    if (s.explanation().contains("disagrees")) throw new AssertionError(n.path() + " value " + k + ": " + s.explanation());
                }
            }
        }
        List<Node> kids = n.children();
        int size = kids.size();
        for (int i = 0; i < size && budget[0] > 0; i++) {
            if (size > 12 && i == 8) i = size - 4;
            visit(kids.get(i), budget);
        }
    }
}
