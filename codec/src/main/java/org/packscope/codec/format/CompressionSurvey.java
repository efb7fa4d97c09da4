package org.packscope.codec.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.packscope.codec.compress.TrialCodec;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * "How would this compress?": someone's own numbers encoded and decoded by every setting
 * every {@link TrialCodec} offers, with the size, ratio and speed of each and whether the
 * decode gave back every byte. Big columns are surveyed on a sample (runs of consecutive
 * values spread over the whole column, so that what neighbours share still counts), and
 * the result says so.
 */
public final class CompressionSurvey {
    /** Bytes of values surveyed at most by default: enough for a ratio to settle, quick to encode many ways. */
    public static final long DEFAULT_SAMPLE_BYTES = 8L << 20;
    /** Runs of consecutive values a sample is taken as. */
    static final int SAMPLE_RUNS = 64;
    /** Time spent timing one way at least, in repeats of it (the best is kept). */
    private static final long TIMING_NANOS = 50_000_000L;
    private static final int MAX_REPEATS = 20;
    private static final int MIN_REPEATS = 3;

    /**
     * One setting tried: sizes, speeds (MB/s of raw data), whether the decode gave back every
     * byte, and the suffix of the file its encoding is (null: a bare stream, no file to open).
     */
    public record Row(String family, String setting, long rawBytes, long encodedBytes, double encodeMBps, double decodeMBps, boolean exact,
                      String fileSuffix) {
        public double ratio() { return encodedBytes == 0 ? 0 : (double) rawBytes / encodedBytes; }

        /** Whether the encoded result is a file PackScope opens. */
        public boolean openable() { return fileSuffix != null; }
    }

    /** The survey of a column: its values, those surveyed (fewer when sampled), its type, the rows smallest first. */
    public record Result(long values, long surveyed, ValueType type, List<Row> rows) {
        public boolean sampled() { return surveyed < values; }
    }

    private CompressionSurvey() { }

    /**
     * Surveys {@code column} (numbers of a fixed width), sampling it down to {@code maxBytes}.
     *
     * @throws IllegalArgumentException for a column of text or of no fixed-width numbers
     */
    public static Result of(ValueColumn column, long maxBytes, Progress progress) {
        ValueType t = column.type();
        if (!t.numeric() || t.byteWidth() <= 0) throw new IllegalArgumentException("the values are not numbers of a fixed width (" + t.label() + ")");
        int w = t.byteWidth();
        long count = column.count();
        long surveyed = Math.min(count, Math.max(1, maxBytes / w));
        byte[] raw = sample(column, surveyed, w, progress);
        List<TrialCodec> codecs = TrialCodec.all();
        int total = 0;
        for (TrialCodec c : codecs) total += c.settings(w, t.kind() == ValueType.Kind.FLOAT).size();
        List<Row> rows = new ArrayList<>();
        int done = 0;
        for (TrialCodec c : codecs) {
            for (String s : c.settings(w, t.kind() == ValueType.Kind.FLOAT)) {
                progress.checkCancelled();
                progress.update((double) done++ / total, "trying " + c.family() + " " + s);
                rows.add(trial(c, s, raw, w));
            }
        }
        rows.sort(Comparator.comparingLong(Row::encodedBytes));
        return new Result(count, surveyed, t, List.copyOf(rows));
    }

    /**
     * What {@code row}'s setting makes of the values {@link #of} surveyed (the same sample,
     * taken again), for opening the encoded result as a file of its own.
     *
     * @throws IllegalArgumentException when no trial codec offers the row's setting
     */
    public static byte[] encodedSample(ValueColumn column, long maxBytes, Row row, Progress progress) {
        int w = column.type().byteWidth();
        boolean floating = column.type().kind() == ValueType.Kind.FLOAT;
        for (TrialCodec c : TrialCodec.all()) {
            if (c.family().equals(row.family()) && c.settings(w, floating).contains(row.setting())) {
                byte[] raw = sample(column, Math.min(column.count(), Math.max(1, maxBytes / w)), w, progress);
                progress.update(0.9, "encoding with " + row.family() + " " + row.setting());
                return c.encode(raw, w, row.setting());
            }
        }
        throw new IllegalArgumentException("no codec offers " + row.family() + " " + row.setting());
    }

    /** {@code n} of the column's values as raw bytes: all of them, or SAMPLE_RUNS runs spread evenly over it. */
    static byte[] sample(ValueColumn column, long n, int w, Progress progress) {
        byte[] raw = new byte[(int) (n * w)];
        long count = column.count();
        int runs = n == count ? 1 : (int) Math.min(SAMPLE_RUNS, n);
        long at = 0;
        for (int r = 0; r < runs; r++) {
            long len = n / runs + (r < n % runs ? 1 : 0);
            long start = runs == 1 ? 0 : (count - len) * r / (runs - 1);
            for (long i = 0; i < len; ) {
                progress.checkCancelled();
                int page = (int) Math.min(1 << 16, len - i);
                column.readRaw(start + i, page, raw, (int) ((at + i) * w));
                i += page;
            }
            at += len;
        }
        return raw;
    }

    private static Row trial(TrialCodec c, String setting, byte[] raw, int w) {
        byte[][] encoded = new byte[1][];
        double encodeNanos = best(() -> encoded[0] = c.encode(raw, w, setting));
        byte[] back = new byte[raw.length];
        double decodeNanos = best(() -> c.decode(encoded[0], back, w, setting));
        return new Row(c.family(), setting, raw.length, encoded[0].length, raw.length / 1e6 / (encodeNanos / 1e9),
                raw.length / 1e6 / (decodeNanos / 1e9), Arrays.equals(raw, back), c.fileSuffix(setting));
    }

    /**
     * The best time of {@code work} over repeats that take about TIMING_NANOS together, and
     * at least {@link #MIN_REPEATS}: a first run is often the JIT's (a vector loop runs
     * interpreted at a few MB/s until it is compiled), not the codec's.
     */
    private static double best(Runnable work) {
        long best = Long.MAX_VALUE;
        long spent = 0;
        for (int i = 0; i < MAX_REPEATS && (i < MIN_REPEATS || spent < TIMING_NANOS); i++) {
            long t0 = System.nanoTime();
            work.run();
            long t = Math.max(1, System.nanoTime() - t0);
            best = Math.min(best, t);
            spent += t;
        }
        return best;
    }
}
