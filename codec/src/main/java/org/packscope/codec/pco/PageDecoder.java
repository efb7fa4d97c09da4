package org.packscope.codec.pco;

import java.lang.invoke.VarHandle;

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
    private static final VarHandle LE = HotPathBits.LE_LONG;
    /** The Vector API forms are on and 512 bits wide: constant-width offsets go eight at a time. */
    private static final boolean WIDE_VECTORS = PcoSimd.enabled() && PcoVector.wide();

    private final ChunkMeta meta;
    private final byte[] data;
    private final long limitBits;
    private final int n;
    private long bit;
    private int remaining;
    private final long pageStartBit;
    private final long bodyStartBit;

    private final Var dv;
    private final Var pv;
    private final Var sv;
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
        this.dv = meta.delta() == null ? null : new Var(meta, cd.deltaTable, meta.delta(), r, n);
        this.pv = new Var(meta, cd.primaryTable, meta.primary(), r, n);
        this.sv = meta.secondary() == null ? null : new Var(meta, cd.secondaryTable, meta.secondary(), r, n);
        r.alignZeros("page.padding", "the page metadata");
        this.bit = r.bit();
        this.bodyStartBit = bit;
        this.direct = meta.mode() instanceof Mode.Classic && meta.deltaEncoding() instanceof DeltaEncoding.None;
        this.directUnmapped = direct && latentsAreRaw(meta.type(), meta.primary());
        for (Var v : new Var[] {dv, pv, sv}) {
            int nInBody = nInBody(v);
            if (nInBody > 0 && v.table.nBins == 0) {
                throw PcoRules.problem(PcoRules.NO_BINS, startBit, "the " + v.role.label + " latent has no bins but the page holds "
                        + nInBody + " latents");
            }
        }
    }

    /** Latents of {@code v} in the page body: the delta variable has one wherever the primary does; a secondary without delta has n. */
    private int nInBody(Var v) {
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
        for (Var v : new Var[] {dv, pv, sv}) if (v != null) leastBits += (long) nInBody(v) * v.table.minLatentBits;
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

    private static boolean fixedWidth(Var v) { return v == null || v.table.nBins <= 1; }

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
            if (!directUnmapped) fromLatents(meta.type(), out, off, out, off, batchN);
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

    private void readVar(Var v, int count) {
        readVar(v, count, v.lat, 0);
    }

    /** Advances past a latent variable's batch: symbols must be decoded, offsets only counted. */
    private void skipVar(Var v, int count) {
        v.pre = count;
        if (count == 0) return;
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents of a batch start at bit " + bit + ", past the end of the data");
        }
        AnsTable t = v.table;
        if (t.nBins <= 1) {
            bit += (long) count * AnsTable.offsetBits(t.entries[0]);
        } else if (t.maxOffsetBits == 0) {
            bit = readSymbolsOnly(data, bit, t.nextBits, t.lowers, v.states, v.lat, 0, count);
        } else {
            bit = readStates(data, bit, t.nextBits, v.states, v.scratch, count);
            byte[] obs = t.offsetBits;
            int[] states = v.scratch;
            long sum = 0;
            for (int i = 0; i < count; i++) sum += obs[states[i]];
            bit += sum;
        }
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents run to bit " + bit + " but the data ends at bit " + limitBits);
        }
    }

    /** Reads a latent variable's symbols and offsets for one batch into {@code lat[lo..]}. */
    private void readVar(Var v, int count, long[] lat, int lo) {
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
                    bit = readConstOffsets(data, bit, lat, lo, count, ob, lower);
                }
            } else {
                if (t.maxOffsetBits == 0) {
                    bit = readSymbolsOnly(data, bit, t.nextBits, t.lowers, v.states, lat, lo, count);
                } else {
                    bit = readStates(data, bit, t.nextBits, v.states, v.scratch, count);
                    if (t.maxOffsetBits > 57 && t.wideOneWay && lo == 0) {
                        bit = readOffsetsMostlyOneWidth(data, bit, t.entries, t.lowers, v.scratch, lat, count);
                    } else if (t.maxOffsetBits > 57) {
                        bit = readWideOffsets(data, bit, t.offsetBits, t.offsetMasks, t.lowers, v.scratch, lat, lo, count);
                    } else if (t.offsetsRare) {
                        bit = readRareOffsets(data, bit, t.entries, t.lowers, v.scratch, lat, lo, count);
                    } else if (t.maxOffsetBits <= 8) {
                        bit = readSmallOffsets(data, bit, t.entries, t.lowers, v.scratch, lat, lo, count);
                    } else {
                        bit = readOffsets(data, bit, t.entries, t.lowers, v.scratch, lat, lo, count);
                    }
                }
            }
        }
        if (bit > limitBits) {
            throw PcoRules.problem(ReadRules.TRUNCATED, limitBits, "the page data ends early: the " + v.role.label
                    + " latents run to bit " + bit + " but the data ends at bit " + limitBits);
        }
    }

    /**
     * Four-way interleaved tANS decode: symbol i uses state i % 4. Only the state of
     * each symbol is stored: the loop is bound by the chain state -> table entry ->
     * bits to read -> next state, so the bin lookups are left to the offsets pass.
     * One table entry per state, {@code nextBase << 6 | bitsToRead} ({@link AnsTable#nextBits}):
     * long shifts use only the low six bits of their count, so the entry itself is the
     * shift count of the mask and of the word, with no field extracted; and as four bit
     * counts of at most 14 sum to less than 64, the step's position advance is the low six
     * bits of the four entries' sum, one mask instead of one per symbol: one array less
     * and fewer operations than with separate next-state and bit-count tables (1.07x on
     * the f64 bench file, A/B in one JVM). (Shifting the word by running
     * sums instead of one entry after another measured slower, as did refilling a bit
     * buffer from a load issued a step ahead; adding each symbol's count to the position
     * at once, as readSymbolsOnly does, measured the same or slower here.)
     */
    private static long readStates(byte[] d, long bit, int[] nb, int[] st, int[] states, int n) {
        int s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            states[i] = s0;
            states[i + 1] = s1;
            states[i + 2] = s2;
            states[i + 3] = s3;
            int e = nb[s0];
            int acc = e;
            s0 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            e = nb[s1];
            acc += e;
            s1 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            e = nb[s2];
            acc += e;
            s2 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            e = nb[s3];
            acc += e;
            s3 = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += acc & 63;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        for (; i < n; i++) {
            int j = i & 3;
            int s = st[j];
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int e = nb[s];
            states[i] = s;
            st[j] = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        return bit;
    }

    /**
     * Offsets of at most 8 bits: a word read at any bit holds at least 57 bits, seven
     * offsets, which are taken from it by shifting instead of one read each.
     */
    static long readSmallOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int n) {
        int i = 0;
        for (; i + 7 <= n; i += 7) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int s0 = states[i], s1 = states[i + 1], s2 = states[i + 2], s3 = states[i + 3];
            int s4 = states[i + 4], s5 = states[i + 5], s6 = states[i + 6];
            int b0 = tab[s0] >>> 24, b1 = tab[s1] >>> 24, b2 = tab[s2] >>> 24, b3 = tab[s3] >>> 24;
            int b4 = tab[s4] >>> 24, b5 = tab[s5] >>> 24, b6 = tab[s6] >>> 24;
            int k = lo + i;
            lat[k] = lowers[s0] + (w & ~(-1L << b0));
            w >>>= b0;
            lat[k + 1] = lowers[s1] + (w & ~(-1L << b1));
            w >>>= b1;
            lat[k + 2] = lowers[s2] + (w & ~(-1L << b2));
            w >>>= b2;
            lat[k + 3] = lowers[s3] + (w & ~(-1L << b3));
            w >>>= b3;
            lat[k + 4] = lowers[s4] + (w & ~(-1L << b4));
            w >>>= b4;
            lat[k + 5] = lowers[s5] + (w & ~(-1L << b5));
            w >>>= b5;
            lat[k + 6] = lowers[s6] + (w & ~(-1L << b6));
            bit += b0 + b1 + b2 + b3 + b4 + b5 + b6;
        }
        return readOffsets(d, bit, tab, lowers, states, lat, lo, i, n);
    }

    /**
     * Offsets up to 64 bits where nearly every state's bin is narrow (57 bits or less) or
     * nearly every one wide: the byte after the word is read only for a wide bin, behind
     * a branch that the table's shape makes predictable. Latents go to {@code lat[0..n)}:
     * one index fewer to keep in a register than with an offset into the array, which
     * measured 5% faster on the f64 bench file. The offset mask is made from the width on
     * each side of the branch (a narrow width may be 0, a wide one may be 64, and
     * {@code -1L << 64} is -1) rather than loaded from a table of masks: with that table's
     * array and bound to hold as well, C2 kept the bit position in an XMM register, two
     * transfers on the loop's only carried chain (the f64 bench file 1.1x slower, A/B in
     * one JVM; with the symbol loop's table, 1.05-1.07x faster in separate JVMs).
     * Two offsets a step, to an even bound, with the read in a helper so that the loop
     * stays small enough for C2 to inline into readVar: 194-195 M numbers/s on the f64
     * bench file instead of 178-179 (A/B of packaged jars, separate JVMs). One offset a
     * step with the helper measured the same as before; four a step, 158-162; two a step
     * written out in full (too big to inline), 168-169.
     */
    static long readOffsetsMostlyOneWidth(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int n) {
        int even = n & ~1;
        int i = 0;
        for (; i < even; i += 2) {
            int s = states[i];
            int b = tab[s] >>> 24;
            lat[i] = lowers[s] + offsetMostlyOneWidth(d, bit, b);
            bit += b;
            s = states[i + 1];
            b = tab[s] >>> 24;
            lat[i + 1] = lowers[s] + offsetMostlyOneWidth(d, bit, b);
            bit += b;
        }
        if (i < n) {
            int s = states[i];
            int b = tab[s] >>> 24;
            lat[i] = lowers[s] + offsetMostlyOneWidth(d, bit, b);
            bit += b;
        }
        return bit;
    }

    /**
     * One offset of b (0..64) bits: the byte after the word is read only when b is over 57.
     * {@link HotPathBits#peek} reads the same bits, but with its tests for 0 and 64 bits and
     * for a field past the word it measured 177-179 M numbers/s here instead of 194.
     */
    private static long offsetMostlyOneWidth(byte[] d, long bit, int b) {
        int idx = (int) (bit >>> 3);
        long w = (long) LE.get(d, idx) >>> (bit & 7);
        if (b > 57) {
            w |= ((d[idx + 8] & 0xffL) << 1) << (63 - ((int) bit & 7));
            return w & ~(-2L << (b - 1));
        }
        return w & ~(-1L << b);
    }

    /**
     * Offsets of tables where nearly every state has none: the latent is the bin's lower
     * bound, and the data is read only for the rare state with offset bits (57 at most).
     */
    static long readRareOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int n) {
        for (int i = 0; i < n; i++) {
            int s = states[i];
            long v = lowers[s];
            int b = tab[s] >>> 24;
            if (b != 0) {
                v += ((long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7)) & ~(-1L << b);
                bit += b;
            }
            lat[lo + i] = v;
        }
        return bit;
    }

    /** Latents from decoded states: the state's bin lower bound plus an offset of at most 57 bits. */
    private static long readOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int n) {
        return readOffsets(d, bit, tab, lowers, states, lat, lo, 0, n);
    }

    /** readOffsets of latents {@code from..n} of the batch (latent i goes to {@code lat[lo + i]}). */
    private static long readOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int from, int n) {
        for (int i = from; i < n; i++) {
            int s = states[i];
            int b = tab[s] >>> 24;
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            lat[lo + i] = lowers[s] + (w & ~(-1L << b));
            bit += b;
        }
        return bit;
    }

    /**
     * Offsets up to 64 bits: a long word plus the byte after it, which covers 64 bits
     * from any bit of the first byte. No branch on the width: wide bins are rare but
     * their branch mispredicts.
     */
    static long readWideOffsets(byte[] d, long bit, byte[] obs, long[] masks, long[] lowers, int[] states, long[] lat, int lo, int n) {
        for (int i = 0; i < n; i++) {
            int s = states[i];
            int idx = (int) (bit >>> 3);
            int sh = (int) bit & 7;
            long w = (long) LE.get(d, idx) >>> sh;
            // the next byte's bits above the word's 64 - sh; shifted out entirely when sh = 0
            long hi = ((d[idx + 8] & 0xffL) << 1) << (63 - sh);
            lat[lo + i] = lowers[s] + ((w | hi) & masks[s]);
            bit += obs[s];
        }
        return bit;
    }

    /**
     * readStates for tables whose bins have no offset bits: the latent is the bin's lower
     * bound. Each symbol's count is added to the position as it is used: with the four
     * entries summed at the end of the step (as readStates does) C2's register allocation
     * of this loop varied from one JVM start to the next, the i64_ts bench file decoding at
     * 320 or 515 M numbers/s; this way it runs at 405-425 every time (separate tables: 370-385).
     */
    private static long readSymbolsOnly(byte[] d, long bit, int[] nb, long[] lowers, int[] st, long[] lat, int lo, int n) {
        int s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            lat[lo + i] = lowers[s0];
            lat[lo + i + 1] = lowers[s1];
            lat[lo + i + 2] = lowers[s2];
            lat[lo + i + 3] = lowers[s3];
            int e = nb[s0];
            s0 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s1];
            s1 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s2];
            s2 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s3];
            s3 = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        for (; i < n; i++) {
            int j = i & 3;
            int s = st[j];
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int e = nb[s];
            lat[lo + i] = lowers[s];
            st[j] = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        return bit;
    }

    /** A single bin: every latent is lower + a fixed-width offset (eight at a time on 512-bit vectors). */
    static long readConstOffsets(byte[] d, long bit, long[] lat, int lo, int n, int b, long lower) {
        if (b <= 57 && WIDE_VECTORS) {
            int done = PcoVector.constOffsets(d, bit, lat, lo, n, b, lower);
            bit += (long) done * b;
            lo += done;
            n -= done;
        }
        if (b > 57) {
            for (int i = 0; i < n; i++) {
                lat[lo + i] = lower + HotPathBits.peek(d, bit, b);
                bit += b;
            }
            return bit;
        }
        long m = ~(-1L << b);
        int i = 0;
        if (b <= 14) {
            // a word read at any bit holds at least 57 bits: four offsets. Two words a step:
            // with one, the JIT's code ran 1.4x or 0.9x as fast from one JVM start to the next
            int b2 = 2 * b, b3 = 3 * b, b4 = 4 * b;
            for (; i + 8 <= n; i += 8) {
                long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
                long bit2 = bit + b4;
                long v = (long) LE.get(d, (int) (bit2 >>> 3)) >>> (bit2 & 7);
                int k = lo + i;
                lat[k] = lower + (w & m);
                lat[k + 1] = lower + ((w >>> b) & m);
                lat[k + 2] = lower + ((w >>> b2) & m);
                lat[k + 3] = lower + ((w >>> b3) & m);
                lat[k + 4] = lower + (v & m);
                lat[k + 5] = lower + ((v >>> b) & m);
                lat[k + 6] = lower + ((v >>> b2) & m);
                lat[k + 7] = lower + ((v >>> b3) & m);
                bit = bit2 + b4;
            }
        } else if (b <= 28) {
            int b2 = 2 * b;
            for (; i + 2 <= n; i += 2) {
                long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
                lat[lo + i] = lower + (w & m);
                lat[lo + i + 1] = lower + ((w >>> b) & m);
                bit += b2;
            }
        }
        for (; i < n; i++) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            lat[lo + i] = lower + (w & m);
            bit += b;
        }
        return bit;
    }

    /** Slow path of readVar for inspection: same bits, every symbol and offset reported. */
    private void readTraced(Var v, int count) {
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
        NumberType t = meta.type();
        Mode mode = meta.mode();
        if (mode instanceof Mode.Classic) {
            fromLatents(t, pv.lat, out, off, len);
        } else if (mode instanceof Mode.IntMult im) {
            joinIntMult(t, im.base(), pv.lat, sv.lat, out, off, len);
        } else if (mode instanceof Mode.FloatMult fm) {
            joinFloatMult(t, t.fromLatent(fm.baseLatent()), pv.lat, sv.lat, out, off, len);
        } else if (mode instanceof Mode.FloatQuant fq) {
            joinFloatQuant(t, fq.k(), pv.lat, sv.lat, out, off, len);
        } else if (mode instanceof Mode.Dict dm) {
            joinDict(t, dm.dict(), pv.lat, out, off, len, batchBit);
        }
    }

    /** IntMult is integer-only; the signed/unsigned mapping is fused into the one pass. */
    static void joinIntMult(NumberType t, long base, long[] p, long[] s, long[] out, int off, int len) {
        int done = PcoSimd.enabled() ? PcoVector.joinIntMult(t, base, p, s, out, off, len) : 0;
        if (done < len) joinIntMultScalar(t, base, done, p, s, out, off, len);
    }

    /** The scalar IntMult join of numbers {@code from..len} of the batch. */
    static void joinIntMultScalar(NumberType t, long base, int from, long[] p, long[] s, long[] out, int off, int len) {
        if (t.isSigned()) {
            long mid = t.mid();
            int sh = 64 - t.bits;
            for (int i = from; i < len; i++) out[off + i] = (((p[i] * base + s[i]) ^ mid) << sh) >> sh;
        } else {
            long mask = t.mask();
            for (int i = from; i < len; i++) out[off + i] = (p[i] * base + s[i]) & mask;
        }
    }

    private static void joinFloatMult(NumberType t, long baseRaw, long[] p, long[] s, long[] out, int off, int len) {
        for (int i = 0; i < len; i++) p[i] = Floats.floatMultLatent(t, baseRaw, p[i], s[i]);
        fromLatents(t, p, out, off, len);
    }

    /**
     * FloatQuant is float-only, so from_latent_ordered is fused in. The split point
     * MID >> k is a power of two (MetaParser checks 1 <= k <= mantissa bits), so
     * "y below it" is "y has no bits above it", tested without a branch: the signs of
     * the data are random, so a branch would mispredict.
     */
    static void joinFloatQuant(NumberType t, int k, long[] p, long[] s, long[] out, int off, int len) {
        int done = PcoSimd.enabled() ? PcoVector.joinFloatQuant(t, k, p, s, out, off, len) : 0;
        if (done < len) joinFloatQuantScalar(t, k, done, p, s, out, off, len);
    }

    static void joinFloatQuantScalar(NumberType t, int k, long[] p, long[] s, long[] out, int off, int len) {
        joinFloatQuantScalar(t, k, 0, p, s, out, off, len);
    }

    /** The scalar FloatQuant join of numbers {@code from..len} of the batch. */
    private static void joinFloatQuantScalar(NumberType t, int k, int from, long[] p, long[] s, long[] out, int off, int len) {
        long mask = t.mask();
        int cutoffLog = t.bits - 1 - k;
        long kMax = (1L << k) - 1;
        long sign = t.mid();
        int up = 64 - t.bits;
        for (int i = from; i < len; i++) {
            long y = p[i] & mask;
            long m = s[i] & mask;
            long lt = ((y >>> cutoffLog) - 1) >> 63;
            long low = m ^ ((m ^ (kMax - m)) & lt);
            long l = ((y << k) + low) & mask;
            // from_latent_ordered: sign bit set -> toggle it; clear -> invert all bits
            long pos = (l << up) >> 63;
            out[off + i] = l ^ ((~pos & mask) | sign);
        }
    }

    private static void joinDict(NumberType t, long[] dict, long[] p, long[] out, int off, int len, long batchBit) {
        for (int i = 0; i < len; i++) {
            long idx = p[i] & 0xffffffffL;
            if (idx >= dict.length) {
                throw PcoRules.problem(PcoRules.DICT_INDEX_OUT_OF_RANGE, batchBit, "dictionary index " + idx
                        + " is outside the " + dict.length + "-entry dictionary");
            }
            p[i] = dict[(int) idx];
        }
        fromLatents(t, p, out, off, len);
    }

    /** from_latent_ordered over a run, with the type switch outside the loops. */
    static void fromLatents(NumberType t, long[] src, long[] dst, int off, int len) {
        fromLatents(t, src, 0, dst, off, len);
    }

    /** from_latent_ordered of src[so..so+len) into dst[off..]; src and dst may be the same run. */
    static void fromLatents(NumberType t, long[] src, int so, long[] dst, int off, int len) {
        int bits = t.bits;
        long mask = t.mask();
        if (t.isFloat()) {
            long sign = t.mid();
            int up = 64 - bits;
            for (int i = 0; i < len; i++) {
                long l = src[so + i] & mask;
                long pos = (l << up) >> 63;
                dst[off + i] = l ^ ((~pos & mask) | sign);
            }
        } else if (t.isSigned()) {
            if (bits == 64) {
                for (int i = 0; i < len; i++) dst[off + i] = src[so + i] ^ Long.MIN_VALUE;
            } else {
                long mid = t.mid();
                int sh = 64 - bits;
                for (int i = 0; i < len; i++) dst[off + i] = ((src[so + i] ^ mid) << sh) >> sh;
            }
        } else if (bits == 64) {
            System.arraycopy(src, so, dst, off, len);
        } else {
            for (int i = 0; i < len; i++) dst[off + i] = src[so + i] & mask;
        }
    }

    // ------------------------------------------------------------------ per latent variable state

    private static final class Var {
        final LatentVar.Role role;
        final AnsTable table;
        final int stateN;
        final long mask;
        final long mid;
        final int[] states = new int[4];
        final long[] lat = new long[BATCH];
        /** Per latent of the batch: its tANS state (decoding) or its offset bits (tracing). */
        final int[] scratch = new int[BATCH];
        final DeltaEncoding delta;
        // Consecutive: moments; Conv1: history (masked latents); Lookback: the stored state
        long[] moments;
        // Lookback window
        long[] window;
        int windowPos;
        int bufWin;
        long windowN;
        long[] convWeights;
        long convBias;
        int convQ;

        Var(ChunkMeta meta, AnsTable table, LatentVar lv, FieldReader r, int n) {
            this.role = lv.role();
            this.table = table;
            this.delta = meta.deltaFor(role);
            this.stateN = meta.stateN(role);
            this.mask = lv.mask();
            this.mid = 1L << (lv.bits() - 1);
            String p = role.label + " ";
            long[] state = new long[stateN];
            for (int i = 0; i < stateN; i++) {
                state[i] = r.bits(lv.bits(), role.key("delta_state"), i, p + "delta state[" + i + "]", Long::toUnsignedString,
                        "delta state latent " + i + " (consecutive: a delta moment; lookback/conv1: an initial latent)");
            }
            for (int i = 0; i < 4; i++) {
                states[i] = (int) r.bits(table.sizeLog, role.key("ans_state"), i, p + "ans state[" + i + "]",
                        "initial index of interleaved tANS decoder " + i + " (symbols i with i % 4 = " + i + ")");
            }
            if (delta instanceof DeltaEncoding.Consecutive) {
                moments = state;
            } else if (delta instanceof DeltaEncoding.Lookback lb) {
                // the window buffer is made on the first decoded batch: walking a page never needs it
                windowN = lb.windowN();
                bufWin = (int) Math.min(windowN, (long) n + stateN);
                moments = state;
            } else if (delta instanceof DeltaEncoding.Conv1 c) {
                moments = state;
                convWeights = c.weights();
                convBias = c.bias();
                convQ = c.quantization();
            }
        }

        void delta(int len, long[] lookbacks, long batchBit) {
            if (delta instanceof DeltaEncoding.None) return;
            long[] l = lat;
            if (delta instanceof DeltaEncoding.Consecutive) {
                long[] m = moments;
                long md = mid;
                if (m.length == 1) {
                    long mom = m[0];
                    for (int i = 0; i < len; i++) {
                        long t = l[i] + md;
                        l[i] = mom;
                        mom += t;
                    }
                    m[0] = mom;
                } else {
                    for (int i = 0; i < len; i++) l[i] += md;
                    for (int k = m.length - 1; k >= 0; k--) {
                        long mom = m[k];
                        for (int i = 0; i < len; i++) {
                            long t = l[i];
                            l[i] = mom;
                            mom += t;
                        }
                        m[k] = mom;
                    }
                }
            } else if (delta instanceof DeltaEncoding.Lookback) {
                lookback(len, lookbacks, batchBit);
            } else if (delta instanceof DeltaEncoding.Conv1) {
                conv1(len);
            }
        }

        private void lookback(int len, long[] lookbacks, long batchBit) {
            if (window == null) {
                window = new long[Math.max(bufWin, BATCH) * 2];
                System.arraycopy(moments, 0, window, bufWin - stateN, stateN);
                windowPos = bufWin;
            }
            long[] l = lat;
            long[] buf = window;
            int start = windowPos;
            if (start + len > buf.length) {
                System.arraycopy(buf, start - bufWin, buf, 0, bufWin);
                start = bufWin;
            }
            boolean oob = false;
            long w = windowN;
            // only the first `pre` positions have lookbacks; later ones are never output
            int count = Math.min(len, pre);
            for (int i = 0; i < count; i++) {
                long lb = lookbacks[i] & 0xffffffffL;
                if (lb > w) {
                    oob = true;
                    lb = 1;
                }
                int idx = start + i - (int) lb;
                long prev = idx >= 0 ? buf[idx] : 0;
                buf[start + i] = l[i] + mid + prev;
            }
            for (int j = 0; j < len; j++) l[j] = buf[start - stateN + j];
            windowPos = start + len;
            if (oob) {
                throw PcoRules.problem(PcoRules.LOOKBACK_EXCEEDS_WINDOW, batchBit, "a lookback in this batch exceeds the window of " + w);
            }
        }

        /** Latents read for the current batch (the rest of the batch comes from delta state). */
        int pre;

        private void conv1(int len) {
            long[] l = lat;
            long[] h = moments;
            long[] w = convWeights;
            int k = w.length;
            long bias = convBias;
            int q = convQ;
            long msk = mask;
            for (int i = 0; i < len; i++) {
                long s = bias;
                for (int j = 0; j < k; j++) s += w[j] * h[j];
                long pred = s < 0 ? 0 : s >> q;
                long y = (l[i] + mid + pred) & msk;
                l[i] = h[0];
                System.arraycopy(h, 1, h, 0, k - 1);
                h[k - 1] = y;
            }
        }
    }
}
