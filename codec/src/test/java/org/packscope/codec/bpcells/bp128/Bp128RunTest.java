package org.packscope.codec.bpcells.bp128;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.packscope.codec.testing.PureJavaRerun;

/**
 * {@link Bp128#decodeRun}, the bulk read's loop over whole chunks, against {@link Bp128#decode}
 * chunk by chunk: with the scalar routines, with the vector routines at every width (when the
 * module is there), and as the bulk read calls it. Streams mix every width 0..32 in runs of equal
 * widths and in alternation, end in a partial chunk, and stop the run where a chunk is broken,
 * has no start, or leaves the window.
 */
@PureJavaRerun
class Bp128RunTest {
    private static final boolean MODULE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    /** A stream's packed words, its layout (its idx written as BPCells does) and starts. */
    private record Stream(int[] data, Bp128Layout layout, int[] starts, int[] widths) { }

    private static Stream stream(Random r, int[] widths, long values) {
        int[] idx = new int[widths.length + 1];
        for (int k = 0; k < widths.length; k++) idx[k + 1] = idx[k] + 4 * widths[k];
        int[] data = new int[idx[widths.length]];
        for (int k = 0; k < widths.length; k++) {
            int[] words = Bp128Test.pack(Bp128Test.random(r, widths[k]), widths[k]);
            System.arraycopy(words, 0, data, idx[k], words.length);
        }
        int[] starts = new int[widths.length];
        for (int k = 0; k < starts.length; k++) starts[k] = r.nextInt();
        return new Stream(data, Bp128Layout.resolve(idx, null, data.length, values), starts, widths);
    }

    /** Every width, each in a run of 3 and then all alternating, ending on a partial chunk. */
    private static int[] mixedWidths(Random r) {
        int[] w = new int[33 * 3 + 66];
        int n = 0;
        for (int b = 0; b <= 32; b++) for (int i = 0; i < 3; i++) w[n++] = b;
        for (int i = 0; i < 66; i++) w[n++] = r.nextInt(33);
        return w;
    }

    private static int[] chunkByChunk(Bp128Variant variant, Stream s, int from, int count) {
        int[] out = new int[count * Bp128.CHUNK];
        for (int c = 0; c < count; c++) {
            Bp128.decode(variant, s.layout().bits(from + c), s.starts()[from + c], s.data(), (int) s.layout().wordStart(from + c),
                    out, c * Bp128.CHUNK);
        }
        return out;
    }

    private static Bp128.Routines[] routines() {
        return MODULE ? Bp128.Routines.values() : new Bp128.Routines[] {Bp128.Routines.SCALAR, Bp128.Routines.WARM};
    }

    @ParameterizedTest
    @EnumSource(Bp128Variant.class)
    void aRunDecodesEveryWidthAsChunkByChunk(Bp128Variant variant) {
        Random r = new Random(variant.ordinal() + 31);
        int[] widths = mixedWidths(r);
        long values = (long) widths.length * Bp128.CHUNK - 77; // the last chunk is padded
        Stream s = stream(r, widths, values);
        int[] want = chunkByChunk(variant, s, 0, widths.length);
        for (Bp128.Routines how : routines()) {
            for (int round = 0; round < 3; round++) { // WARM: before and after widths are warmed
                int[] out = new int[widths.length * Bp128.CHUNK + 5];
                Arrays.fill(out, 0x5a5a5a5a);
                int n = Bp128.decodeRun(variant, s.layout(), s.starts(), 0, widths.length, s.data(), 0, s.data().length, out, 5, how);
                assertEquals(widths.length, n, how + " decodes every chunk");
                assertArrayEquals(want, Arrays.copyOfRange(out, 5, out.length), variant + " " + how);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Bp128Variant.class)
    void aRunStopsWhereTheWindowEndsAndResumesInTheNext(Bp128Variant variant) {
        Random r = new Random(variant.ordinal() + 47);
        int[] widths = mixedWidths(r);
        Stream s = stream(r, widths, (long) widths.length * Bp128.CHUNK);
        int[] want = chunkByChunk(variant, s, 0, widths.length);
        for (Bp128.Routines how : routines()) {
            int[] out = new int[widths.length * Bp128.CHUNK];
            int c = 0;
            while (c < widths.length) {
                // a window from chunk c's first word, cutting the chunk 5 chunks later short by one word
                long ws = s.layout().wordStart(c);
                int cut = Math.min(widths.length, c + 5);
                int len = (int) (s.layout().wordStart(cut) - ws) - (cut < widths.length && widths[cut - 1] > 0 ? 1 : 0);
                int[] window = Arrays.copyOfRange(s.data(), (int) ws, (int) ws + len);
                int n = Bp128.decodeRun(variant, s.layout(), s.starts(), c, widths.length, window, ws, len, out, c * Bp128.CHUNK, how);
                int expect = cut - c - (cut < widths.length && widths[cut - 1] > 0 ? 1 : 0);
                assertEquals(expect, n, "chunks wholly in the window from chunk " + c + ", " + how);
                if (n == 0) { // a chunk the window cannot hold: the caller takes it one at a time
                    Bp128.decode(variant, widths[c], s.starts()[c], s.data(), (int) ws, out, c * Bp128.CHUNK);
                    n = 1;
                }
                c += n;
            }
            assertArrayEquals(want, out, variant + " " + how);
        }
    }

    @ParameterizedTest
    @EnumSource(Bp128Variant.class)
    void aRunStopsBeforeABrokenChunkAndAMissingStart(Bp128Variant variant) {
        Random r = new Random(variant.ordinal() + 5);
        int[] widths = {8, 8, 9, 8, 16, 16, 5, 31};
        Stream good = stream(r, widths, widths.length * 128L);
        int[] idx = new int[widths.length + 1];
        for (int k = 0; k < widths.length; k++) idx[k + 1] = idx[k] + 4 * widths[k];
        idx[4] += 2; // chunk 3 spans a width that is not a multiple of 4 words, chunk 4 starts mid-lane
        Bp128Layout broken = Bp128Layout.resolve(idx, null, good.data().length, widths.length * 128L);
        assertEquals(-1, broken.bits(3));
        for (Bp128.Routines how : routines()) {
            int[] out = new int[widths.length * Bp128.CHUNK];
            assertEquals(3, Bp128.decodeRun(variant, broken, good.starts(), 0, widths.length, good.data(), 0, good.data().length, out, 0, how));
            assertArrayEquals(chunkByChunk(variant, good, 0, 3), Arrays.copyOf(out, 3 * Bp128.CHUNK), variant + " " + how);
            int[] fewStarts = Arrays.copyOf(good.starts(), 2);
            int expect = variant.usesStarts() ? 2 : widths.length;
            assertEquals(expect, Bp128.decodeRun(variant, good.layout(), fewStarts, 0, widths.length, good.data(), 0, good.data().length, out, 0, how));
            assertEquals(0, Bp128.decodeRun(variant, good.layout(), good.starts(), widths.length, widths.length + 3, good.data(), 0, good.data().length, out, 0, how),
                    "no chunks past the layout's");
            assertEquals(2, Bp128.decodeRun(variant, good.layout(), good.starts(), 0, widths.length, good.data(), 0, good.data().length, out, out.length - 2 * 128 - 1, how),
                    "no more chunks than fit in out");
        }
    }
}
