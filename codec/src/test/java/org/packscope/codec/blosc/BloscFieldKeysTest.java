package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.packscope.codec.bcolz.BcolzDocs;
import org.packscope.codec.bcolz.BcolzRules;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadRules;
import org.packscope.codec.read.Recorder;

/**
 * The Blosc and bcolz nodes get their fields from the recording reader: every field has a
 * key its format documents, indexed fields carry their index, header fields lie where the
 * reader read them, metadata members where the JSON has them; every rule the two packages
 * emit on the samples is catalogued.
 */
class BloscFieldKeysTest {
    static final FormatRegistry REGISTRY = FormatRegistry.standard();
    static final Path SAMPLES = Path.of("../resources");

    @Test
    void chunkFieldsAreKeyedIndexedAndDocumented() throws Exception {
        Node n = REGISTRY.open(BloscFixtureTest.DIR.resolve("lz4_shuf_ts4_160k_mixed_c1.blosc"));
        Field b1 = BloscNodeTest.field(n, "bstarts[1]");
        assertEquals("bstarts", b1.key());
        assertEquals(1, b1.index());
        assertEquals("flags.compformat", BloscNodeTest.field(n, "flags.compformat").key());
        assertNull(BloscNodeTest.field(n, "nblocks").span());
        Node block = n.children().get(0);
        Field csize = BloscNodeTest.field(block, "streams[0].csize");
        assertEquals(BloscChunk.STREAM_CSIZE, csize.key());
        assertEquals(0, csize.index());
        assertEquals("block.nbytes", BloscNodeTest.field(block, "nbytes").key());
        assertEquals(Span.bytes(16, 4), BloscNodeTest.field(block, "bstart").span());
        for (Node x : List.of(n, block)) {
            assertTrue(x.facet(FieldExplainer.class) == BloscDocs.DOCS);
            for (Field f : x.fields()) assertTrue(BloscDocs.DOCS.documents(f.key()), x.kind() + " field " + f.key());
        }
    }

    @Test
    void theFastPathReadsTheSameHeaderWithoutRecording() throws Exception {
        byte[] b = Files.readAllBytes(BloscFixtureTest.DIR.resolve("lz4_shuf_ts4_160k_mixed_c1.blosc"));
        List<String> keys = new ArrayList<>();
        Recorder rec = (key, index, label, bit, bits, value, meaning) -> keys.add(key + "@" + bit + "+" + bits);
        ChunkHeader recorded = ChunkHeader.read(new FieldReader(ByteSource.of(b, "x"), 0, rec));
        assertEquals(ChunkHeader.read(ByteSource.of(b, "x"), 0), recorded);
        assertEquals(List.of("version@0+8", "versionlz@8+8", "flags@16+8", "flags.shuffle@16+1", "flags.memcpyed@17+1",
                "flags.bitshuffle@18+1", "flags.reserved@19+1", "flags.dont_split@20+1", "flags.compformat@21+3",
                "typesize@24+8", "nbytes@32+32", "blocksize@64+32", "cbytes@96+32"), keys);
        // the spans diagnostics use are the ones the reader records
        for (String k : keys) {
            String key = k.substring(0, k.indexOf('@'));
            Span s = recorded.span(key);
            assertEquals(k, key + "@" + s.startBit() + "+" + s.bitLength());
        }
    }

    @Test
    void superchunkHeaderIsKeyed() throws Exception {
        Node n = REGISTRY.open(BloscFixtureTestSupport.bcolzFile("carray_int64_lz4_c1_shuffle_multiblock/data/__0.blp"));
        assertEquals(Superchunk.VERSION, BloscNodeTest.field(n, "version").key());
        assertEquals(Span.bytes(5, 3), BloscNodeTest.field(n, "reserved").span());
        for (Field f : n.fields()) assertTrue(BloscDocs.DOCS.documents(f.key()), f.key());
    }

    @Test
    void metadataMembersSpanTheirOwnBytes() throws Exception {
        Path root = SAMPLES.resolve("bcolz/carray_2d_float64_N3_lz4_c5_shuffle");
        Node carray = REGISTRY.open(root);
        Node sizes = carray.child("meta").child("sizes");
        String text = Files.readString(root.resolve("meta/sizes"), StandardCharsets.UTF_8);
        Field shape = BloscNodeTest.field(sizes, "shape");
        assertEquals("sizes.shape", shape.key());
        String covered = text.substring((int) shape.span().byteOffset(), (int) shape.span().byteEnd());
        assertTrue(covered.startsWith("\"shape\"") && covered.endsWith("]"), covered);
        Node storage = carray.child("meta").child("storage");
        for (Node x : List.of(carray, sizes, storage)) {
            for (Field f : x.fields()) assertTrue(BcolzDocs.DOCS.documents(f.key()), x.kind() + " field " + f.key());
        }
        Node table = REGISTRY.open(SAMPLES.resolve("bcolz/ctable_basic"));
        Field columns = BloscNodeTest.field(table, "columns");
        assertNotNull(columns.span());
        String rootdirs = Files.readString(SAMPLES.resolve("bcolz/ctable_basic/__rootdirs__"), StandardCharsets.UTF_8);
        assertTrue(rootdirs.substring((int) columns.span().byteOffset(), (int) columns.span().byteEnd()).startsWith("\"names\""));
    }

    @Test
    void everyRuleEmittedOnTheSamplesIsCatalogued() throws Exception {
        Set<String> catalogued = new HashSet<>();
        for (RuleCatalogue c : List.of(new BloscRules(), new BcolzRules(), new ReadRules())) {
            for (Rule r : c.rules()) catalogued.add(r.id());
        }
        assertTrue(RuleCatalogue.all().stream().anyMatch(c -> c instanceof BloscRules));
        assertTrue(RuleCatalogue.all().stream().anyMatch(c -> c instanceof BcolzRules));
        List<Diagnostic> seen = new ArrayList<>();
        for (String dir : List.of("blosc", "bcolz")) {
            try (var s = Files.list(SAMPLES.resolve(dir))) {
                for (Path p : s.toList()) walk(REGISTRY.open(p), seen, 0);
            }
        }
        assertTrue(seen.size() > 3, "the damaged samples report problems: " + seen);
        for (Diagnostic d : seen) assertTrue(catalogued.contains(d.rule()), d.rule() + ": " + d.message());
    }

    private static void walk(Node n, List<Diagnostic> out, int depth) {
        out.addAll(n.diagnostics());
        Verifier v = n.facet(Verifier.class);
        if (v != null) v.verify(out::add, Progress.NONE);
        if (depth < 4) for (Node c : n.children().subList(0, Math.min(8, n.childCount()))) walk(c, out, depth + 1);
    }
}
