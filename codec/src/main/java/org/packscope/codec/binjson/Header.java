package org.packscope.codec.binjson;

/**
 * The file header: variant, protocol version and float compression level {@code c},
 * with the derived kept-bit count {@code K = 64 - r(c)}; {@code end} is where the string
 * table starts.
 */
record Header(boolean seekable, long version, int floatComp, long end) {

    /** r(c): low bits removed from every truncated f64 (0, 4, 12, ..., 44). */
    static int removedBits(int c) { return c == 0 ? 0 : 4 + 8 * (c - 1); }

    int removedBits() { return removedBits(floatComp); }

    int keptBits() { return 64 - removedBits(); }

    /** Bytes after the type byte of a scalar truncated float. */
    int scalarFloatBytes() { return floatComp == 0 ? 8 : (keptBits() - 4) / 8; }

    /** B: bytes (planes) per element of a float N-D array. */
    int planes() { return (keptBits() + 7) / 8; }

    String magic() { return seekable ? "SJ" : "BJ"; }
}
