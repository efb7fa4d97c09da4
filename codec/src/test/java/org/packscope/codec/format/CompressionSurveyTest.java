package org.packscope.codec.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * The survey on columns whose answers are known: every setting of every trial codec gives
 * back every byte, the zlib rows are the sizes java.util.zip makes of the same bytes, a
 * ramp compresses better byte-shuffled, a big column is sampled as runs of consecutive
 * values spread from its first value to its last, and text is refused.
 */
class CompressionSurveyTest {

    /** int32 values {@code i * step + (i % 7)}: a ramp with a little jitter. */
    private static ValueColumn ramp(long count, int step) {
        return new ValueColumn() {
            @Override public String name() { return "ramp"; }
            @Override public ValueType type() { return ValueType.I32; }
            @Override public long count() { return count; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = (start + i) * step + (start + i) % 7;
            }
        };
    }

    @Test
    void everySettingGivesBackEveryByteAndZlibSizesAreJavaUtilZips() {
        ValueColumn col = ramp(200_000, 3);
        CompressionSurvey.Result r = CompressionSurvey.of(col, CompressionSurvey.DEFAULT_SAMPLE_BYTES, Progress.NONE);
        assertFalse(r.sampled());
        assertEquals(200_000, r.surveyed());
        Set<String> families = new TreeSet<>();
        for (CompressionSurvey.Row row : r.rows()) {
            families.add(row.family());
            assertTrue(row.exact(), row.setting());
            assertEquals(800_000, row.rawBytes());
            assertTrue(row.encodeMBps() > 0 && row.decodeMBps() > 0, row.toString());
        }
        // 32-bit integers: BPCells' four BP128 variants are tried too
        assertEquals(Set.of("BP128", "Blosc", "Pco", "stream"), families);
        assertEquals(18 + 4 + 7 + 4 + 3, r.rows().size());
        for (int i = 1; i < r.rows().size(); i++) assertTrue(r.rows().get(i - 1).encodedBytes() <= r.rows().get(i).encodedBytes());
        byte[] raw = CompressionSurvey.sample(col, 200_000, 4, Progress.NONE);
        for (int level : new int[] {1, 6, 9}) {
            Deflater d = new Deflater(level);
            d.setInput(raw);
            d.finish();
            byte[] out = new byte[raw.length * 2];
            long n = 0;
            while (!d.finished()) n += d.deflate(out);
            d.end();
            assertEquals(n, row(r, "zlib level " + level).encodedBytes(), "zlib level " + level);
        }
        // the ramp's high bytes repeat: side by side after a byte shuffle they compress far better
        assertTrue(row(r, "zstd · byte shuffle · level 5").encodedBytes() < row(r, "zstd · no shuffle · level 5").encodedBytes());
    }

    private static CompressionSurvey.Row row(CompressionSurvey.Result r, String setting) {
        return r.rows().stream().filter(x -> x.setting().equals(setting)).findFirst().orElseThrow();
    }

    @Test
    void aBigColumnIsSampledAsRunsFromItsFirstValueToItsLast() {
        long count = 3_000_000;
        ValueColumn col = ramp(count, 1);
        byte[] raw = CompressionSurvey.sample(col, 262_144, 4, Progress.NONE);
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        int runs = 1;
        long first = b.getInt(0), last = 0;
        assertEquals(0, first, "the sample starts at the first value");
        long prevIndex = 0;
        for (int i = 1; i < 262_144; i++) {
            long index = indexOf(b.getInt(4 * i));
            long before = indexOf(b.getInt(4 * (i - 1)));
            if (index != before + 1) runs++;
            prevIndex = index;
            last = index;
        }
        assertEquals(CompressionSurvey.SAMPLE_RUNS, runs);
        assertEquals(count - 1, last, "the sample ends at the last value");
        assertTrue(prevIndex > 0);
        CompressionSurvey.Result r = CompressionSurvey.of(col, 1 << 20, Progress.NONE);
        assertTrue(r.sampled());
        assertEquals(262_144, r.surveyed());
        assertEquals(count, r.values());
    }

    /** The index whose ramp(…, 1) value is {@code v}: v = i + i % 7. */
    private static long indexOf(int v) {
        for (long i = Math.max(0, v - 6); i <= v; i++) if (i + i % 7 == v) return i;
        throw new AssertionError(v);
    }

    @Test
    void textIsRefused() {
        ValueColumn text = ValueColumn.texts("names", List.of("a", "b"));
        assertThrows(IllegalArgumentException.class, () -> CompressionSurvey.of(text, 1 << 20, Progress.NONE));
    }
}
