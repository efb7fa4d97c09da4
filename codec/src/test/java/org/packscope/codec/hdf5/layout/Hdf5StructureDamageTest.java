package org.packscope.codec.hdf5.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * Damage found the way h5check finds it, on damaged copies of the h5py-written fixtures:
 * each report names its rule and the damaged structure's address, and every object the
 * damage does not hide is still read.
 */
class Hdf5StructureDamageTest {
    @TempDir Path tmp;

    private Path copy(String name, java.util.function.Consumer<byte[]> damage) throws Exception {
        byte[] b = Files.readAllBytes(Hdf5StructureTest.DIR.resolve(name));
        damage.accept(b);
        Path out = tmp.resolve("damaged-" + name);
        Files.write(out, b);
        return out;
    }

    private static Node tree(Path p) throws Exception {
        return StructureNodes.fileStructure(ByteSource.open(p));
    }

    /** The HDF5 paths of the object nodes of the structure tree. */
    private static Set<String> objects(Node tree) {
        Set<String> out = new TreeSet<>();
        Node root = tree.children().stream().filter(x -> x.name().equals("/")).findFirst().orElse(null);
        if (root != null) collect(root, "", out);
        return out;
    }

    private static void collect(Node n, String path, Set<String> out) {
        String here = n.name().equals("/") ? "/" : path + "/" + n.name();
        out.add(here);
        for (Node k : n.children()) {
            if (k.kind().equals("hdf5-object-structure")) collect(k, here.equals("/") ? "" : here, out);
        }
    }

    /** The first report of {@code rule} in the opened view, which check's streaming reading makes too, at the same byte. */
    private static Diagnostic only(Node tree, String rule) {
        List<Diagnostic> d = Hdf5StructureTest.diagnostics(tree).stream().filter(x -> x.rule().equals(rule)).toList();
        assertTrue(!d.isEmpty(), "no " + rule + " in " + Hdf5StructureTest.diagnostics(tree));
        List<Diagnostic> checked = Hdf5StructureMutationTest.checkOf(tree.source());
        assertTrue(checked.stream().anyMatch(x -> x.rule().equals(rule) && java.util.Objects.equals(x.span(), d.get(0).span())),
                "check does not report " + d.get(0) + ": " + checked);
        return d.get(0);
    }

    /** An object header of v0.h5, with the file's context. */
    private record Header(FileContext c, ObjectHeader h) { }

    private static Header v0(String path) throws Exception {
        ByteSource src = ByteSource.open(Hdf5StructureTest.DIR.resolve("v0.h5"));
        Superblock sb = Superblock.read(src, null);
        FileContext c = sb.context(src);
        return new Header(c, ObjectHeader.read(c, ObjectPaths.resolve(c, sb, path), null, x -> { }, path));
    }

    private static Messages.Layout chunkedLayout(Header d) {
        return (Messages.Layout) d.h().decode(d.c(), d.h().first(Messages.LAYOUT), null);
    }

    private static void put32(byte[] b, long at, long v) {
        for (int i = 0; i < 4; i++) b[(int) at + i] = (byte) (v >>> (8 * i));
    }

    @Test
    void aTruncatedFileSaysBothSizesAndKeepsWhatIsLeft() throws Exception {
        int keep = 20_000;
        Path p = copy("v0.h5", b -> { });
        Files.write(p, java.util.Arrays.copyOf(Files.readAllBytes(p), keep));
        Node t = tree(p);
        Diagnostic d = only(t, "hdf5_truncated");
        assertTrue(d.message().contains("25320") && d.message().contains(String.valueOf(keep)), d.message());
        // objects whose headers lie before the cut are still there
        assertTrue(objects(t).containsAll(List.of("/", "/contiguous", "/compact", "/chunked", "/g1")), objects(t).toString());
    }

    @Test
    void aBadSignatureLosesItsStructureOnly() throws Exception {
        // the chunk B-tree of /chunked in v0.h5, found through its layout message
        Header chunked = v0("/chunked");
        long btree = chunked.c().abs(chunkedLayout(chunked).address());
        Node t = tree(copy("v0.h5", b -> b[(int) btree] = 'X'));
        Diagnostic d = only(t, "hdf5_bad_signature");
        assertEquals(btree, d.span().byteOffset());
        assertEquals(objects(tree(Hdf5StructureTest.DIR.resolve("v0.h5"))), objects(t), "every object is still read");
    }

    @Test
    void anAddressOutOfTheFileLosesOneMember() throws Exception {
        // the object header address of one entry of /g1's first symbol table node
        Header opened = v0("/g1");
        FileContext c = opened.c();
        ObjectHeader g1 = opened.h();
        Messages.SymbolTable st = (Messages.SymbolTable) g1.decode(c, g1.first(Messages.SYMBOL_TABLE), null);
        BTree1 root = BTree1.read(c, st.btree(), BTree1.GROUP, -1, 0, 16, null, "/g1");
        SymbolNode snod = SymbolNode.read(c, root.children().get(0), 4, null, "/g1");
        long field = snod.entries().get(1).nameOffsetAt() + c.lengthSize();
        Node t = tree(copy("v0.h5", b -> put32(b, field, 0x7fff_fff0L)));
        Diagnostic d = only(t, "hdf5_address_out_of_file");
        assertTrue(d.message().contains(String.valueOf(0x7fff_fff0L)), d.message());
        Set<String> before = objects(tree(Hdf5StructureTest.DIR.resolve("v0.h5")));
        Set<String> after = objects(t);
        assertEquals(before.size(), after.size(), "the member stays, as a node with its diagnostic");
        assertTrue(after.contains("/g1/g2/deep"), after.toString());
    }

    @Test
    void aChecksumMismatchIsReportedWhereTheChecksumIs() throws Exception {
        // one byte inside the root group's version 2 object header (its first message body)
        ByteSource src = ByteSource.open(Hdf5StructureTest.DIR.resolve("latest.h5"));
        Superblock sb = Superblock.read(src, null);
        FileContext c = sb.context(src);
        ObjectHeader root = ObjectHeader.read(c, sb.rootHeader(), null, x -> { }, "/");
        ObjectHeader.Message last = root.messages().get(root.messages().size() - 1);
        long at = last.bodyAt();
        Node t = tree(copy("latest.h5", b -> b[(int) at + last.size() - 1] ^= 0x01));
        Diagnostic d = only(t, "hdf5_checksum_mismatch");
        assertTrue(d.message().contains("/"), d.message());
        // the superblock's checksum too (the consistency flags byte changed): reported at the checksum field
        Node t2 = tree(copy("latest.h5", b -> b[11] ^= 0x40));
        assertEquals(44, only(t2, "hdf5_checksum_mismatch").span().byteOffset());
    }

    @Test
    void aChunkBTreeDagIsOpenedOncePerNodeAndReportedOnce() throws Exception {
        // /chunked's chunk B-tree made into 4 levels where every internal node lists the next one
        // at each of its entries: E^3 paths to one leaf, as make_hostile.py does for the app's test
        Header chunked = v0("/chunked");
        Messages.Layout layout = chunkedLayout(chunked);
        int root = (int) chunked.c().abs(layout.address());
        byte[] original = Files.readAllBytes(Hdf5StructureTest.DIR.resolve("v0.h5"));
        int entries = (original[root + 6] & 0xff) | (original[root + 7] & 0xff) << 8;
        int key = 8 + 8 * (layout.rank() + 1);
        int nodeBytes = 24 + entries * (key + 8) + key;
        assertTrue(original[root + 5] == 0 && entries >= 2, "a one-leaf tree of several chunks to start from");
        byte[] leaf = java.util.Arrays.copyOfRange(original, root, root + nodeBytes);
        int l0 = original.length, l1 = l0 + nodeBytes, l2 = l1 + nodeBytes;
        byte[] b = java.util.Arrays.copyOf(original, l2 + nodeBytes);
        System.arraycopy(leaf, 0, b, l0, nodeBytes);
        System.arraycopy(internal(leaf, 1, l0, entries, key), 0, b, l1, nodeBytes);
        System.arraycopy(internal(leaf, 2, l1, entries, key), 0, b, l2, nodeBytes);
        System.arraycopy(internal(leaf, 3, l2, entries, key), 0, b, root, nodeBytes);
        for (int i = 0; i < 8; i++) b[40 + i] = (byte) ((long) b.length >>> (8 * i)); // the end-of-file address (superblock version 0)
        Path p = tmp.resolve("dag.h5");
        Files.write(p, b);

        Node t = tree(p);
        List<Node> all = Hdf5StructureTest.all(Hdf5StructureTest.find(t, "/chunked"), 1_000_000);
        long btreeNodes = all.stream().filter(n -> n.kind().equals("hdf5-btree1")).count();
        // the root, then per level one node opened and the other E-1 references shown as repeats
        assertTrue(btreeNodes >= 4 && btreeNodes <= 1 + 3L * entries + 1, btreeNodes + " B-tree nodes made for " + entries + " entries");
        assertTrue(Hdf5StructureTest.diagnostics(t).stream().anyMatch(d -> d.rule().equals("hdf5_cycle")));
        // check: one report, at the first node reached twice going down the first path (the copied leaf)
        List<Diagnostic> cycles = Hdf5StructureMutationTest.checkOf(ByteSource.open(p)).stream().filter(d -> d.rule().equals("hdf5_cycle")).toList();
        assertEquals(1, cycles.size(), cycles.toString());
        assertEquals(l0, cycles.get(0).span().byteOffset());
    }

    /** A copy of a leaf as an internal node of {@code level} whose every entry is {@code child}. */
    private static byte[] internal(byte[] leaf, int level, long child, int entries, int key) {
        byte[] b = leaf.clone();
        b[5] = (byte) level;
        for (int i = 0; i < entries; i++) {
            int at = 24 + i * (key + 8) + key;
            for (int k = 0; k < 8; k++) b[at + k] = (byte) (child >>> (8 * k));
        }
        return b;
    }

    @Test
    void cyclesAreFoundAtOnce() throws Exception {
        // btree_chunk_cycle.h5 and btree_group_cycle.h5 (hdf5-real): a B-tree node that is its own child
        for (String f : List.of("btree_chunk_cycle.h5", "btree_group_cycle.h5")) {
            Path p = Fixtures.resource("fixtures/hdf5-real").resolve(f);
            Node t = tree(p);
            List<Diagnostic> all = Hdf5StructureTest.diagnostics(t);
            assertTrue(all.stream().anyMatch(x -> x.rule().equals("hdf5_cycle") || x.rule().equals("hdf5_bad_btree")), f + ": " + all);
        }
    }
}
