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
            MappedFileSource m = new MappedFileSource(path.toString(), size, segs);
            OPEN.add(m);
            return m;
        }
    }

    @Override public String name() { return name; }
    @Override public long size() { return size; }

    @Override
    public byte get(long pos) {
        if (pos < 0 || pos >= size) throw new OutOfRangeException(pos, 1, size);
        try {
            return segments[(int) (pos >>> SEGMENT_BITS)].get((int) (pos & (SEGMENT - 1)));
        } catch (InternalError e) {
            throw changed(pos, e);
        }
    }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        check(pos, len);
        try {
            while (len > 0) {
                int seg = (int) (pos >>> SEGMENT_BITS);
                int inSeg = (int) (pos & (SEGMENT - 1));
                int n = (int) Math.min(len, SEGMENT - inSeg);
                segments[seg].get(inSeg, dst, off, n);
                pos += n;
                off += n;
                len -= n;
            }
        } catch (InternalError e) {
            throw changed(pos, e);
        }
    }

    /**
     * The JVM's error for a mapped page that vanished (the file was cut short after it was
     * mapped), as a {@link SourceChangedException} at {@code pos} (at least the file's size
     * now). Any other internal error is rethrown as it is.
     */
    private RuntimeException changed(long pos, InternalError e) {
        long now = sizeNow();
        if (now >= size) throw e;
        return changedAt(pos < 0 ? now : Math.max(pos, now), now);
    }

    private SourceChangedException changedAt(long at, long now) {
        return new SourceChangedException(at, "the file was cut short while it was being read: it had " + size
                + " bytes when opened and has " + now + " now; byte " + at + " is no longer there");
    }

    /** The file's size now (0 when it is gone). */
    private long sizeNow() {
        try {
            return java.nio.file.Files.size(Path.of(name));
        } catch (IOException | RuntimeException gone) {
            return 0;
        }
    }

    /** Mapped files opened and not yet collected: one of them explains an internal error reported late. */
    private static final java.util.Set<MappedFileSource> OPEN = java.util.Collections.synchronizedSet(
            java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()));

    /**
     * A fault the JVM reported after the read that caused it (in compiled code it arrives
     * late, outside {@link #get}): a {@link SourceChangedException} for the open mapped file
     * that shrank, or null when none did.
     */
    public static SourceChangedException explain(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SourceChangedException s) return s;
            if (!(c instanceof InternalError)) continue;
            MappedFileSource[] open;
            synchronized (OPEN) {
                open = OPEN.toArray(new MappedFileSource[0]);
            }
            for (MappedFileSource m : open) {
                long now = m.sizeNow();
                if (now < m.size) return m.changedAt(now, now);
            }
        }
        return null;
    }
}
