package org.packscope.codec.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.packscope.codec.io.RegularFiles;

/**
 * One thread's buffers for chunks that are read and decoded only to be checked or counted
 * (a check, a deep check, a benchmark's bulk decode), whose bytes nobody keeps.
 *
 * <p>Why: memory a process has never touched costs a page fault per page on first use, and
 * on a virtual machine whose host has not backed that memory yet this is ~2.5 ms a MB
 * (measured here, with or without huge pages), about twenty times what decoding a MB of
 * LZ4 takes. A first read that took a new array for each chunk's file and another for its
 * decoded bytes walked the whole young generation of a fresh JVM, so its time was the
 * page faults', and varied with what the kernel had at hand: a 64-chunk Zarr array took
 * 0.13-0.44 s at first, 0.05 s later. Reusing these buffers, the first read touches a
 * chunk's worth of memory and runs at 0.09-0.11 s in every launch.
 *
 * <p>Buffers above {@link #KEEP_BYTES} are not kept: a thread would hold them for good.
 * The bytes a buffer hands out are valid until the thread's next call.
 */
public final class ChunkScratch {
    /** The largest buffer kept between chunks. */
    static final int KEEP_BYTES = 16 << 20;
    private static final ThreadLocal<ChunkScratch> LOCAL = ThreadLocal.withInitial(ChunkScratch::new);

    /** Where a file's bytes land first: the channel fills it without copying through one of its own. */
    private ByteBuffer landing;
    private byte[] stored = new byte[0];
    /** The array the last {@link #readFile} filled: {@link #stored}, or one too large to keep. */
    private byte[] lastRead = stored;
    private byte[] decoded = new byte[0];

    private ChunkScratch() { }

    /** This thread's buffers. */
    public static ChunkScratch local() { return LOCAL.get(); }

    /**
     * Reads the whole file at {@code path} into {@link #stored()}, as
     * {@link RegularFiles#readAll} does into an array of its own;
     * returns how many bytes were read.
     *
     * @throws IOException a file larger than {@code maxBytes} when opened, or unreadable
     */
    public int readFile(Path path, long maxBytes) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(path, StandardOpenOption.READ)) {
            int size = RegularFiles.wholeSize(ch, path, maxBytes);
            if (size > KEEP_BYTES) {
                // read as any file is: through the channel's own temporary buffer, freed by the JDK
                lastRead = new byte[size];
                return RegularFiles.fill(ch, ByteBuffer.wrap(lastRead));
            }
            if (landing == null || landing.capacity() < size) landing = ByteBuffer.allocateDirect(roundedUp(size));
            int got = RegularFiles.fill(ch, landing.clear().limit(size));
            if (stored.length < got) stored = new byte[roundedUp(got)];
            landing.flip().get(stored, 0, got);
            lastRead = stored;
            return got;
        }
    }

    /** The bytes the last {@link #readFile} read, from index 0 (the array may be longer). */
    public byte[] stored() { return lastRead; }

    /** An array of exactly {@code length} bytes, this thread's own; its old contents are left in it. */
    public byte[] decoded(int length) {
        if (decoded.length == length) return decoded;
        byte[] b = new byte[length];
        if (length <= KEEP_BYTES) decoded = b;
        return b;
    }

    /** A capacity for {@code size} bytes and a little growth: chunk files of a few bytes more than the last reuse it. */
    private static int roundedUp(int size) {
        return Math.min(KEEP_BYTES, Math.max(64 << 10, Integer.highestOneBit(Math.max(1, size - 1)) << 1));
    }
}
