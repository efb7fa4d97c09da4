package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Random bit flips and cuts never make an exception escape the reader, the tree, the values or the verifier. */
class PcoMutationTest {

    @ParameterizedTest
    @ValueSource(strings = {"v1_0/dict_f64_10vals_nan", "v1_0/conv1_u8_near_zero_o3", "v0_4/lookback_f64_daily24",
            "v0_4/multichunk_f32_10x1000", "v1_0/floatmult_f64_price_walk", "v1_0/intmult_u8_x5", "v0_4/smooth_i64_cubic_o3"})
    void mutatedFilesNeverThrow(String fixture) {
        byte[] orig = Fixtures.bytes(Fixtures.resource("fixtures/pco/" + fixture + ".pco"));
        Random rnd = new Random(fixture.hashCode());
        for (int round = 0; round < 60; round++) {
            byte[] b = orig.clone();
            int flips = 1 + rnd.nextInt(4);
            for (int i = 0; i < flips; i++) {
                int pos = 4 + rnd.nextInt(b.length - 4);
                b[pos] ^= (byte) (1 << rnd.nextInt(8));
            }
            if (rnd.nextInt(5) == 0) b = Arrays.copyOf(b, rnd.nextInt(b.length));
            exercise(b);
        }
    }

    private static void exercise(byte[] b) {
        Node root = PcoNodes.file("fuzz.pco", ByteSource.of(b, "fuzz.pco"));
        root.summary();
        assertNotNull(root.diagnostics());
        List<Diagnostic> found = new ArrayList<>();
        Verifier v = root.facet(Verifier.class);
        if (v != null) v.verify(found::add, Progress.NONE);
        ValueColumn col = root.values();
        if (col != null && col.count() > 0) {
            long[] dst = new long[(int) Math.min(col.count(), 5000)];
            col.read(0, dst, 0, dst.length);
            col.read(col.count() - 1, dst, 0, 1);
        }
        for (Node c : root.children()) {
            c.fields();
            for (Node g : c.children()) {
                g.fields();
                if (g.name().equals("page") && g.childCount() > 0) {
                    g.children().get(0).fields();
                    g.children().get(g.childCount() - 1).fields();
                }
            }
        }
        walkForUnreadable(root);
    }

    private static void walkForUnreadable(Node n) {
        for (Diagnostic d : n.diagnostics()) {
            if (d.rule().equals("unreadable")) throw new AssertionError("loader failed: " + d.message());
        }
        if (n.isDrillDown()) return;
        for (Node c : n.children()) walkForUnreadable(c);
    }
}
