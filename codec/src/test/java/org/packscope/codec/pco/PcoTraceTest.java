package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Value traces: every Pco value column traces to its decoded value, with spans inside the file. */
class PcoTraceTest {

    static Path samples() {
        Path dir = Path.of("..", "resources", "pco");
        return Files.isDirectory(dir) ? dir : Path.of("resources", "pco");
    }

    private static Node open(Path p) {
        try {
            return PcoNodes.file(p.getFileName().toString(), ByteSource.open(p));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Traces value k: same index and value as the column, last step's value too, spans in range, formulas agree. */
    static Trace checked(Node n, long k) {
        ValueColumn c = n.values();
        Trace t = n.facet(ValueTracer.class).trace(k, Progress.NONE);
        String want = c.text(k);
        assertEquals(k, t.index());
        assertEquals(want, t.value(), n.path() + " value " + k);
        assertFalse(t.steps().isEmpty());
        assertEquals(want, t.steps().get(t.steps().size() - 1).value(), n.path() + " last step of value " + k);
        for (Trace.Step s : t.steps()) {
            assertFalse(s.title().isEmpty());
            assertFalse(s.explanation().isEmpty(), s.title());
            assertFalse(s.explanation().contains("disagrees"), n.path() + " value " + k + ": " + s.explanation());
            assertNotNull(s.source());
            if (s.span() != null) {
                assertTrue(s.span().endBit() <= s.source().size() * 8, n.path() + ": " + s.title() + " " + s.span());
            }
        }
        return t;
    }

    private static List<Long> indices(long count, Random rnd) {
        TreeSet<Long> ks = new TreeSet<>();
        for (long k : new long[] {0, 1, 2, 3, 4, 5, 7, 8, 9, 255, 256, 257, 259, 260, 511, 512, count / 2, count - 2, count - 1}) {
            if (k >= 0 && k < count) ks.add(k);
        }
        for (int i = 0; i < 12 && count > 0; i++) ks.add((long) rnd.nextInt((int) Math.min(count, Integer.MAX_VALUE)));
        return new ArrayList<>(ks);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.packscope.codec.pco.PcoFixturesTest#fixtures")
    void everyColumnTracesToItsDecodedValue(String fixture) {
        Node root = open(Fixtures.resource("fixtures/pco/" + fixture + ".pco"));
        Random rnd = new Random(fixture.hashCode());
        List<Node> columns = new ArrayList<>();
        columns.add(root);
        for (Node c : root.children()) if (c.name().startsWith("chunk ")) columns.add(c);
        for (Node n : columns) {
            ValueColumn c = n.values();
            assertNotNull(c, n.path());
            assertNotNull(n.facet(ValueTracer.class), "no tracer at " + n.path());
            for (long k : indices(c.count(), rnd)) checked(n, k);
            assertThrows(IndexOutOfBoundsException.class, () -> n.facet(ValueTracer.class).trace(c.count(), Progress.NONE));
        }
    }

    private static Trace.Step step(Trace t, String title) {
        return t.steps().stream().filter(s -> s.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no step " + title + " in " + t.steps().stream().map(Trace.Step::title).toList()));
    }

    private static Field field(Node n, String name) {
        return n.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " on " + n.path()));
    }

    @Test
    void traceOfAPcoValueListsItsStepsWithBitRanges() throws IOException {
        // smooth_i64_timestamps_ms: one chunk of i64 timestamps, Classic mode with Consecutive delta
        Node root = open(samples().resolve("smooth_i64_timestamps_ms.pco"));
        long k = 600; // batch 2, position 88
        Trace t = checked(root, k);
        List<String> titles = t.steps().stream().map(Trace.Step::title).toList();
        assertEquals("chunk 0, number 600 of " + root.values().count(), step(t, "chunk").value());
        assertEquals("batch 2, position 88", step(t, "page position").value());
        Node page = root.find("chunk 0/page");
        Node batch = page.find("batch 2");
        // the batch step covers exactly the bits of the batch node
        assertEquals(batch.span(), step(t, "batch 2").span());
        // the delta encoding's order decides which latent of the batch is traced: the newest delta, o positions back
        int o = ((DeltaEncoding.Consecutive) PcoFile.open(ByteSource.open(samples().resolve("smooth_i64_timestamps_ms.pco")))
                .chunks().get(0).meta().deltaEncoding()).order();
        int p = 88 - o;
        assertEquals(field(batch, "primary[" + p + "] bin").span(), step(t, "primary: bin (tANS symbol)").span());
        assertEquals(field(batch, "primary[" + p + "] bin").value(), step(t, "primary: bin (tANS symbol)").value().substring(4));
        assertEquals(field(batch, "primary[" + p + "] offset").span(), step(t, "primary: offset").span());
        assertEquals(field(batch, "primary[" + p + "] offset").value(), step(t, "primary: offset").value());
        // the state of decoder p mod 4 came from the tANS bits of latent p − 4 of the same batch
        assertEquals(field(batch, "primary[" + (p - 4) + "] bin").span(), step(t, "primary: tANS state").span());
        assertTrue(step(t, "primary: tANS state").value().startsWith("decoder " + (p & 3) + ", state "));
        // the bin step points at the bin's three fields in the chunk metadata
        String bin = step(t, "primary: bin (tANS symbol)").value().substring(4);
        Node latent = root.find("chunk 0/primary latent");
        Span weight = field(latent, "bin " + bin + " weight").span();
        Span offsetBits = field(latent, "bin " + bin + " offset bits").span();
        assertEquals(Span.bits(weight.startBit(), offsetBits.endBit() - weight.startBit()), step(t, "primary: bin " + bin).span());
        assertNull(step(t, "primary: latent").span());
        assertTrue(titles.contains("primary: Consecutive delta (order " + o + ")"), titles.toString());
        assertEquals("number (from_latent_ordered)", titles.get(titles.size() - 1));
        // every bit-reading step lies inside the chunk
        Span chunk = step(t, "chunk").span();
        for (String s : List.of("primary: tANS state", "primary: bin (tANS symbol)", "primary: offset", "batch 2")) {
            Span sp = step(t, s).span();
            assertTrue(sp.startBit() >= chunk.startBit() && sp.endBit() <= chunk.endBit(), s + " " + sp);
        }
    }

    @Test
    void firstNumbersComeFromThePageState() {
        Node root = open(samples().resolve("smooth_i64_timestamps_ms.pco"));
        Trace t = checked(root, 0);
        Trace.Step s = step(t, "primary: delta state");
        assertEquals(field(root.find("chunk 0/page"), "primary delta state[0]").span(), s.span());
        assertTrue(t.steps().stream().noneMatch(x -> x.title().equals("primary: offset")));
    }

    @Test
    void dictValueLeadsToItsDictionaryEntry() {
        Node root = open(samples().resolve("dict_f64_10vals_nan.pco"));
        for (long k = 0; k < 40; k++) {
            Trace t = checked(root, k);
            Trace.Step d = step(t, "dictionary entry");
            String idx = d.value().substring(5, d.value().indexOf(']'));
            Node chunk = root.find("chunk 0");
            assertEquals(field(chunk, "dict[" + idx + "]").span(), d.span());
        }
    }

    @Test
    void floatMultShowsProductAndUlps() {
        Node root = open(samples().resolve("floatmult_f64_prices.pco"));
        Trace t = checked(root, 300);
        assertEquals(field(root.find("chunk 0"), "mult").span(), step(t, "FloatMult product").span());
        step(t, "secondary: offset");
        step(t, "FloatMult ULP adjustment");
    }

    @Test
    void damagedChunkTracesToZero() throws IOException {
        Node root = open(samples().resolve("multichunk_f32_10x1000-damaged.pco"));
        // chunk 3 has a reserved mode: its numbers read as 0; chunk 4 decodes
        Trace bad = checked(root, 3500);
        assertEquals("reserved_mode", step(bad, "damage").value());
        assertEquals("0.0", bad.value());
        Trace good = checked(root, 4500);
        step(good, "primary: latent");
    }

    @Test
    void secondaryWithoutBinsIsCorruptionEvenWhenThePrimaryIsAllDeltaState() throws IOException {
        // fuzz find: IntMult + Consecutive(3), 2 numbers: the primary reads no latents, the (non-delta) secondary 2, from 0 bins
        byte[] b = Files.readAllBytes(Fixtures.resource(
                "org/packscope/codec/fuzz/PcoFuzzTestInputs/standalone/crash-1b175d725dfc98aa61f711ed2f7d1965153f846a"));
        System.arraycopy(new byte[] {'p', 'c', 'o', '!'}, 0, b, 0, 4);
        Node root = PcoNodes.file("f.pco", ByteSource.of(b, "f.pco"));
        assertEquals("no_bins", root.diagnostics().get(0).rule());
        assertEquals(Span.bits(256, 0), root.diagnostics().get(0).span());
        for (long k = 0; k < root.values().count(); k++) assertEquals("0", checked(root, k).value());
    }

    @Test
    void truncatedPageTracesWhatDecodes() {
        byte[] b = Fixtures.bytes(Fixtures.resource("fixtures/pco/v1_0/size10000_i64_timestamps.pco"));
        for (int cut : new int[] {b.length - 1, b.length - 3, b.length / 2, b.length / 3}) {
            byte[] c = java.util.Arrays.copyOf(b, cut);
            Node root = PcoNodes.file("cut.pco", ByteSource.of(c, "cut.pco"));
            ValueColumn col = root.values();
            if (col == null) continue;
            for (long k : indices(col.count(), new Random(cut))) checked(root, k);
            for (Node ch : root.children()) {
                if (ch.values() != null) for (long k : indices(ch.values().count(), new Random(cut))) checked(ch, k);
                Node page = ch.find("page");
                if (page == null) continue;
                for (Node batch : page.children()) {
                    for (Field f : batch.fields()) {
                        if (f.span() != null) assertTrue(f.span().endBit() <= cut * 8L, batch.path() + " " + f.name() + " " + f.span());
                    }
                }
            }
        }
    }
}
