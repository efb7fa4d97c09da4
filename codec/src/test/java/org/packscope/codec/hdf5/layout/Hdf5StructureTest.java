package org.packscope.codec.hdf5.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.packscope.codec.hdf5.Hdf5ElementSpans;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * PackScope's own reading of HDF5 structures against what HDF5's library says about the
 * same files, written by h5py and one by jhdf's writer (MANIFEST.json, from h5py's low-level API): superblock version
 * and end of file, every object's header address, contiguous data offsets, and every
 * chunk's offset, address, size and filter mask through each chunk index. The whole
 * "file structure" tree of each file opens without a diagnostic, every field it records is
 * documented and lies inside the file, and every element's place agrees with the manifest.
 */
class Hdf5StructureTest {
    static final Path DIR = Fixtures.resource("fixtures/hdf5-structure");

    static JsonNode manifest() throws Exception {
        return new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile());
    }

    /** Every node of the tree, opened (at most {@code max}). */
    static List<Node> all(Node root, int max) {
        List<Node> out = new ArrayList<>();
        Deque<Node> todo = new ArrayDeque<>();
        todo.add(root);
        while (!todo.isEmpty() && out.size() < max) {
            Node n = todo.poll();
            out.add(n);
            n.children().forEach(todo::add);
        }
        return out;
    }

    static List<Diagnostic> diagnostics(Node root) {
        List<Diagnostic> out = new ArrayList<>();
        for (Node n : all(root, 100_000)) out.addAll(n.diagnostics());
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"v0.h5", "userblock.h5", "v2.h5", "latest.h5", "fsm.h5", "jhdf.h5"})
    void structuresMatchHdf5sOwnAccount(String name) throws Exception {
        JsonNode m = manifest().get("files").get(name);
        ByteSource src = ByteSource.open(DIR.resolve(name));
        {
            Superblock sb = Superblock.read(src, null);
            assertEquals(m.get("superblock_version").asInt(), sb.version());
            assertEquals(m.get("file_size").asLong(), sb.eof(), "end of file address");
            assertEquals(m.get("userblock").asLong(), sb.base());
            FileContext c = sb.context(src);

            Node tree = StructureNodes.fileStructure(src);
            List<Node> nodes = all(tree, 100_000);
            assertEquals(List.of(), diagnostics(tree));
            Set<String> undocumented = new TreeSet<>();
            for (Node n : nodes) {
                for (Field f : n.fields()) {
                    if (f.key() != null && f.span() != null && !StructureDocs.DOCS.documents(f.key())) undocumented.add(f.key());
                    if (f.span() != null) assertTrue(f.span().byteEnd() <= src.size(), f.name() + " of " + n.path());
                }
            }
            assertEquals(Set.of(), undocumented);

            Hdf5ElementSpans spans = Hdf5ElementSpans.of(src);
            for (Iterator<Map.Entry<String, JsonNode>> it = m.get("objects").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String path = e.getKey();
                JsonNode o = e.getValue();
                assertEquals(o.get("header").asLong(), ObjectPaths.resolve(c, sb, path), path);
                Node object = find(tree, path);
                assertNotNull(object, path);
                assertEquals(String.valueOf(o.get("header").asLong()), object.fields().get(0).value(), path);
                if (!o.has("layout")) continue;
                ObjectHeader h = ObjectHeader.read(c, o.get("header").asLong(), null, d -> { throw new AssertionError(d.message()); }, path);
                Messages.Layout layout = (Messages.Layout) h.decode(c, h.first(Messages.LAYOUT), null);
                Messages.Dataspace space = (Messages.Dataspace) h.decode(c, h.first(Messages.DATASPACE), null);
                long size = o.get("element_size").asLong();
                switch (o.get("layout").asText()) {
                    case "contiguous" -> {
                        assertEquals(o.get("data_address").asLong(), c.abs(layout.address()), path);
                        assertEquals(o.get("storage_size").asLong(), layout.size(), path);
                        // the stored element size, from HDF5's storage size (its element_size is the in-memory one)
                        long stored = o.get("storage_size").asLong() / space.count();
                        long last = space.count() - 1;
                        assertEquals(o.get("data_address").asLong() + last * stored, spans.elementSpan(path, last).span().byteOffset(), path);
                    }
                    case "chunked" -> chunks(c, h, layout, space, o, spans, path, size);
                    default -> {
                        Hdf5ElementSpans.ElementPlace p = spans.elementSpan(path, 1);
                        assertTrue(p.exact());
                        assertEquals(size, p.span().byteLength());
                    }
                }
            }
        }
    }

    private static void chunks(FileContext c, ObjectHeader h, Messages.Layout layout, Messages.Dataspace space, JsonNode o,
                               Hdf5ElementSpans spans, String path, long size) {
        Set<String> expected = new TreeSet<>();
        for (JsonNode ch : o.get("chunks")) expected.add(ch.asText());
        Set<String> found = new TreeSet<>();
        boolean filtered = h.first(Messages.FILTER_PIPELINE) != null;
        ChunkIndex.walk(c, layout, space, filtered, 32, ch -> {
            StringBuilder sb = new StringBuilder();
            for (int d = 0; d < ch.offset().length; d++) sb.append(d > 0 ? "," : "").append(ch.offset()[d]);
            // relative addresses: what HDF5 1.10's H5Dget_chunk_info reports (see make_fixtures.py)
            found.add(sb + ":" + ch.address() + ":" + ch.size() + ":" + ch.filterMask());
        }, d -> { throw new AssertionError(d.message()); }, path);
        assertEquals(expected, found, path);
        // the last element: in the chunk the manifest lists for its coordinates
        long last = space.count() - 1;
        Hdf5ElementSpans.ElementPlace p = spans.elementSpan(path, last);
        long[] coords = new long[space.rank()];
        long rest = last;
        for (int d = space.rank() - 1; d >= 0; d--) {
            coords[d] = rest % space.dims()[d];
            rest /= space.dims()[d];
        }
        String prefix = null;
        long inChunk = 0;
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < coords.length; d++) {
            long ch = layout.chunk()[d];
            sb.append(d > 0 ? "," : "").append(coords[d] / ch * ch);
            inChunk = inChunk * ch + coords[d] % ch;
        }
        prefix = sb + ":";
        for (String e : expected) {
            if (!e.startsWith(prefix)) continue;
            long address = c.abs(Long.parseLong(e.split(":")[1]));
            assertEquals(address, p.chunkAddress(), path);
            assertEquals(inChunk * size, p.offsetInChunk(), path);
            if (!filtered) assertEquals(address + inChunk * size, p.span().byteOffset(), path);
        }
    }

    /** fsm.h5 persists its free space: the managers the superblock extension lists track what HDF5 reports free. */
    @org.junit.jupiter.api.Test
    void persistedFreeSpaceManagersAreRead() throws Exception {
        Node tree = StructureNodes.fileStructure(ByteSource.open(DIR.resolve("fsm.h5")));
        List<Node> managers = tree.children().stream().filter(n -> n.kind().equals("hdf5-free-space")).toList();
        assertTrue(!managers.isEmpty());
        long tracked = 0;
        for (Node n : managers) {
            assertEquals(List.of(), n.diagnostics());
            tracked += Long.parseLong(n.fields().stream().filter(f -> "fshd.space".equals(f.key())).findFirst().orElseThrow().value());
        }
        assertEquals(manifest().get("files").get("fsm.h5").get("freespace").asLong(), tracked);
    }

    /** The structure node of the object at {@code path}. */
    static Node find(Node tree, String path) {
        Node n = tree.children().stream().filter(x -> x.name().equals("/")).findFirst().orElseThrow();
        for (String part : path.split("/")) {
            if (part.isEmpty()) continue;
            n = n.children().stream().filter(x -> x.name().equals(part)).findFirst().orElse(null);
            if (n == null) return null;
        }
        return n;
    }
}
