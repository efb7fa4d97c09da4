package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.pco.PcoEncoder.DeltaChoice;
import org.packscope.codec.pco.PcoEncoder.ModeChoice;
import org.packscope.codec.pco.PcoEncoder.Options;

/**
 * The encoder writes older Pco versions as their readers expect them: PackScope's reader
 * (which branches on the version as pco does) reads each back to the numbers given, with
 * the declared versions, and finds nothing the version predates.
 */
class PcoVersionsTest {

    /** Each format with the standalone version {@link PcoVersion#parse} pairs it with, then the other pairs releases wrote. */
    static List<PcoVersion> versions() {
        List<PcoVersion> v = new ArrayList<>();
        for (String s : PcoVersion.KNOWN.split(", ")) v.add(PcoVersion.parse(s));
        v.add(PcoVersion.parse("1").withStandalone(2)); // pco 0.1.1 - 0.2.x
        v.add(PcoVersion.parse("3").withStandalone(3)); // pco 0.4.5 - 0.4.9 with a uniform type
        v.add(PcoVersion.parse("4.0").withStandalone(3));
        v.add(PcoVersion.LATEST.withStandalone(2));
        return v;
    }

    /** The choices a user can make that {@code v} has for {@code t}; AUTO keeps to the version by itself. */
    static List<Options> choices(PcoVersion v, NumberType t) {
        Options d = Options.DEFAULT.withVersion(v);
        List<Options> c = new ArrayList<>(List.of(d, d.withChunkSize(500), d.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE),
                d.withLevel(0).withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.consecutive(3))));
        ModeChoice split = t.isFloat() ? (v.hasFloatQuant() ? ModeChoice.FLOAT_QUANT : null) : (v.hasIntMult() ? ModeChoice.INT_MULT : null);
        if (split != null) {
            c.add(d.withMode(split).withDelta(DeltaChoice.NONE));
            c.add(d.withMode(split).withDelta(DeltaChoice.consecutive(2)));
        }
        if (t.isFloat()) {
            c.add(d.withMode(ModeChoice.FLOAT_MULT).withDelta(DeltaChoice.NONE));
            c.add(d.withFloatMultBase(0.01).withDelta(DeltaChoice.consecutive(1)));
        }
        if (v.hasLookback()) c.add(d.withDelta(DeltaChoice.lookback()));
        return c;
    }

    @ParameterizedTest
    @MethodSource("versions")
    void everyTypeAndChoiceTheVersionHasRoundTripsUnderTheDeclaredVersions(PcoVersion v) {
        int files = 0;
        for (NumberType t : NumberType.values()) {
            if (!v.has(t)) continue;
            List<long[]> sets = new ArrayList<>(PcoEncoderTest.datasets(t));
            sets.add(PcoEncoderTest.repeats(t, 3000, 9));
            for (long[] d : sets) {
                for (Options o : choices(v, t)) {
                    PcoFile f = PcoEncoderTest.roundTrip(t, d, o); // also: no diagnostic, e.g. no feature newer than the format
                    assertEquals(v.format(), f.version(), t + " " + o);
                    StandaloneHeader h = f.header();
                    assertEquals(v.standalone(), h.version());
                    assertEquals(v.standalone() >= 2, h.explicitVersion());
                    assertEquals(v.standalone() >= 3 ? t : null, h.uniformType());
                    assertEquals(v.standalone() >= 2 ? d.length : 0, h.nHint());
                    for (PcoFile.Chunk c : f.chunks()) {
                        Mode m = c.meta().mode();
                        assertFalse(m instanceof Mode.IntMult && !v.hasIntMult(), m + " in " + v);
                        assertFalse(m instanceof Mode.FloatQuant && !v.hasFloatQuant(), m + " in " + v);
                        assertFalse(c.meta().deltaEncoding() instanceof DeltaEncoding.Lookback && !v.hasLookback(), "Lookback in " + v);
                    }
                    files++;
                }
            }
        }
        assertTrue(files > 100, files + " files");
    }

    @Test
    void theHeadersAreTheBytesEachVersionDefines() {
        long[] d = new long[2000];
        for (int i = 0; i < d.length; i++) d[i] = i < 1000 ? i : 1000 + i;
        Options classic = Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE);
        // format 0 and 1: the magic, the format byte (the implicit standalone version), the chunk's type byte and n - 1
        assertHead(bytes("pco!", 0, 3, 0xcf, 0x07, 0x00), PcoEncoder.encode(NumberType.I32, d, 2000, classic.withVersion(PcoVersion.parse("0"))));
        assertHead(bytes("pco!", 1, 3, 0xcf, 0x07, 0x00), PcoEncoder.encode(NumberType.I32, d, 2000, classic.withVersion(PcoVersion.parse("1"))));
        // standalone 2: its version, n_hint 2000 in 11 bits after its width minus 1 (10) in 6: 0b0_0000_0000_0000_0001 0_001010
        // little-endian, then the format byte(s)
        int hint = 10 | 2000 << 6;
        assertHead(bytes("pco!", 2, hint & 0xff, hint >>> 8 & 0xff, hint >>> 16, 3, 3), PcoEncoder.encode(NumberType.I32, d, 2000, classic.withVersion(PcoVersion.parse("3"))));
        assertHead(bytes("pco!", 2, hint & 0xff, hint >>> 8 & 0xff, hint >>> 16, 4, 0, 3), PcoEncoder.encode(NumberType.I32, d, 2000, classic.withVersion(PcoVersion.parse("4.0"))));
        // standalone 3: the uniform type byte before n_hint
        assertHead(bytes("pco!", 3, 3, hint & 0xff, hint >>> 8 & 0xff, hint >>> 16, 4, 1, 3), PcoEncoder.encode(NumberType.I32, d, 2000, classic));
        // before format 3 the chunk metadata starts with the 4-bit mode and the 3-bit order; from 3 a 4-bit variant
        byte[] order2 = PcoEncoder.encode(NumberType.I32, d, 2000, classic.withDelta(DeltaChoice.consecutive(2)).withVersion(PcoVersion.parse("2")));
        assertEquals(0b0100000, order2[13] & 0x7f, "mode 0, order 2");
        byte[] order2v3 = PcoEncoder.encode(NumberType.I32, d, 2000, classic.withDelta(DeltaChoice.consecutive(2)).withVersion(PcoVersion.parse("3")));
        assertEquals(0b0_010_0001_0000, (order2v3[13] & 0xff | order2v3[14] << 8) & 0xfff, "mode 0, variant 1, order 2, no secondary delta");
    }

    @Test
    void whatTheVersionLacksIsRefusedWhenAskedFor() {
        long[] d = {1, 2, 3};
        assertRefused(NumberType.I64, Options.DEFAULT.withMode(ModeChoice.INT_MULT), "0", "IntMult mode (it came with format 1)");
        assertRefused(NumberType.F32, Options.DEFAULT.withMode(ModeChoice.FLOAT_QUANT), "1", "FloatQuant mode (it came with format 2)");
        assertRefused(NumberType.U32, Options.DEFAULT.withDelta(DeltaChoice.lookback()), "2", "Lookback delta encoding (it came with format 3)");
        assertRefused(NumberType.U16, Options.DEFAULT, "1", "u16 numbers (16-bit types came with format 2)");
        assertRefused(NumberType.I8, Options.DEFAULT, "4.0", "i8 numbers (8-bit types came with format 4.1)");
        // the same requests in the versions that have them are written
        assertTrue(PcoEncoder.encode(NumberType.I64, d, 3, Options.DEFAULT.withMode(ModeChoice.INT_MULT).withVersion(PcoVersion.parse("1"))).length > 0);
        assertTrue(PcoEncoder.encode(NumberType.I8, d, 3, Options.DEFAULT.withVersion(PcoVersion.parse("4.1"))).length > 0);
    }

    private static void assertRefused(NumberType t, Options o, String version, String lacks) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PcoEncoder.encode(t, new long[] {1, 2, 3}, 3, o.withVersion(PcoVersion.parse(version))));
        assertEquals("Pco format " + PcoVersion.parse(version).format() + " has no " + lacks, e.getMessage());
    }

    @Test
    void pairsNoReleaseWroteAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PcoVersion.parse("0").withStandalone(2));
        assertThrows(IllegalArgumentException.class, () -> PcoVersion.parse("2").withStandalone(1));
        assertThrows(IllegalArgumentException.class, () -> PcoVersion.parse("2").withStandalone(3));
        assertThrows(IllegalArgumentException.class, () -> PcoVersion.parse("1").withStandalone(0));
        assertThrows(IllegalArgumentException.class, () -> new PcoVersion(new FormatVersion(4, 2), 3));
        assertThrows(IllegalArgumentException.class, () -> new PcoVersion(new FormatVersion(3, 1), 2));
        assertThrows(IllegalArgumentException.class, () -> PcoVersion.parse("5"));
        assertEquals(PcoVersion.LATEST, Options.DEFAULT.version());
    }

    @Test
    void autoFallsBackToWhatTheVersionHas() {
        Random r = new Random(3);
        long[] mults = new long[5000];
        for (int i = 0; i < mults.length; i++) mults[i] = 17 + 1000L * r.nextInt(1 << 20);
        assertEquals(new Mode.IntMult(1000), firstMode(NumberType.I64, mults, PcoVersion.parse("1")));
        assertEquals(new Mode.Classic(), firstMode(NumberType.I64, mults, PcoVersion.parse("0")));

        double[] v = new double[5000];
        for (int i = 0; i < v.length; i++) v[i] = (float) r.nextGaussian();
        long[] shortMantissas = PcoEncoderTest.floats(NumberType.F64, v);
        assertEquals(new Mode.FloatQuant(29), firstMode(NumberType.F64, shortMantissas, PcoVersion.parse("2")));
        assertFalse(firstMode(NumberType.F64, shortMantissas, PcoVersion.parse("1")) instanceof Mode.FloatQuant);

        long[] repeats = PcoEncoderTest.repeats(NumberType.U32, 20_000, 12);
        Options auto = Options.DEFAULT.withVersion(PcoVersion.parse("3"));
        DeltaEncoding in3 = PcoEncoderTest.roundTrip(NumberType.U32, repeats, auto).chunks().get(0).meta().deltaEncoding();
        assertTrue(in3 instanceof DeltaEncoding.Lookback, in3.toString());
        DeltaEncoding in2 = PcoEncoderTest.roundTrip(NumberType.U32, repeats, auto.withVersion(PcoVersion.parse("2"))).chunks().get(0).meta().deltaEncoding();
        assertFalse(in2 instanceof DeltaEncoding.Lookback, in2.toString());
    }

    private static Mode firstMode(NumberType t, long[] d, PcoVersion v) {
        return PcoEncoderTest.roundTrip(t, d, Options.DEFAULT.withVersion(v)).chunks().get(0).meta().mode();
    }

    private static byte[] bytes(String magic, int... rest) {
        byte[] m = magic.getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(m, m.length + rest.length);
        for (int i = 0; i < rest.length; i++) out[m.length + i] = (byte) rest[i];
        return out;
    }

    private static void assertHead(byte[] expected, byte[] file) {
        assertArrayEquals(expected, Arrays.copyOf(file, expected.length));
    }
}
