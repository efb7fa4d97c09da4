package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.pco.PcoEncoder.DeltaChoice;
import org.packscope.codec.pco.PcoEncoder.ModeChoice;
import org.packscope.codec.pco.PcoEncoder.Options;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.inspect.Progress;

/** Files PcoEncoder writes decode, through PackScope's own reader, to exactly the numbers given. */
class PcoEncoderTest {

    /** Encodes, opens with no diagnostic, decodes every chunk and compares bit for bit; returns the file. */
    static PcoFile roundTrip(NumberType type, long[] raw, Options o) {
        byte[] file = PcoEncoder.encode(type, raw, raw.length, o);
        PcoFile f = PcoFile.open(new ArraySource(file, 0, file.length, "encoded.pco"));
        assertEquals(List.of(), f.diagnostics(), "diagnostics of " + type + " " + o);
        List<Object> verified = new ArrayList<>();
        f.verify(verified::add, Progress.NONE);
        assertEquals(List.of(), verified);
        assertEquals(raw.length, f.totalN());
        long[] out = new long[raw.length];
        for (PcoFile.Chunk c : f.chunks()) f.decodeChunk(c, out, (int) c.firstRow());
        long[] expect = new long[raw.length];
        for (int i = 0; i < raw.length; i++) expect[i] = canonical(type, raw[i]);
        assertArrayEquals(expect, out, type + " " + o);
        return f;
    }

    /** The raw bits as the decoder gives them: signed types sign-extended, the rest zero-extended. */
    static long canonical(NumberType t, long raw) {
        long m = raw & t.mask();
        return t.isSigned() && t.bits < 64 ? (m << (64 - t.bits)) >> (64 - t.bits) : m;
    }

    static long[] ramp(int n, long step) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = 1000 + i * step;
        return a;
    }

    static long[] noise(int n, long seed) {
        Random r = new Random(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = r.nextLong();
        return a;
    }

    static long[] floats(NumberType t, double[] v) {
        long[] a = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            a[i] = switch (t) {
                case F64 -> Double.doubleToRawLongBits(v[i]);
                case F32 -> Float.floatToRawIntBits((float) v[i]) & 0xffffffffL;
                default -> Floats.floatToHalf((float) v[i]) & 0xffffL;
            };
        }
        return a;
    }

    static List<long[]> datasets(NumberType t) {
        List<long[]> d = new ArrayList<>();
        d.add(new long[0]);
        d.add(new long[] {42});
        d.add(noise(1000, 1));
        d.add(ramp(1001, 3));
        long[] sparse = new long[3333];
        Random r = new Random(5);
        for (int i = 0; i < sparse.length; i++) sparse[i] = r.nextInt(50) == 0 ? r.nextInt(7) + 1 : 0;
        d.add(sparse);
        if (t.isFloat()) {
            double[] dec = new double[777];
            for (int i = 0; i < dec.length; i++) dec[i] = Math.round(r.nextGaussian() * 10000) / 100.0;
            d.add(floats(t, dec));
            d.add(floats(t, new double[] {Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                    Double.MIN_VALUE, -Double.MIN_VALUE, 1e-310, Float.MIN_VALUE, 6e-8, 1.5, -2.25}));
            long[] nanPayload = floats(t, new double[] {1, 2, 3});
            nanPayload[1] = t.mask() ^ (t.mid() >>> 1 >>> 1); // a negative NaN with a payload
            d.add(nanPayload);
        } else {
            long[] ts = new long[2049];
            long now = 1_700_000_000_000L;
            for (int i = 0; i < ts.length; i++) ts[i] = now += 1000 + r.nextInt(20);
            d.add(ts);
            d.add(new long[] {0, -1, t.mid(), t.mid() - 1, t.mask(), 1});
        }
        return d;
    }

    @ParameterizedTest
    @EnumSource(NumberType.class)
    void classicWithoutDeltaRoundTrips(NumberType t) {
        for (long[] d : datasets(t)) {
            for (int level : new int[] {0, 3, 8, 12}) {
                roundTrip(t, d, Options.DEFAULT.withLevel(level).withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(NumberType.class)
    void everyDeltaOrderAndAutoRoundTrip(NumberType t) {
        for (long[] d : datasets(t)) {
            for (int order = 1; order <= 7; order++) {
                roundTrip(t, d, Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.consecutive(order)));
            }
            roundTrip(t, d, Options.DEFAULT);
        }
    }

    @ParameterizedTest
    @EnumSource(NumberType.class)
    void forcedModesRoundTrip(NumberType t) {
        ModeChoice m = t.isFloat() ? ModeChoice.FLOAT_QUANT : ModeChoice.INT_MULT;
        for (long[] d : datasets(t)) {
            roundTrip(t, d, Options.DEFAULT.withMode(m).withDelta(DeltaChoice.NONE));
            roundTrip(t, d, Options.DEFAULT.withMode(m).withDelta(DeltaChoice.consecutive(2)));
        }
    }

    @ParameterizedTest
    @EnumSource(value = NumberType.class, names = {"F16", "F32", "F64"})
    void floatMultRoundTripsWithAFoundOrAGivenBase(NumberType t) {
        for (long[] d : datasets(t)) {
            for (DeltaChoice delta : List.of(DeltaChoice.NONE, DeltaChoice.consecutive(1), DeltaChoice.lookback())) {
                roundTrip(t, d, Options.DEFAULT.withMode(ModeChoice.FLOAT_MULT).withDelta(delta));
                roundTrip(t, d, Options.DEFAULT.withFloatMultBase(0.01).withDelta(delta));
                roundTrip(t, d, Options.DEFAULT.withFloatMultBase(-3.0).withDelta(delta));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(NumberType.class)
    void lookbackRoundTripsForEveryTypeModeAndWindow(NumberType t) {
        ModeChoice split = t.isFloat() ? ModeChoice.FLOAT_QUANT : ModeChoice.INT_MULT;
        for (long[] d : datasets(t)) {
            roundTrip(t, d, Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.lookback()));
            roundTrip(t, d, Options.DEFAULT.withMode(split).withDelta(DeltaChoice.lookback()));
            roundTrip(t, d, Options.DEFAULT.withDelta(DeltaChoice.lookback(1)));
            roundTrip(t, d, Options.DEFAULT.withDelta(DeltaChoice.lookback(4)).withChunkSize(300));
        }
        roundTrip(t, repeats(t, 5000, 3), Options.DEFAULT.withDelta(DeltaChoice.lookback(20)));
    }

    /** Prices in cents: their multiples of 0.01 need 20 bits (14 as f32, to stay precise to a cent), their floats more. */
    @ParameterizedTest
    @EnumSource(value = NumberType.class, names = {"F32", "F64"})
    void floatMultIsChosenForDecimalsAndPays(NumberType t) {
        int centBits = t == NumberType.F32 ? 14 : 20;
        long[] raw = cents(t, 30_000, 11, centBits);
        PcoFile f = roundTrip(t, raw, Options.DEFAULT);
        Mode m = f.chunks().get(0).meta().mode();
        assertEquals(PcoFloatMult.mode(t, PcoFloatMult.fromDouble(t, 0.01)), m, m.toString());
        long classic = PcoEncoder.encode(t, raw, raw.length, Options.DEFAULT.withMode(ModeChoice.CLASSIC)).length;
        long quant = PcoEncoder.encode(t, raw, raw.length, Options.DEFAULT.withMode(ModeChoice.FLOAT_QUANT)).length;
        assertTrue(f.size() < classic * 0.9 && f.size() < quant, f.size() + " vs classic " + classic + ", float quant " + quant);
        assertTrue(f.size() * 8L < (centBits + 4L) * raw.length, "the cents' bits and a few for the ULPs, not "
                + f.size() * 8.0 / raw.length);
        assertEquals(f.size(), PcoEncoder.encode(t, raw, raw.length, Options.DEFAULT.withFloatMultBase(0.01)).length,
                "the base found is the base given");
    }

    @Test
    void floatMultFindsTheCentWhereSomePairsStopAtTwoCents() {
        // 5,000 f32 prices: the pairs' approximate Euclid ends at 0.02 for many of them
        long[] raw = cents(NumberType.F32, 5000, 4, 14);
        PcoFile f = roundTrip(NumberType.F32, raw, Options.DEFAULT);
        assertEquals(PcoFloatMult.mode(NumberType.F32, PcoFloatMult.fromDouble(NumberType.F32, 0.01)), f.chunks().get(0).meta().mode());
    }

    @Test
    void lookbacksPointAtAnEqualNumberWhereThereIsOneInTheWindow() {
        Random r = new Random(13);
        long[] lat = new long[3000];
        for (int i = 0; i < lat.length; i++) lat[i] = i < 100 ? r.nextLong() : lat[i - 100];
        for (int windowLog : new int[] {4, 7, 15}) {
            long[] lb = PcoLookback.lookbacks(lat, 64, windowLog);
            assertEquals(lat.length - 1, lb.length);
            for (int i = 1; i < lat.length; i++) {
                long back = lb[i - 1];
                assertTrue(back >= 1 && back <= Math.min(i, 1 << windowLog), "lookback " + back + " at " + i);
                // the period is 100: inside a window of 128 every later number finds its copy
                if (i >= 100 && windowLog >= 7) assertEquals(lat[i], lat[(int) (i - back)], "at " + i);
            }
        }
    }

    /** {@code n} prices of 0.01 to 2^bits cents, as floats of the type. */
    static long[] cents(NumberType t, int n, long seed, int bits) {
        Random r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = (1 + r.nextInt(1 << bits)) / 100.0;
        return floats(t, v);
    }

    /** Numbers that repeat the one 7 back or 100 back, now and then a fresh one. */
    static long[] repeats(NumberType t, int n, long seed) {
        Random r = new Random(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(20);
            a[i] = k < 9 && i >= 7 ? a[i - 7] : k < 18 && i >= 100 ? a[i - 100] : r.nextLong() & t.mask();
        }
        return a;
    }

    @ParameterizedTest
    @EnumSource(value = NumberType.class, names = {"U32", "I64", "F64", "U16"})
    void lookbackIsChosenForRepeatsAtLags7And100AndPays(NumberType t) {
        long[] d = repeats(t, 40_000, 12);
        PcoFile f = roundTrip(t, d, Options.DEFAULT);
        DeltaEncoding e = f.chunks().get(0).meta().deltaEncoding();
        assertEquals(PcoLookback.encoding(PcoLookback.windowLogFor(d.length)), e, e.toString());
        long classic = PcoEncoder.encode(t, d, d.length, Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE)).length;
        assertTrue(f.size() < classic * 0.5, f.size() + " vs classic " + classic);
        // an independent count: about a tenth of the numbers are fresh and need all their bits
        int fresh = 0;
        for (int i = 0; i < d.length; i++) if (i < 100 || d[i] != d[i - 7] && d[i] != d[i - 100]) fresh++;
        assertTrue(f.size() * 8L < (long) fresh * t.bits + 4L * d.length, f.size() + " bytes for " + fresh + " fresh numbers");
    }

    @Test
    void severalChunksSplitAtTheChunkSize() {
        long[] d = noise(10_000, 9);
        for (int i = 0; i < d.length; i++) d[i] = (d[i] & 0xff) + i * 7L;
        PcoFile f = roundTrip(NumberType.I64, d, Options.DEFAULT.withChunkSize(3000));
        assertEquals(4, f.chunks().size());
        assertEquals(1000, f.chunks().get(3).n());
        assertEquals(9000, f.chunks().get(3).firstRow());
    }

    @Test
    void intMultIsChosenForMultiplesAndPays() {
        Random r = new Random(3);
        long[] d = new long[5000];
        for (int i = 0; i < d.length; i++) d[i] = 17 + 1000L * r.nextInt(1 << 20);
        PcoFile f = roundTrip(NumberType.I64, d, Options.DEFAULT);
        assertEquals(new Mode.IntMult(1000), f.chunks().get(0).meta().mode());
        long classic = PcoEncoder.encode(NumberType.I64, d, d.length, Options.DEFAULT.withMode(ModeChoice.CLASSIC)).length;
        assertTrue(f.size() < classic * 0.8, f.size() + " vs classic " + classic);
    }

    @Test
    void intMultFindsTheBaseOfMultiplesWithJitter() {
        Random r = new Random(6);
        long[] d = new long[50_000];
        long t = 1_700_000_000_000L;
        for (int i = 0; i < d.length; i++) d[i] = t + 1000L * i + 800 + r.nextInt(8); // events each second, ms clock
        PcoFile f = roundTrip(NumberType.I64, d, Options.DEFAULT);
        assertEquals(new Mode.IntMult(1000), f.chunks().get(0).meta().mode());
        long classic = PcoEncoder.encode(NumberType.I64, d, d.length, Options.DEFAULT.withMode(ModeChoice.CLASSIC)).length;
        assertTrue(f.size() < classic * 0.9, f.size() + " vs classic " + classic);
        assertTrue(f.size() * 8L < 4L * d.length, "about 3 bits a number (the jitter), not " + f.size() * 8.0 / d.length);
    }

    @Test
    void floatQuantTakesTheBitsMostNumbersLeaveZero() {
        Random r = new Random(7);
        double[] v = new double[20_000];
        for (int i = 0; i < v.length; i++) v[i] = i % 50 == 0 ? r.nextGaussian() : (float) r.nextGaussian();
        PcoFile f = roundTrip(NumberType.F64, floats(NumberType.F64, v), Options.DEFAULT);
        assertEquals(new Mode.FloatQuant(29), f.chunks().get(0).meta().mode());
    }

    @Test
    void floatQuantIsChosenForShortMantissas() {
        Random r = new Random(4);
        double[] v = new double[5000];
        for (int i = 0; i < v.length; i++) v[i] = (float) r.nextGaussian();
        PcoFile f = roundTrip(NumberType.F64, floats(NumberType.F64, v), Options.DEFAULT);
        assertEquals(new Mode.FloatQuant(29), f.chunks().get(0).meta().mode());
    }

    @Test
    void deltaIsChosenForSmoothSeriesAndCompresses() {
        long[] d = new long[20_000];
        for (int i = 0; i < d.length; i++) d[i] = (long) (1e6 * Math.sin(i / 500.0));
        PcoFile f = roundTrip(NumberType.I64, d, Options.DEFAULT);
        DeltaEncoding e = f.chunks().get(0).meta().deltaEncoding();
        assertTrue(e instanceof DeltaEncoding.Consecutive c && c.order() >= 2, e.toString());
        assertTrue(f.size() < d.length, "under a byte a number: " + f.size());
    }

    static Stream<Path> fixtures() throws IOException {
        Path root = Fixtures.resource("fixtures/pco");
        return Files.walk(root).filter(p -> p.toString().endsWith(".pco")).sorted();
    }

    @Test
    void reencodesEveryFixtureToTheSameNumbers() throws IOException {
        int files = 0;
        for (Path p : fixtures().toList()) {
            PcoFile ref = PcoFile.open(ByteSource.open(p));
            if (!ref.diagnostics().isEmpty() || ref.chunks().isEmpty()) continue;
            NumberType t = ref.numberType();
            long[] vals = new long[(int) ref.totalN()];
            for (PcoFile.Chunk c : ref.chunks()) ref.decodeChunk(c, vals, (int) c.firstRow());
            roundTrip(t, vals, Options.DEFAULT);
            files++;
        }
        assertTrue(files >= 20, files + " fixtures");
    }
}
