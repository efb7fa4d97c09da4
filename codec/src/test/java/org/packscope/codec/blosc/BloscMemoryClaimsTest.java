package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.testing.BoundedWalk;

/**
 * Small files that claim a lot: a zstd stream of run-length blocks expands 32,768-fold,
 * so 32 KB can claim a 1 GiB Blosc block; a superchunk of 16-byte chunks holds a million
 * of them in 16 MB. Each must be walked, decoded and read within a 256 MB heap and 5 s.
 */
class BloscMemoryClaimsTest {

    /** A zstd frame of {@code total} zero bytes made of 128 KiB run-length blocks (4 bytes each). */
    static byte[] zstdZeros(int total) {
        int blk = 128 * 1024;
        int n = total / blk;
        ByteBuffer b = ByteBuffer.allocate(6 + 4 * n).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xFD2FB528).put((byte) 0).put((byte) 0x38); // no FCS, window 128 KiB
        for (int i = 0; i < n; i++) {
            int hdr = (i == n - 1 ? 1 : 0) | (1 << 1) | (blk << 3); // last flag, RLE block, size
            b.put((byte) hdr).put((byte) (hdr >>> 8)).put((byte) (hdr >>> 16)).put((byte) 0);
        }
        return b.array();
    }

    /** A zstd, shuffled, unsplit Blosc chunk whose blocks are each {@code stream}. */
    static byte[] chunk(long nbytes, long blocksize, byte[] stream, int blocks) {
        int nb = (int) ((nbytes + blocksize - 1) / blocksize);
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        ByteBuffer head = ByteBuffer.allocate(16 + 4 * nb).order(ByteOrder.LITTLE_ENDIAN);
        int each = 4 + stream.length;
        long cbytes = 16 + 4L * nb + (long) each * blocks;
        head.put((byte) 2).put((byte) 1).put((byte) (0x80 | 0x10 | 0x01)).put((byte) 4)
                .putInt((int) nbytes).putInt((int) blocksize).putInt((int) cbytes);
        for (int b = 0; b < nb; b++) head.putInt(16 + 4 * nb + each * Math.min(b, blocks - 1));
        data.writeBytes(head.array());
        for (int b = 0; b < blocks; b++) {
            data.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(stream.length).array());
            data.writeBytes(stream);
        }
        return data.toByteArray();
    }

    @Test
    void aOneGibibyteBlockFrom32KilobytesIsTooLargeToHold(@TempDir Path dir) throws Exception {
        byte[] file = chunk(1 << 30, 1 << 30, zstdZeros(1 << 30), 1);
        assertTrue(file.length < 40_000);
        BloscChunk c = BloscChunk.read(ByteSource.of(file, "bomb"), 0, file.length);
        assertEquals(MemoryBudget.RULE, c.problems().get(c.problems().size() - 1).rule());
        assertEquals(8, c.problems().get(c.problems().size() - 1).span().byteOffset(), "at the blocksize field");
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("bomb.blosc"), file));
        o.assertWalkedCleanly();
        assertTrue(o.has(MemoryBudget.RULE), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }

    @Test
    void blocksOf128MebibytesAreRefusedBeforeAnyIsDecoded(@TempDir Path dir) throws Exception {
        byte[] file = chunk(15L << 27, 1 << 27, zstdZeros(1 << 27), 15);
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("bomb128.blosc"), file));
        o.assertWalkedCleanly();
        assertTrue(o.has(MemoryBudget.RULE), o::toString);
    }

    /** 511 MiB in 1 MiB blocks is decodable block by block: it must stream, not be held. */
    @Test
    void halfAGibibyteInSmallBlocksStreamsWithinTheHeap(@TempDir Path dir) throws Exception {
        byte[] file = chunk(511L << 20, 1 << 20, zstdZeros(1 << 20), 511);
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("stream.blosc"), file));
        o.assertWalkedCleanly();
        assertFalse(o.has(MemoryBudget.RULE), o::toString);
        assertFalse(o.has("internal_error"), o::toString);
        // 5 s plus 536 MB decoded three times (verify, bulk decode, reading every value) at 200 MB/s
        assertTrue(o.millis() < 5000 + 3 * 536 * 1000 / 200, o::toString);
    }

    @Test
    void aMillionChunksInASuperchunkAreLocatedNotMaterialised(@TempDir Path dir) throws Exception {
        int n = 1_000_000;
        ByteBuffer b = ByteBuffer.allocate(16 + 16 * n).order(ByteOrder.LITTLE_ENDIAN);
        b.put("blpk".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).put((byte) 1).put(new byte[3]).putLong(n);
        for (int i = 0; i < n; i++) b.put((byte) 2).put((byte) 1).put((byte) 1).put((byte) 4).putInt(0).putInt(0).putInt(16);
        Superchunk s = Superchunk.read(ByteSource.of(b.array(), "many.blp"));
        assertEquals(n, s.chunkCount());
        assertEquals(16L * n, s.chunk(n - 1).base());
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("many.blp"), b.array()));
        o.assertWalkedCleanly();
        assertTrue(o.has("nchunks_not_one"), o::toString);
        assertFalse(o.has("internal_error"), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }
}
