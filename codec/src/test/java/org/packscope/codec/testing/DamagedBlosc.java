package org.packscope.codec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.io.ByteSource;

/**
 * Makes damaged copies of reference-written Blosc chunks for the tests that check partial
 * results: one block made undecodable, every other byte as the writer left it. The
 * originals in test resources are never touched.
 */
public final class DamagedBlosc {
    private DamagedBlosc() { }

    /**
     * A copy of the Blosc chunk in {@code chunk[at..]} whose block {@code block} cannot be
     * decoded: its first split stream's compressed size is set far past the chunk's end,
     * so the block's streams cannot be located; the other blocks are untouched.
     */
    public static byte[] withBrokenBlock(byte[] chunk, int at, int block) {
        BloscChunk c = BloscChunk.read(ByteSource.of(chunk, "chunk"), at, chunk.length - at);
        if (block >= c.nblocks()) throw new IllegalArgumentException("the chunk has " + c.nblocks() + " blocks, not " + (block + 1));
        if (c.header().memcpyed()) throw new IllegalArgumentException("a memcpyed chunk has no streams to break");
        int start = c.bstarts()[block];
        byte[] out = chunk.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(at + start, 0x3fff_fff0);
        return out;
    }

    /** Copies a folder (a Zarr array, a bcolz carray) to {@code to}, file by file. */
    public static void copyFolder(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(q);
                else Files.copy(p, q);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
