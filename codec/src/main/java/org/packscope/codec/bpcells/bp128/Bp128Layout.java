package org.packscope.codec.bpcells.bp128;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.packscope.codec.inspect.Rule;

/**
 * Where each chunk of a BP128 stream starts in its data array, and its bit width,
 * resolved from the {@code idx} array (word offsets modulo 2^32) and the
 * {@code idx_offsets} array (chunk indices at which idx wrapped past 2^32). Built once,
 * immutable, shared by the inspector and the fast path so they cannot disagree.
 * A chunk whose bookkeeping is inconsistent has width -1 and is reported as a problem.
 */
public final class Bp128Layout {

    /** A bookkeeping problem: {@code array} is "idx", "idx_offsets" or "data"; element is an index in it. */
    public record Problem(String array, long element, Rule rule, String message) { }

    /**
     * The chunk the end of the data cuts through: its width (from idx) and how many of its
     * first values have all their bits before that end, so still decode. A D1/D1Z value
     * needs every value before it, so only a prefix counts, never a later lane's values.
     */
    public record Cut(int chunk, int bits, int values) { }

    private final long valueCount;
    private final int chunks;
    private final long[] wordStart;
    private final byte[] bits;
    private final long dataWords;
    private final List<Problem> problems;
    private final Cut cut;

    private Bp128Layout(long valueCount, int chunks, long[] wordStart, byte[] bits, long dataWords, List<Problem> problems, Cut cut) {
        this.cut = cut;
        this.valueCount = valueCount;
        this.chunks = chunks;
        this.wordStart = wordStart;
        this.bits = bits;
        this.dataWords = dataWords;
        this.problems = Collections.unmodifiableList(problems);
    }

    /** Chunks needed for {@code values} values. */
    public static long chunksFor(long values) { return (values + Bp128.CHUNK - 1) / Bp128.CHUNK; }

    /**
     * Resolves the layout. {@code idx} holds raw uint32 words; {@code idxOffsets} may be
     * null (v1 streams have none). {@code valueCount} is the number of real values (nnz);
     * only {@code ceil(valueCount/128)} chunks are used even if idx is longer.
     */
    public static Bp128Layout resolve(int[] idx, long[] idxOffsets, long dataWords, long valueCount) {
        List<Problem> problems = new ArrayList<>();
        long need = chunksFor(valueCount);
        int chunks = (int) Math.min(need, Math.max(0, idx.length - 1));
        if (idx.length != need + 1) {
            problems.add(new Problem("idx", Math.min(idx.length, need + 1), Bp128Rules.IDX_LENGTH,
                    "idx has " + idx.length + " entries but " + need + " chunks of 128 values need " + (need + 1)
                            + (idx.length < need + 1 ? "; values beyond chunk " + chunks + " cannot be located" : "")));
        }
        long[] high = highParts(idxOffsets, idx.length, problems);
        long[] start = new long[chunks + 1];
        byte[] width = new byte[chunks];
        Cut cut = null;
        for (int k = 0; k <= chunks && k < idx.length; k++) start[k] = (idx[k] & 0xffffffffL) + high[k];
        if (idx.length > 0 && start[0] != 0) {
            problems.add(new Problem("idx", 0, Bp128Rules.IDX_START, "idx[0] is " + start[0] + ", must be 0"));
        }
        for (int k = 0; k < chunks; k++) {
            long d = start[k + 1] - start[k];
            String bad = null;
            if (d < 0) bad = "idx decreases from " + start[k] + " to " + start[k + 1];
            else if (d % Bp128.LANES != 0) bad = "chunk spans " + d + " words, not a multiple of 4";
            else if (d > Bp128.LANES * 32L) bad = "chunk spans " + d + " words, more than 128 (32 bits per value)";
            else if (start[k + 1] > dataWords) bad = "chunk ends at word " + start[k + 1] + " but data has only " + dataWords + " words";
            if (bad != null) {
                width[k] = -1;
                Rule rule = start[k + 1] > dataWords && d >= 0 && d % 4 == 0 && d <= 128 ? Bp128Rules.DATA_SHORT : Bp128Rules.BAD_CHUNK_WIDTH;
                long element = rule == Bp128Rules.DATA_SHORT ? Math.min(dataWords, start[k]) : k + 1;
                if (rule == Bp128Rules.DATA_SHORT && start[k] < dataWords && start[k] >= 0) {
                    int b = (int) (d / Bp128.LANES);
                    int values = prefixBefore(b, (int) (dataWords - start[k]), (int) Math.min(Bp128.CHUNK, valueCount - (long) k * Bp128.CHUNK));
                    cut = new Cut(k, b, values);
                    // the damage is where the data ends: the first value lost has bits there or beyond
                    element = dataWords;
                    bad += "; its first " + values + " of " + Math.min(Bp128.CHUNK, valueCount - (long) k * Bp128.CHUNK)
                            + " values decode, the rest (from value " + values + " on) are lost";
                }
                problems.add(new Problem(rule == Bp128Rules.DATA_SHORT ? "data" : "idx", element, rule, "chunk " + k + ": " + bad));
            } else {
                width[k] = (byte) (d / Bp128.LANES);
            }
        }
        if (chunks > 0 && start[chunks] >= 0 && start[chunks] < dataWords) {
            problems.add(new Problem("data", start[chunks], Bp128Rules.DATA_TRAILING,
                    (dataWords - start[chunks]) + " words after the last chunk are not used"));
        }
        return new Bp128Layout(valueCount, chunks, start, width, dataWords, problems, cut);
    }

    /** How many of a chunk's first {@code values} values (width {@code bits}) lie wholly in its first {@code words} words. */
    static int prefixBefore(int bits, int words, int values) {
        for (int v = 0; v < values; v++) {
            Bp128.Position p = Bp128.position(v, bits);
            if (Math.max(p.word(), p.nextWord()) >= words) return v;
        }
        return values;
    }

    /** The amount added to each idx entry: i * 2^32 for entries in [offsets[i], offsets[i+1]). */
    private static long[] highParts(long[] offsets, int idxLength, List<Problem> problems) {
        long[] high = new long[idxLength];
        if (offsets == null) return high;
        if (offsets.length == 0 || offsets[0] != 0) {
            problems.add(new Problem("idx_offsets", 0, Bp128Rules.IDX_OFFSETS_START,
                    offsets.length == 0 ? "idx_offsets is empty; expected [0, ..., " + idxLength + "]"
                            : "idx_offsets[0] is " + Long.toUnsignedString(offsets[0]) + ", must be 0"));
            return high;
        }
        long last = offsets[offsets.length - 1];
        if (last != idxLength) {
            problems.add(new Problem("idx_offsets", offsets.length - 1, Bp128Rules.IDX_OFFSETS_SENTINEL,
                    "idx_offsets ends with " + Long.toUnsignedString(last) + ", expected the idx length " + idxLength));
        }
        for (int i = 0; i + 1 < offsets.length; i++) {
            long from = offsets[i];
            long to = offsets[i + 1];
            if (Long.compareUnsigned(to, from) < 0) {
                problems.add(new Problem("idx_offsets", i + 1, Bp128Rules.IDX_OFFSETS_ORDER,
                        "idx_offsets decreases from " + Long.toUnsignedString(from) + " to " + Long.toUnsignedString(to)));
                break;
            }
            long add = (long) i << 32;
            // offsets are unsigned: a huge one (negative as a long) lies past every idx entry
            int lo = Long.compareUnsigned(from, idxLength) < 0 ? (int) from : idxLength;
            int hi = Long.compareUnsigned(to, idxLength) < 0 ? (int) to : idxLength;
            for (int k = lo; k < hi; k++) high[k] = add;
        }
        return high;
    }

    public long valueCount() { return valueCount; }

    /** Chunks this layout can locate (fewer than needed when idx is short). */
    public int chunks() { return chunks; }

    /** Chunks the value count needs. */
    public long chunksNeeded() { return chunksFor(valueCount); }

    public long dataWords() { return dataWords; }

    /** First data word of chunk {@code k}; {@code k == chunks()} gives the end. */
    public long wordStart(int k) { return wordStart[k]; }

    /** Bits per value of chunk {@code k}, or -1 for a chunk whose bookkeeping is broken. */
    public int bits(int k) { return bits[k]; }

    /** The widths array itself, for {@link Bp128#decodeRun}'s loop (never written). */
    byte[] widths() { return bits; }

    /** The word starts array itself (chunks + 1 entries), for {@link Bp128#decodeRun}'s loop (never written). */
    long[] wordStarts() { return wordStart; }

    public boolean usable(int k) { return k >= 0 && k < chunks && bits[k] >= 0; }

    /** The chunk the data's end cuts through, or null (whole chunks only, or none past the end). */
    public Cut cut() { return cut; }

    /** Values at the start of chunk {@code k} that decode: all of a usable chunk, a prefix of the cut one, else 0. */
    public int decodableValues(int k) {
        if (usable(k)) return valuesIn(k);
        return cut != null && cut.chunk == k ? cut.values : 0;
    }

    /** Values actually stored in chunk {@code k}: 128, or fewer in the last (padded) chunk. */
    public int valuesIn(int k) { return (int) Math.min(Bp128.CHUNK, valueCount - (long) k * Bp128.CHUNK); }

    /** Number of chunks of each width 0..32 (broken chunks not counted). */
    public long[] widthHistogram() {
        long[] h = new long[33];
        for (int k = 0; k < chunks; k++) if (bits[k] >= 0) h[bits[k]]++;
        return h;
    }

    public List<Problem> problems() { return problems; }
}
