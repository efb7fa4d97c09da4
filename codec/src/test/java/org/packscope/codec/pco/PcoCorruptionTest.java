package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.testing.Fixtures;

/** Damaged copies of real files: each broken rule gives its diagnostic at the exact bit, never an exception. */
class PcoCorruptionTest {

    static byte[] bytes(String fixture) {
        return Fixtures.bytes(Fixtures.resource("fixtures/pco/" + fixture + ".pco"));
    }

    static PcoFile open(byte[] b) {
        return PcoFile.open("damaged", Arrays.copyOf(b, b.length + PageDecoder.PADDING), b.length);
    }

    /** Writes {@code bits} of value at an absolute LSB-first bit position. */
    static void setBits(byte[] b, long bit, int bits, long value) {
        for (int i = 0; i < bits; i++) {
            long p = bit + i;
            int mask = 1 << (p & 7);
            if (((value >>> i) & 1) != 0) b[(int) (p >>> 3)] |= (byte) mask; else b[(int) (p >>> 3)] &= (byte) ~mask;
        }
    }

    /** Where a field of the intact file is, found through the inspection tree. */
    static Field field(String fixture, String nodePath, String name) {
        Node root = FormatRegistry.standard().open(Fixtures.resource("fixtures/pco/" + fixture + ".pco"));
        Node n = nodePath.isEmpty() ? root : root.find(nodePath);
        assertNotNull(n, nodePath);
        for (Field f : n.fields()) if (f.name().equals(name)) return f;
        throw new AssertionError("no field " + name);
    }

    /** The one error (warnings about resynchronising may follow it). */
    static Diagnostic only(PcoFile f) {
        List<Diagnostic> errors = f.diagnostics().stream().filter(d -> d.severity() == org.packscope.codec.inspect.Severity.ERROR).toList();
        assertEquals(1, errors.size(), f.diagnostics().toString());
        return errors.get(0);
    }

    static void assertDiag(PcoFile f, String rule, long bit) {
        Diagnostic d = only(f);
        assertEquals(rule, d.rule(), d.message());
        assertEquals(bit, d.span().startBit(), d.message());
    }

    /** Sets a metadata field of a fixture to a value and checks the rule fires at that field. */
    static PcoFile damageField(String fixture, String nodePath, String name, long value) {
        Field fd = field(fixture, nodePath, name);
        byte[] b = bytes(fixture);
        setBits(b, fd.span().startBit(), (int) fd.span().bitLength(), value);
        return open(b);
    }

    @Test
    void badMagic() {
        byte[] b = bytes("v1_0/seq_i32_0_10000");
        b[1] = 'x';
        assertDiag(open(b), "bad_magic", 0);
    }

    @Test
    void badMagicThroughRegistryIsADiagnostic(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("x.pco");
        byte[] b = bytes("v1_0/seq_i32_0_10000");
        b[0] = 'q';
        Files.write(p, b);
        Node root = FormatRegistry.standard().open(p);
        assertEquals("pco-file", root.kind());
        assertEquals("bad_magic", root.diagnostics().get(0).rule());
    }

    @Test
    void truncatedPage() {
        byte[] b = bytes("v1_0/dtype_i32_normal");
        int cut = b.length / 2;
        PcoFile f = open(Arrays.copyOf(b, cut));
        assertDiag(f, "truncated", cut * 8L);
        assertEquals(1, f.chunks().size());
        assertTrue(f.chunks().get(0).damaged());
        // the numbers before the cut still decode, exactly
        PcoValues v = PcoValues.ofFile(f, "x");
        assertEquals(2000, v.count());
        byte[] expected = Fixtures.bytes(Fixtures.resource("fixtures/pco/v1_0/dtype_i32_normal.expected.bin"));
        byte[] got = new byte[8000];
        v.readRaw(0, 2000, got, 0);
        int same = 0;
        while (same < 8000 && got[same] == expected[same]) same++;
        assertTrue(same >= 4 * 512, "decoded prefix " + same / 4);
    }

    @Test
    void truncatedHeader() {
        byte[] b = bytes("v1_0/seq_i32_0_10000");
        PcoFile f = open(Arrays.copyOf(b, 6));
        assertEquals("truncated", only(f).rule());
    }

    @Test
    void missingTerminator() {
        byte[] b = bytes("v0_4/multichunk_f32_10x1000");
        PcoFile f = open(Arrays.copyOf(b, b.length - 1));
        assertDiag(f, "missing_terminator", (b.length - 1) * 8L);
        assertEquals(10, f.chunks().size());
    }

    @Test
    void reservedMode() {
        PcoFile f = damageField("v1_0/seq_i32_0_10000", "chunk 0", "mode", 9);
        assertDiag(f, "reserved_mode", field("v1_0/seq_i32_0_10000", "chunk 0", "mode").span().startBit());
    }

    @Test
    void reservedDeltaEncoding() {
        Field fd = field("v1_0/delta_none_i32_walk", "chunk 0", "delta encoding");
        PcoFile f = damageField("v1_0/delta_none_i32_walk", "chunk 0", "delta encoding", 12);
        assertDiag(f, "reserved_delta_encoding", fd.span().startBit());
    }

    @Test
    void consecutiveOrderZero() {
        Field fd = field("v1_0/delta_consec3_i32_walk", "chunk 0", "order");
        assertEquals("3", fd.value());
        assertDiag(damageField("v1_0/delta_consec3_i32_walk", "chunk 0", "order", 0), "delta_order_zero", fd.span().startBit());
    }

    @Test
    void ansSizeLogAbove14() {
        Field fd = field("v1_0/dtype_i32_normal", "chunk 0/primary latent", "ans_size_log");
        assertDiag(damageField("v1_0/dtype_i32_normal", "chunk 0/primary latent", "ans_size_log", 15),
                "ans_size_log_too_large", fd.span().startBit());
    }

    @Test
    void binWeightsNotSummingToTableSize() {
        String fx = "v1_0/dtype_i32_normal";
        Field ans = field(fx, "chunk 0/primary latent", "ans_size_log");
        Field w = field(fx, "chunk 0/primary latent", "bin 0 weight");
        long stored = Long.parseLong(w.value()) - 1;
        assertDiag(damageField(fx, "chunk 0/primary latent", "bin 0 weight", stored ^ 1), "bin_weights_sum", ans.span().startBit());
    }

    @Test
    void offsetBitsAboveLatentSize() {
        String fx = "v1_0/dtype_i32_normal";
        Field ob = field(fx, "chunk 0/primary latent", "bin 0 offset bits");
        assertEquals(6, ob.span().bitLength());
        assertDiag(damageField(fx, "chunk 0/primary latent", "bin 0 offset bits", 33), "offset_bits_too_large", ob.span().startBit());
    }

    @Test
    void floatQuantKOutOfRange() {
        String fx = "v1_0/mode_floatquant8_f32";
        Field k = field(fx, "chunk 0", "k");
        assertDiag(damageField(fx, "chunk 0", "k", 0), "invalid_quant_k", k.span().startBit());
        assertDiag(damageField(fx, "chunk 0", "k", 24), "invalid_quant_k", k.span().startBit());
    }

    @Test
    void intMultBaseZero() {
        String fx = "v1_0/intmult_u32_x7";
        Field m = field(fx, "chunk 0", "mult");
        assertEquals("7", m.value());
        assertDiag(damageField(fx, "chunk 0", "mult", 0), "invalid_mult", m.span().startBit());
    }

    @Test
    void floatMultBaseNotFinite() {
        String fx = "v1_0/floatmult_f32_tenths";
        Field m = field(fx, "chunk 0", "mult");
        // latent of +inf: bits 0x7f800000 with the sign bit toggled
        assertDiag(damageField(fx, "chunk 0", "mult", 0xff800000L), "invalid_mult", m.span().startBit());
    }

    @Test
    void lookbackBinBeyondWindow() {
        String fx = "v1_0/delta_lookback_i32_walk";
        Field lower = field(fx, "chunk 0/delta latent", "bin 0 lower");
        PcoFile f = damageField(fx, "chunk 0/delta latent", "bin 0 lower", (1L << 12) + 1);
        assertDiag(f, "lookback_bin_out_of_window", lower.span().startBit());
    }

    @Test
    void lookbackWindowTooLarge() {
        String fx = "v1_0/delta_lookback_i32_walk";
        Field w = field(fx, "chunk 0", "window_n_log - 1");
        assertDiag(damageField(fx, "chunk 0", "window_n_log - 1", 30), "lookback_window_too_large", w.span().startBit());
    }

    @Test
    void conv1QuantizationAboveItsMaximum() {
        String fx = "v1_0/conv1_u8_near_zero_o3";
        Field q = field(fx, "chunk 0", "quantization");
        // u8 latents convolve in 16 bits: at most 15 bits of quantization
        assertDiag(damageField(fx, "chunk 0", "quantization", 20), "conv1_quantization", q.span().startBit());
    }

    @Test
    void dictLengthBeyondTheDataIsRejectedBeforeAllocating() {
        String fx = "v1_0/dict_u64_3vals";
        Field len = field(fx, "chunk 0", "dict length");
        assertEquals("3", len.value());
        assertDiag(damageField(fx, "chunk 0", "dict length", (1 << 25) - 1), "truncated", len.span().startBit());
    }

    @Test
    void binCountBeyondTheDataIsRejectedBeforeAllocating() {
        String fx = "v1_0/dtype_i32_normal";
        Field ans = field(fx, "chunk 0/primary latent", "ans_size_log");
        Field count = field(fx, "chunk 0/primary latent", "bin count");
        byte[] b = bytes(fx);
        setBits(b, ans.span().startBit(), 4, 14);
        setBits(b, count.span().startBit(), 15, 16000);
        assertDiag(open(Arrays.copyOf(b, 400)), "truncated", count.span().startBit());
    }

    @Test
    void lookbackBeyondWindowWhileDecoding() {
        // Hand-built u32 chunk: Lookback with a window of 2; the lookback latent is
        // lower 1 + a 2-bit offset, and the first offset is 3, so the lookback is 4.
        LatentVar delta = new LatentVar(LatentVar.Role.DELTA, 32, 0, List.of(new Bin(1, 1, 2)));
        LatentVar primary = new LatentVar(LatentVar.Role.PRIMARY, 32, 0, List.of(new Bin(1, 0, 0)));
        ChunkMeta meta = new ChunkMeta(NumberType.U32, new Mode.Classic(), new DeltaEncoding.Lookback(1, 0, false),
                delta, primary, null);
        // page: the primary's one delta state latent (32 bits of 0), then offsets 3, 0 in 2 bits each
        byte[] page = {0, 0, 0, 0, 0b0000_0011};
        PcoWrapped.Result<long[]> r = PcoWrapped.decodePage(meta, org.packscope.codec.io.ByteSource.of(page, "page"), 0, page.length, 3);
        assertEquals("lookback_exceeds_window", r.problem().rule());
        assertEquals(32, r.problem().span().startBit());
        // with an in-window lookback (offset 0 -> lookback 1) the same page decodes
        byte[] ok = {0, 0, 0, 0, 0};
        PcoWrapped.Result<long[]> good = PcoWrapped.decodePage(meta, org.packscope.codec.io.ByteSource.of(ok, "page"), 0, ok.length, 3);
        assertTrue(good.ok(), String.valueOf(good.problem()));
        assertArrayEquals(new long[] {0, 0x80000000L, 0}, good.value());
    }

    @Test
    void uniformTypeMismatch() {
        String fx = "v0_4/multichunk_u32_uniform_type";
        Field t = field(fx, "chunk 1", "number type");
        PcoFile f = damageField(fx, "chunk 1", "number type", 2);
        assertDiag(f, "uniform_type_mismatch", t.span().startBit());
        assertTrue(f.chunks().get(1).damaged());
        assertTrue(f.chunks().size() > 2, "the walk resynchronises on chunk 2");
        assertTrue(f.diagnostics().stream().anyMatch(d -> d.rule().equals("resynchronized")));
    }

    @Test
    void nonzeroHeaderPadding() {
        String fx = "v1_0/seq_i32_0_10000";
        Field pad = field(fx, "header", "padding");
        assertDiag(damageField(fx, "header", "padding", 1), "nonzero_padding", pad.span().startBit());
    }

    @Test
    void earlierChunksStillDecodeAfterDamage() throws IOException {
        String fx = "v0_4/multichunk_f32_10x1000";
        Field mode = field(fx, "chunk 3", "mode");
        PcoFile f = damageField(fx, "chunk 3", "mode", 15);
        assertDiag(f, "reserved_mode", mode.span().startBit());
        assertEquals(10, f.chunks().size());
        assertTrue(f.chunks().get(3).damaged());
        Field chunk4 = field(fx, "chunk 4", "number type");
        assertTrue(f.diagnostics().stream().anyMatch(d -> d.rule().equals("resynchronized")
                && d.span().startBit() == chunk4.span().startBit()), f.diagnostics().toString());
        byte[] expected = Files.readAllBytes(Fixtures.resource("fixtures/pco/" + fx + ".expected.bin"));
        byte[] got = new byte[expected.length];
        PcoValues.ofFile(f, "x").readRaw(0, 10000, got, 0);
        // chunks 0-2 and 4-9 decode exactly; the damaged chunk 3 reads as zeros
        Arrays.fill(expected, 3000 * 4, 4000 * 4, (byte) 0);
        assertArrayEquals(expected, got);
    }

    @Test
    void damagedChunkNodeShowsFieldsAndDiagnostic(@TempDir Path dir) throws IOException {
        String fx = "v0_4/multichunk_f32_10x1000";
        Field mode = field(fx, "chunk 3", "mode");
        byte[] b = bytes(fx);
        setBits(b, mode.span().startBit(), 4, 15);
        Path p = dir.resolve("d.pco");
        Files.write(p, b);
        Node root = FormatRegistry.standard().open(p);
        Node broken = root.child("chunk 3");
        assertNotNull(broken);
        assertEquals("reserved_mode", broken.diagnostics().get(0).rule());
        assertTrue(broken.fields().stream().anyMatch(x -> x.name().equals("mode")));
        assertEquals(10000, root.values().count());
    }

    @Test
    void verifierReportsDamagedPageData(@TempDir Path dir) throws IOException {
        // a Dict chunk whose first index is pushed past the dictionary: decode-time corruption
        String fx = "v1_0/dict_u64_3vals";
        Node root = FormatRegistry.standard().open(Fixtures.resource("fixtures/pco/" + fx + ".pco"));
        Node primary = root.find("chunk 0/primary latent");
        Field lower = null;
        for (Field x : primary.fields()) if (x.name().equals("bin 0 lower")) lower = x;
        byte[] b = bytes(fx);
        setBits(b, lower.span().startBit(), 32, 1000);
        Path p = dir.resolve("d.pco");
        Files.write(p, b);
        Node damaged = FormatRegistry.standard().open(p);
        assertEquals(List.of(), damaged.diagnostics());
        List<Diagnostic> found = new ArrayList<>();
        damaged.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertEquals(1, found.size());
        assertEquals("dict_index_out_of_range", found.get(0).rule());
        assertEquals(damaged.find("chunk 0/page").fields().stream().filter(x -> x.name().equals("padding")).count() >= 0, true);
    }
}
