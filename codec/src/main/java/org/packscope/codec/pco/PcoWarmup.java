package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.packscope.codec.compress.VectorWarmup;

/**
 * Warms Pco's Vector API forms ({@link PcoVector}) through {@link VectorWarmup}, so that a
 * decode takes them only once C2 has compiled them well. Taken at once, as they were, a
 * fresh JVM's first pages ran them in the Vector API's Java fallback: a profile of the
 * i64 bench showed the main thread allocating hundreds of MB of shuffle arrays through
 * the per-lane byte rearrange, and the first whole decode of a 20M-number file took
 * 0.48-0.82 s against 0.043 s steady. The joins (IntMult, FloatQuant) and, where they run,
 * the constant-width offsets race their scalar loops side by side; each is taken when the
 * race ends if it won and agrees with the scalar result.
 */
final class PcoWarmup {
    /** Set for tests that check the vector forms through the decoders: no warm-up, vectors at once. */
    static final String UNWARMED = "packscope.pco.unwarmed";
    static volatile boolean atOnce = Boolean.getBoolean(UNWARMED);
    private static volatile boolean joinsReady, offsetsReady;
    private static final VectorWarmup.Once ONCE = new VectorWarmup.Once(PcoWarmup::warm);
    /** Numbers of a warm-up batch: Pco's own batch size. */
    private static final int N = PageDecoder.BATCH;
    private static final int CALLS = 20;
    private static final int MAX_ROUNDS = 2000;
    /** The offset width the agreement check reads. */
    private static final int WIDTH = 13;
    /** The widest offset the warm-up reads; the data is long enough for it. */
    private static final int MAX_WIDTH = 57;

    private PcoWarmup() { }

    /** Whether the vector joins may be taken now; the first ask starts the warm-up. */
    static boolean joinsReady() {
        if (joinsReady || atOnce) return true;
        ONCE.request();
        return false;
    }

    /** Whether the vector constant-width offsets may be taken now; the first ask starts the warm-up. */
    static boolean offsetsReady() {
        if (offsetsReady || atOnce) return true;
        ONCE.request();
        return false;
    }

    /** Whether the warm-up is running now. */
    static boolean pending() { return ONCE.pending(); }

    /** How the warm-up ended, or that it has not. */
    static String outcome() { return ONCE.outcome(); }

    /** Races the routines and takes the winners; returns how it went. */
    static String warm() {
        long[] p = new long[N];
        long[] s = new long[N];
        for (int i = 0; i < N; i++) {
            p[i] = i * 0x9E3779B97F4A7C15L >>> 20;
            s[i] = (i * 31L) & 7;
        }
        long[] scalar = new long[N];
        long[] vector = new long[N];
        // the offsets read up to 64 bytes past the last one
        byte[] d = new byte[N * MAX_WIDTH / 8 + 72];
        for (int i = 0; i < d.length; i++) d[i] = (byte) (i * 151 + (i >>> 3));
        boolean offsets = PcoVector.wide();
        List<VectorWarmup.Pair> pairs = new ArrayList<>();
        pairs.add(new VectorWarmup.Pair(() -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is one batch: a look now and then
                ModeJoins.joinIntMultScalar(NumberType.I64, 7, 0, p, s, scalar, 0, N);
            }
            return scalar[0];
        }, () -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is one batch: a look now and then
                PcoVector.joinIntMult(NumberType.I64, 7, p, s, vector, 0, N);
            }
            return vector[0];
        }));
        pairs.add(new VectorWarmup.Pair(() -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is one batch: a look now and then
                ModeJoins.joinFloatQuantScalar(NumberType.F64, 3, p, s, scalar, 0, N);
            }
            return scalar[0];
        }, () -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is one batch: a look now and then
                PcoVector.joinFloatQuant(NumberType.F64, 3, p, s, vector, 0, N);
            }
            return vector[0];
        }));
        if (offsets) {
            pairs.add(new VectorWarmup.Pair(() -> {
                for (int c = 0; c < CALLS; c++) {
                    if ((c & 7) == 0) VectorWarmup.pause(); // a call is one batch: a look now and then
                    OffsetReaders.readConstOffsets(d, c & 7, scalar, 0, N, width(c), 5);
                }
                return scalar[0];
            }, () -> {
                for (int c = 0; c < CALLS; c++) {
                    if ((c & 7) == 0) VectorWarmup.pause(); // a call is one batch: a look now and then
                    PcoVector.constOffsets(d, c & 7, vector, 0, N, width(c), 5);
                }
                return vector[0];
            }));
        }
        // readConstOffsets runs its scalar loops here: the vector form is not ready until this ends
        List<VectorWarmup.Race> races = VectorWarmup.race(MAX_ROUNDS, pairs);
        boolean joins = races.get(0).fast() && races.get(1).fast() && joinsAgree(p, s, scalar, vector);
        boolean offs = offsets && races.get(2).fast() && offsetsAgree(d, scalar, vector);
        joinsReady = joins;
        offsetsReady = offs;
        StringBuilder o = new StringBuilder("joins " + (joins ? "fast" : "never fast") + " (IntMult " + races.get(0).summary()
                + ", FloatQuant " + races.get(1).summary() + ")");
        if (offsets) o.append(", offsets ").append(offs ? "fast" : "never fast").append(" (").append(races.get(2).summary()).append(')');
        return o.toString();
    }

    /**
     * The width of call {@code c}: the calls go through many widths and start bits, as a
     * decode's pages do, so that C2 compiles the vector form for all of them rather than for
     * one (warmed on one width only, the u32 file's decode ran 10% slower afterwards).
     */
    private static int width(int c) { return 1 + (c * 7) % MAX_WIDTH; }

    private static boolean joinsAgree(long[] p, long[] s, long[] scalar, long[] vector) {
        ModeJoins.joinIntMultScalar(NumberType.I64, 7, 0, p, s, scalar, 0, N);
        Arrays.fill(vector, 0);
        int done = PcoVector.joinIntMult(NumberType.I64, 7, p, s, vector, 0, N);
        if (!Arrays.equals(scalar, 0, done, vector, 0, done)) return false;
        ModeJoins.joinFloatQuantScalar(NumberType.F64, 3, p, s, scalar, 0, N);
        Arrays.fill(vector, 0);
        done = PcoVector.joinFloatQuant(NumberType.F64, 3, p, s, vector, 0, N);
        return Arrays.equals(scalar, 0, done, vector, 0, done);
    }

    private static boolean offsetsAgree(byte[] d, long[] scalar, long[] vector) {
        OffsetReaders.readConstOffsets(d, 0, scalar, 0, N, WIDTH, 5);
        Arrays.fill(vector, 0);
        int done = PcoVector.constOffsets(d, 0, vector, 0, N, WIDTH, 5);
        return Arrays.equals(scalar, 0, done, vector, 0, done);
    }
}
