package org.packscope.codec.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Read-only, positional access to bytes with long offsets. Sources never write.
 * Reads outside {@code [0, size())} throw {@link OutOfRangeException}, which readers
 * turn into diagnostics.
 */
public interface ByteSource {

    /** What the bytes are: a file path, or a description such as "decompressed x.rds". */
    String name();

    long size();

    /** Copies {@code len} bytes at {@code pos} into {@code dst}; all of them must be present. */
    void read(long pos, byte[] dst, int off, int len);

    byte get(long pos);

    default boolean has(long pos, long len) {
        return pos >= 0 && len >= 0 && pos <= size() && len <= size() - pos;
    }

    default void check(long pos, long len) {
        if (!has(pos, len)) throw new OutOfRangeException(pos, len, size());
    }

    default byte[] bytes(long pos, int len) {
        check(pos, len);
        byte[] b = new byte[len];
        read(pos, b, 0, len);
        return b;
    }

    default int u8(long pos) { return get(pos) & 0xff; }

    default int u16le(long pos) {
        check(pos, 2);
        return (get(pos) & 0xff) | (get(pos + 1) & 0xff) << 8;
    }

    default int i32le(long pos) {
        check(pos, 4);
        return (get(pos) & 0xff) | (get(pos + 1) & 0xff) << 8 | (get(pos + 2) & 0xff) << 16 | (get(pos + 3) & 0xff) << 24;
    }

    default long u32le(long pos) { return i32le(pos) & 0xffffffffL; }

    default long i64le(long pos) {
        check(pos, 8);
        return (i32le(pos) & 0xffffffffL) | ((long) i32le(pos + 4)) << 32;
    }

    default ByteSource slice(long pos, long len) {
        check(pos, len);
        return new SliceSource(this, pos, len);
    }

    /**
     * Opens a regular file read-only ({@link RegularFiles}): small files are read into
     * memory (a bcolz array can have 200,000 chunk files of a few bytes, and a mapping
     * each costs system calls and address-space entries), larger ones are mapped; a remote
     * object ({@link SourceFileSystem}) is read by range.
     */
    static ByteSource open(Path path) throws IOException {
        if (path.getFileSystem() instanceof SourceFileSystem remote) return remote.openSource(path);
        long size = RegularFiles.require(path).size();
        if (size <= SMALL_FILE) {
            byte[] b = RegularFiles.readAll(path, SMALL_FILE);
            return new ArraySource(b, 0, b.length, path.toString());
        }
        return MappedFileSource.open(path);
    }

    /** Files up to this size are read rather than mapped. */
    long SMALL_FILE = 64 << 10;

    static ByteSource of(byte[] data, String name) {
        return new ArraySource(data, 0, data.length, name);
    }
}
