package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.testing.TraceChecks;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;

/** Damaged headers that claim far more than is present: few diagnostics, no big buffers, exact rules and offsets. */
class BloscDamageCostTest {

    static ByteBuffer header(int flags, int typesize, long nbytes, long blocksize, long cbytes, int size) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 2).put((byte) 1).put((byte) flags).put((byte) typesize)
                .putInt((int) nbytes).putInt((int) blocksize).putInt((int) cbytes);
        return b;
    }

    static List<Diagnostic> verify(Node n) {
        List<Diagnostic> out = new ArrayList<>();
        n.facet(Verifier.class).verify(out::add, Progress.NONE);
        return out;
    }

    static Node node(byte[] bytes) {
        Node n = Node.of("x", "blosc-chunk");
        BloscFormat.fillRawChunk(n, ByteSource.of(bytes, "x"), "x");
        return n;
    }

    @Test
    void memcpyedChunkCutShortKeepsWhatIsPresentAndIsReportedOnce() {
        ByteBuffer b = header(0x02, 4, 500_000_000L, 0, 500_000_016L, 116);
        while (b.hasRemaining()) b.put((byte) 0x11);
        Node n = node(b.array());
        List<Diagnostic> found = verify(n);
        assertEquals(1, found.size(), found.toString());
        assertEquals("memcpyed_truncated", found.get(0).rule());
        assertEquals(116, found.get(0).span().byteOffset());
        assertTrue(found.get(0).message().startsWith("memcpyed data ends at 116 after 100 of its 500000000 bytes"), found.get(0).message());
        assertEquals(Long.toString(0x11111111L), n.values().text(24));
        assertEquals("0", n.values().text(25));
        assertEquals("0", n.values().text(n.values().count() - 1));
        TraceChecks.check(n, 24);
        TraceChecks.check(n, 25);
        TraceChecks.check(n, n.values().count() - 1);
    }

    @Test
    void truncatedBstartsTableKeepsOnlyTheEntriesPresent() {
        // 50,000 one-byte blocks need 200,000 bytes of bstarts; 24 bytes are there
        byte[] bytes = header(0x00, 1, 50_000, 1, 40, 40).array();
        BloscChunk c = BloscChunk.read(ByteSource.of(bytes, "x"), 0, bytes.length);
        assertEquals(6, c.nblocks());
        assertTrue(c.problems().stream().anyMatch(d -> d.rule().equals("bstarts_truncated") && d.span().byteOffset() == 16));
        List<Diagnostic> found = verify(node(bytes));
        assertTrue(found.size() <= BloscChunk.MAX_REPORTED + 2, found.size() + " diagnostics");
        Diagnostic last = found.get(found.size() - 1);
        assertEquals("block_unlocatable", last.rule());
        assertEquals(40, last.span().byteOffset());
        assertTrue(last.message().startsWith("blocks 6..49999"), last.message());
    }

    @Test
    void streamThatCannotHoldItsBytesIsRefusedBeforeDecoding() {
        ByteBuffer b = header(0x00, 1, 1_000_000, 1_000_000, 3200, 3200);
        b.putInt(20).putInt(10);
        BloscChunk c = BloscChunk.read(ByteSource.of(b.array(), "x"), 0, 3200);
        assertEquals(List.of(), c.problems());
        BlockLayout l = c.layout(0);
        assertEquals("stream_implausible", l.problem().rule());
        assertEquals(20, l.problem().span().byteOffset());
        assertTrue(!c.unitLocatable(0));
        Node n = node(b.array());
        assertEquals("0", n.values().text(999_999));
        List<Diagnostic> found = verify(n);
        assertEquals(List.of("stream_implausible"), found.stream().map(Diagnostic::rule).toList());
    }

    @Test
    void manyBadBstartsAreSummedUp() {
        int nblocks = 1000;
        ByteBuffer b = header(0x00, 1, nblocks * 16L, 16, 16 + 4 * nblocks + 20, 16 + 4 * nblocks + 20);
        for (int i = 0; i < nblocks; i++) b.putInt(7);
        BloscChunk c = BloscChunk.read(ByteSource.of(b.array(), "x"), 0, b.capacity());
        List<Diagnostic> bad = c.problems().stream().filter(d -> d.rule().equals("bstart_out_of_range")).toList();
        assertEquals(BloscChunk.MAX_REPORTED + 1, bad.size());
        assertTrue(bad.get(bad.size() - 1).message().startsWith("980 more bstarts"), bad.get(bad.size() - 1).message());
        List<Diagnostic> found = verify(node(b.array()));
        assertEquals(BloscChunk.MAX_REPORTED + 1, found.size());
        assertEquals("more_blocks_failed", found.get(found.size() - 1).rule());
    }
}
