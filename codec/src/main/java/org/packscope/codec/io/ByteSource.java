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

    static ByteSource open(Path path) throws IOException {
        return MappedFileSource.open(path);
    }

    static ByteSource of(byte[] data, String name) {
        return new ArraySource(data, 0, data.length, name);
    }
}
