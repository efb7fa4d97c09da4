package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/**
 * Datasets written by h5py with the Blosc, LZ4, bitshuffle, Zstandard and bzip2 filter
 * plugins (fixtures/hdf5-filters, MANIFEST.json): every value as the plugins decode it,
 * every stored chunk listed with its place in the file, and a damaged chunk reported at
 * its bytes while everything else reads.
 */
class Hdf5FiltersTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    private static Path fixture(String name) {
        return Fixtures.resource("fixtures/hdf5-filters/" + name);
    }

    private static JsonNode manifest() throws Exception {
        return new ObjectMapper().readTree(fixture("MANIFEST.json").toFile());
    }

    /** The values in C order as little-endian bytes (readRaw gives them so whatever the stored order), digested as the MANIFEST does. */
    static String sha256(ValueColumn c) throws Exception {
        byte[] raw = new byte[(int) c.count() * c.type().byteWidth()];
        c.readRaw(0, (int) c.count(), raw, 0);
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw));
    }

    private static Node dataset(String key) {
        int slash = key.indexOf('/');
        Node n = REGISTRY.open(fixture(key.substring(0, slash))).find(key.substring(slash + 1));
        assertNotNull(n, key);
        return n;
    }

    private static String field(Node n, String name) {
        for (Field f : n.fields()) if (f.name().equals(name)) return f.value();
        return null;
    }

    @Test
    void everyDatasetDecodesToWhatThePluginsRead() throws Exception {
        int checked = 0;
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) manifest().get("datasets")::fields) {
            Node n = dataset(e.getKey());
            ValueColumn c = n.values();
            assertNotNull(c, e.getKey() + ": " + n.diagnostics());
            assertEquals(e.getValue().get("count").asLong(), c.count(), e.getKey());
            assertEquals(e.getValue().get("sha256").asText(), sha256(c), e.getKey());
            assertEquals(List.of(), TreeWalk.diagnostics(n, true, 10_000, Progress.NONE).stream()
                    .map(l -> l.diagnostic().rule()).toList(), e.getKey());
            checked++;
        }
        assertEquals(21, checked);
    }

    @Test
    void everyStoredChunkIsANodeAtItsPlaceInTheFile() throws Exception {
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) manifest().get("datasets")::fields) {
            Node chunks = dataset(e.getKey()).child("chunks");
            assertNotNull(chunks, e.getKey());
            JsonNode stored = e.getValue().get("stored_chunks");
            assertEquals(stored.size(), chunks.childCount(), e.getKey());
            for (int i = 0; i < stored.size(); i++) {
                JsonNode want = stored.get(i);
                Node c = chunks.children().get(i);
                assertEquals(want.get("byte_offset").asLong(), c.span().byteOffset(), e.getKey() + " " + c.name());
                assertEquals(want.get("size").asLong(), c.span().byteLength(), e.getKey() + " " + c.name());
                List<Long> origin = new ArrayList<>();
                want.get("offset").forEach(x -> origin.add(x.asLong()));
                assertEquals("chunk " + origin, c.name());
                boolean skipped = want.get("filter_mask").asInt() != 0;
                assertEquals(skipped, !field(c, "filter mask").startsWith("0 "), e.getKey() + " " + c.name());
            }
        }
    }

    @Test
    void aBloscChunkOpensAsItsOwnInspection() {
        Node chunk = dataset("blosc.h5/lz4_shuffle_f4_2d").child("chunks").children().get(0);
        Node blosc = chunk.child("Blosc chunk");
        assertNotNull(blosc);
        assertEquals(chunk.span().byteOffset(), blosc.span().byteOffset(), "read in place in the file");
        assertEquals("2048", field(blosc, "nbytes"));
        assertTrue(blosc.children().size() > 0, "its blocks");
    }

    @Test
    void aDamagedBloscChunkIsReportedAtItsBytesAndTheRestReads() throws Exception {
        JsonNode damage = manifest().get("damaged").get("damaged/blosc_bad_header.h5");
        Node root = REGISTRY.open(fixture("damaged/blosc_bad_header.h5"));
        List<Diagnostic> found = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        for (TreeWalk.Located l : TreeWalk.diagnostics(root.find("lz4_shuffle_f4_2d"), true, 10_000, Progress.NONE)) {
            found.add(l.diagnostic());
            at.add(l.offsetBits() / 8);
        }
        assertTrue(at.contains(damage.get("chunk_byte_offset").asLong()) || at.contains(damage.get("byte_offset").asLong()),
                at + " " + found);
        // the Blosc inspection of the chunk names the damaged header field itself
        Node chunk = root.find("lz4_shuffle_f4_2d/chunks/chunk [32, 16]");
        assertNotNull(chunk);
        List<Long> inner = new ArrayList<>();
        for (TreeWalk.Located l : TreeWalk.diagnostics(chunk.child("Blosc chunk"), true, 1000, Progress.NONE)) inner.add(l.offsetBits() / 8);
        assertTrue(inner.stream().anyMatch(o -> o >= damage.get("chunk_byte_offset").asLong()
                && o < damage.get("chunk_byte_offset").asLong() + damage.get("chunk_size").asLong()), inner.toString());
        JsonNode datasets = manifest().get("datasets");
        for (JsonNode name : damage.get("intact_datasets")) {
            Node n = root.find(name.asText());
            JsonNode want = datasets.get("blosc.h5/" + name.asText());
            assertEquals(want.get("sha256").asText(), sha256(n.values()), name.asText());
        }
    }
}
