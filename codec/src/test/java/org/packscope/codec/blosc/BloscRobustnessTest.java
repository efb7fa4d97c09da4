package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;

/** Seeded random damage to every fixture chunk: nothing may throw, whatever the bytes. */
class BloscRobustnessTest {

    @Test
    void damagedChunksNeverThrow() throws Exception {
        Random r = new Random(2024);
        List<String> names = BloscFixtureTest.names().toList();
        int runs = 0;
        for (String name : names) {
            byte[] good = Files.readAllBytes(BloscFixtureTest.DIR.resolve(name + ".blosc"));
            for (int k = 0; k < 24; k++) {
                byte[] b = damage(good, r);
                exercise(b);
                runs++;
            }
        }
        assertEquals(names.size() * 24, runs);
    }

    static byte[] damage(byte[] good, Random r) {
        byte[] b = good.clone();
        switch (r.nextInt(4)) {
            case 0 -> { // flip a few bits anywhere
                for (int i = 0; i < 1 + r.nextInt(4) && b.length > 0; i++) b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
            }
            case 1 -> { // damage the header or bstarts
                for (int i = 0; i < 2 && b.length > 0; i++) b[r.nextInt(Math.min(b.length, 40))] = (byte) r.nextInt(256);
            }
            case 2 -> b = java.util.Arrays.copyOf(b, r.nextInt(b.length + 1));
            default -> { // overwrite a run with noise
                if (b.length > 16) {
                    int at = 16 + r.nextInt(b.length - 16);
                    for (int i = at; i < Math.min(b.length, at + 1 + r.nextInt(64)); i++) b[i] = (byte) r.nextInt(256);
                }
            }
        }
        return b;
    }

    static void exercise(byte[] b) {
        Node n = Node.of("x", "blosc-chunk");
        BloscFormat.fillRawChunk(n, ByteSource.of(b, "x"), "x");
        n.fields();
        for (DataTable t : n.tables()) t.rows();
        for (int i = 0; i < Math.min(n.childCount(), 4); i++) {
            Node c = n.children().get(i);
            c.fields();
            Verifier v = c.facet(Verifier.class);
            if (v != null) v.verify(d -> { }, Progress.NONE);
        }
        List<Diagnostic> sink = new ArrayList<>();
        Verifier v = n.facet(Verifier.class);
        if (v != null) v.verify(sink::add, Progress.NONE);
        BulkDecoder bd = n.facet(BulkDecoder.class);
        if (bd != null) bd.decodeAll(Progress.NONE);
        ValueColumn col = n.values();
        if (col != null && col.count() > 0) {
            int len = (int) Math.min(col.count(), 64);
            byte[] raw = new byte[len * col.type().byteWidth()];
            col.readRaw(col.count() - len, len, raw, 0);
            if (col.type().numeric()) col.read(0, new long[len], 0, len);
        }
    }
}
