package org.packscope.codec.pco;

import org.packscope.codec.io.ArraySource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.ReadRules;
import org.packscope.codec.read.Recorder;

/**
 * Decodes one page, batch by batch (256 numbers), from a byte array that has at
 * least {@link #PADDING} zero bytes after the real data. The hot loops read
 * little-endian long words and keep the four interleaved tANS states in locals.
 * Not thread-safe: one instance per decoding thread.
 */
public final class PageDecoder {
    /** Zero bytes the data array must carry past its real end (one latent-var batch can overshoot ~2.5 KB). */
    public static final int PADDING = 4096;
    static final int BATCH = 256;

    private final ChunkMeta meta;
    private final byte[] data;
    private final long limitBits;
    private final int n;
    private long bit;
    private int remaining;
    private final long pageStartBit;
    private final long bodyStartBit;

    private final PageLatents dv;
    private final PageLatents pv;
    private final PageLatents sv;
    private final int chunkStateN;
    private BatchTrace trace;
    private int produced;
    private final boolean direct;
    /** Direct, and every latent already is its number's raw bits (unsigned, no bin reaches past the type). */
    private final boolean directUnmapped;

    /**
     * Reads the page metadata at {@code startBit}. {@code limitBytes} is how many bytes
     * of {@code data} are real. Throws a {@link ReadProblem} on corruption.
     */
    public PageDecoder(ChunkDecoder cd, byte[] data, long limitBytes, long startBit, int n, Recorder recorder) {
        this.meta = cd.meta;
        this.data = data;
        this.limitBits = limitBytes * 8;
        this.n = n;
        this.remaining = n;
        this.pageStartBit = startBit;
        if (data.length < limitBytes + PADDING) throw new IllegalArgumentException("data array lacks padding");
        FieldReader r = new FieldReader(new ArraySource(data, 0, (int) limitBytes, "page"), startBit, limitBytes * 8, recorder);
        this.chunkStateN = meta.stateN(LatentVar.Role.PRIMARY);
        this.dv = meta.delta() == null ? null : new PageLatents(meta, cd.deltaTable, meta.delta(), r, n);
        this.pv = new PageLatents(meta, cd.primaryTable, meta.primary(), r, n);
        this.sv = meta.secondary() == null ? null : new PageLatents(meta, cd.secondaryTable, meta.secondary(), r, n);
        r.alignZeros("page.padding", "the page metadata");
        this.bit = r.bit();
        this.bodyStartBit = bit;
        this.direct = meta.mode() instanceof Mode.Classic && meta.deltaEncoding() instanceof DeltaEncoding.None;
        this.directUnmapped = direct && latentsAreRaw(meta.type(), meta.primary());
        for (PageLatents v : new PageLatents[] {dv, pv, sv}) {
            int nInBody = nInBody(v);
            if (nInBody > 0 && v.table.nBins == 0) {
                throw PcoRules.problem(PcoRules.NO_BINS, startBit, "the " + v.role.label + " latent has no bins but the page holds "
                        + nInBody + " latents");
            }
        }
    }

    /** Latents of {@code v} in the page body: the delta variable has one wherever the primary does; a secondary without delta has n. */
    private int nInBody(PageLatents v) {
        return v == null ? 0 : Math.max(0, n - (v == dv ? chunkStateN : v.stateN));
    }

    public int n() { return n; }

    public int remaining() { return remaining; }

    /** Absolute bit position of the next unread bit. */
    public long bitPosition() { return bit; }

    public long pageStartBit() { return pageStartBit; }

    public long bodyStartBit() { return bodyStartBit; }

    void trace(BatchTrace t) { this.trace = t; }

    /**
     * Numbers written to the output so far. The page's closing padding is checked after
     * the last batch is written, so a failure there leaves every number decoded.
     */
    int produced() { return produced; }

    /**
     * Decodes the next batch into {@code out[off..]} as raw value bits; returns how many
     * numbers were written (0 at the end of the page).
     */
    public int decodeBatch(long[] out, int off) {
        return batch(out, off, false);
    }

    /** Walks the next batch's bits without producing numbers (to find where a page ends). */
    public int skipBatch() {
        return batch(null, 0, true);
    }

    /**
     * Walks the rest of the page; a page whose every latent has one bin and so a fixed
     * width (a constant run: no bits at all) is stepped over at once, whatever it claims.
     */
    public void skipAll() {
        // the count is held to the bits present before any batch is walked: a few bytes may claim 2^24 numbers
        // (decoding goes batch by batch instead, so the numbers before a cut still decode)
        long leastBits = 0;
        for (PageLatents v : new PageLatents[] {dv, pv, sv}) if (v != null) leastBits += (long) nInBody(v) * v.table.minLatentBits;
        if (remaining == n && leastBits > limitBits - bit) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: its " + n + " numbers take at least "
                    + leastBits + " bits from bit " + bit + ", but the data ends at bit " + limitBits);
        }
        if (remaining == n && trace == null && fixedWidth(dv) && fixedWidth(pv) && fixedWidth(sv)) {
            bit += leastBits;
            remaining = 0;
            finish();
            return;
        }
        while (remaining > 0) skipBatch();
    }

    private static boolean fixedWidth(PageLatents v) { return v == null || v.table.nBins <= 1; }

    /**
     * Whether every batch after the first decodes as surely as the first: each latent has
     * one bin (no bits decide anything), the delta is none or consecutive (no lookback that
     * may point outside later) and the mode is no dictionary. Checking such a page decodes
     * one batch and walks the rest ({@link #skipAll}); 2,000 pages claiming 2^24 numbers each
     * are not 33.5 billion numbers to produce.
     */
    public boolean sameEveryBatch() {
        DeltaEncoding d = meta.deltaEncoding();
        return fixedWidth(dv) && fixedWidth(pv) && fixedWidth(sv) && !(meta.mode() instanceof Mode.Dict)
                && (d instanceof DeltaEncoding.None || d instanceof DeltaEncoding.Consecutive);
    }

    /** Decodes the rest of the page into {@code out[off..]}; returns the count. */
    public int decodeAll(long[] out, int off) {
        int total = 0;
        while (remaining > 0) total += decodeBatch(out, off + total);
        return total;
    }

    private int batch(long[] out, int off, boolean skim) {
        int batchN = Math.min(BATCH, remaining);
        if (batchN == 0) return 0;
        long batchBit = bit;
        if (direct && !skim && trace == null) {
            // Classic without delta: latents land straight in the output and are mapped in place
            try {
                readVar(pv, batchN, out, off);
            } catch (ReadProblem e) {
                // like the other paths, a batch that fails leaves no numbers behind
                java.util.Arrays.fill(out, off, off + batchN, 0);
                throw e;
            }
            if (!directUnmapped) ModeJoins.fromLatents(meta.type(), out, off, out, off, batchN);
            produced += batchN;
            remaining -= batchN;
            if (remaining == 0) finish();
            return batchN;
        }
        if (skim && trace == null) {
            if (dv != null) skipVar(dv, clamp(remaining - chunkStateN, batchN));
            skipVar(pv, clamp(remaining - pv.stateN, batchN));
            if (sv != null) skipVar(sv, clamp(remaining - sv.stateN, batchN));
            remaining -= batchN;
            if (remaining == 0) finish();
            return batchN;
        }
        if (dv != null) readVar(dv, clamp(remaining - chunkStateN, batchN));
        readVar(pv, clamp(remaining - pv.stateN, batchN));
        if (sv != null) readVar(sv, clamp(remaining - sv.stateN, batchN));
        if (!skim) {
            pv.delta(batchN, dv == null ? null : dv.lat, batchBit);
            if (sv != null) sv.delta(batchN, dv == null ? null : dv.lat, batchBit);
            if (trace != null) {
                if (dv != null) trace.latents(LatentVar.Role.DELTA, dv.lat, batchN);
                trace.latents(LatentVar.Role.PRIMARY, pv.lat, batchN);
                if (sv != null) trace.latents(LatentVar.Role.SECONDARY, sv.lat, batchN);
            }
            join(out, off, batchN, batchBit);
            produced += batchN;
        }
        remaining -= batchN;
        if (remaining == 0) finish();
        return batchN;
    }

    /**
     * from_latent_ordered of an unsigned type only masks to the type's width: a no-op
     * when no bin's range [lower, lower + 2^offsetBits - 1] reaches past it.
     */
    static boolean latentsAreRaw(NumberType t, LatentVar v) {
        if (t.isFloat() || t.isSigned()) return false;
        if (t.bits == 64) return true;
        for (Bin b : v.bins()) {
            if (b.offsetBits() >= t.bits) return false;
            long top = b.lower() + ((1L << b.offsetBits()) - 1);
            if (Long.compareUnsigned(b.lower(), t.mask()) > 0 || Long.compareUnsigned(top, t.mask()) > 0) return false;
        }
        return true;
    }

    private static int clamp(int v, int max) { return v < 0 ? 0 : Math.min(v, max); }

    private void finish() {
        FieldReader r = new FieldReader(new ArraySource(data, 0, (int) (limitBits >>> 3), "page"), bit, limitBits, Recorder.NONE);
        r.alignZeros("page.padding", "the page");
        bit = r.bit();
    }

    private void readVar(PageLatents v, int count) {
        readVar(v, count, v.lat, 0);
    }

    /** Advances past a latent variable's batch: symbols must be decoded, offsets only counted. */
    private void skipVar(PageLatents v, int count) {
        v.pre = count;
        if (count == 0) return;
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents of a batch start at bit " + bit + ", past the end of the data");
        }
        AnsTable t = v.table;
        if (t.nBins <= 1) {
            bit += (long) count * AnsTable.offsetBits(t.entries[0]);
        } else {
            bit = AnsStates.skip(data, bit, t.nextBits, t.maxOffsetBits == 0 ? null : t.offsetBits, v.states, count);
        }
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents run to bit " + bit + " but the data ends at bit " + limitBits);
        }
    }

    /** Reads a latent variable's symbols and offsets for one batch into {@code lat[lo..]}. */
    private void readVar(PageLatents v, int count, long[] lat, int lo) {
        v.pre = count;
        if (count == 0) return;
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents of a batch start at bit " + bit + ", past the end of the data");
        }
        if (trace != null) {
            readTraced(v, count);
        } else {
            AnsTable t = v.table;
            if (t.nBins <= 1) {
                long lower = t.lowers[0];
                int ob = AnsTable.offsetBits(t.entries[0]);
                if (ob == 0) {
                    for (int i = 0; i < count; i++) lat[lo + i] = lower;
                } else {
                    bit = OffsetReaders.readConstOffsets(data, bit, lat, lo, count, ob, lower);
                }
            } else {
                if (t.maxOffsetBits == 0) {
                    bit = AnsStates.readSymbolsOnly(data, bit, t.nextBits, t.lowers, v.states, lat, lo, count);
                } else {
                    bit = AnsStates.readStates(data, bit, t.nextBits, v.states, v.scratch, count);
                    if (t.maxOffsetBits > 57 && t.wideOneWay && lo == 0) {
                        bit = OffsetReaders.readOffsetsMostlyOneWidth(data, bit, t.entries, t.lowers, v.scratch, lat, count);
                    } else if (t.maxOffsetBits > 57) {
                        bit = OffsetReaders.readWideOffsets(data, bit, t.offsetBits, t.offsetMasks, t.lowers, v.scratch, lat, lo, count);
                    } else if (t.offsetsRare) {
                        bit = OffsetReaders.readRareOffsets(data, bit, t.entries, t.lowers, v.scratch, lat, lo, count);
                    } else if (t.maxOffsetBits <= 8) {
                        bit = OffsetReaders.readSmallOffsets(data, bit, t.entries, t.lowers, v.scratch, lat, lo, count);
                    } else {
                        bit = OffsetReaders.readOffsets(data, bit, t.entries, t.lowers, v.scratch, lat, lo, count);
                    }
                }
            }
        }
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents run to bit " + bit + " but the data ends at bit " + limitBits);
        }
    }

    /** Slow path of readVar for inspection: same bits, every symbol and offset reported. */
    private void readTraced(PageLatents v, int count) {
        AnsTable t = v.table;
        long[] lat = v.lat;
        int[] ob = v.scratch;
        for (int i = 0; i < count; i++) {
            if (t.nBins <= 1) {
                lat[i] = t.lowers[0];
                ob[i] = AnsTable.offsetBits(t.entries[0]);
                continue;
            }
            int j = i & 3;
            int s = v.states[j];
            int e = t.entries[s];
            int b = AnsTable.bitsToRead(e);
            long val = HotPathBits.peek(data, bit, b);
            trace.symbol(v.role, i, bit, b, s, t.symbols[s]);
            lat[i] = t.lowers[s];
            ob[i] = AnsTable.offsetBits(e);
            v.states[j] = AnsTable.next(e) + (int) val;
            bit += b;
        }
        for (int i = 0; i < count; i++) {
            long off = HotPathBits.peek(data, bit, ob[i]);
            lat[i] += off;
            trace.offset(v.role, i, bit, ob[i], off, lat[i] & v.mask);
            bit += ob[i];
        }
    }

    // ------------------------------------------------------------------ joining latents into numbers

    private void join(long[] out, int off, int len, long batchBit) {
        ModeJoins.join(meta.type(), meta.mode(), pv.lat, sv == null ? null : sv.lat, out, off, len, batchBit);
    }
}
