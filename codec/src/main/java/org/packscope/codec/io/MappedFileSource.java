package org.packscope.codec.io;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A file mapped read-only in segments of 1 GiB, so files beyond 2 GB work and
 * nothing is read until it is looked at. The channel is opened with READ only.
 */
public final class MappedFileSource implements ByteSource {
    private static final int SEGMENT_BITS = 30;
    private static final long SEGMENT = 1L << SEGMENT_BITS;

    private final String name;
    private final long size;
    private final MappedByteBuffer[] segments;

    private MappedFileSource(String name, long size, MappedByteBuffer[] segments) {
        this.name = name;
        this.size = size;
        this.segments = segments;
    }

    /** Maps a regular file; a FIFO or device is refused before it is opened ({@link RegularFiles}). */
    public static MappedFileSource open(Path path) throws IOException {
        try (FileChannel ch = RegularFiles.channel(path)) {
            long size = ch.size();
            int n = (int) ((size + SEGMENT - 1) >>> SEGMENT_BITS);
            MappedByteBuffer[] segs = new MappedByteBuffer[n];
            for (int i = 0; i < n; i++) {
                long start = (long) i << SEGMENT_BITS;
                segs[i] = ch.map(FileChannel.MapMode.READ_ONLY, start, Math.min(SEGMENT, size - start));
            }
            return new MappedFileSource(path.toString(), size, segs);
        }
    }

    @Override public String name() { return name; }
    @Override public long size() { return size; }

    @Override
    public byte get(long pos) {
        if (pos < 0 || pos >= size) throw new OutOfRangeException(pos, 1, size);
        return segments[(int) (pos >>> SEGMENT_BITS)].get((int) (pos & (SEGMENT - 1)));
    }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        check(pos, len);
        while (len > 0) {
            int seg = (int) (pos >>> SEGMENT_BITS);
            int inSeg = (int) (pos & (SEGMENT - 1));
            int n = (int) Math.min(len, SEGMENT - inSeg);
            segments[seg].get(inSeg, dst, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }
}
