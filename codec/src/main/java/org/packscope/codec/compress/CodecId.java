package org.packscope.codec.compress;

/**
 * The general-purpose codecs that containers wrap around their chunks. Each names one
 * stream format exactly: a container that adds its own framing (Blosc's split streams,
 * numcodecs' LZ4 size prefix, HDF5 filter headers) strips it before calling the codec.
 */
public enum CodecId {
    /** An LZ4 block (no frame header), as Blosc and the HDF5 LZ4 filter store it. */
    LZ4("lz4"),
    /** A raw Snappy block. */
    SNAPPY("snappy"),
    /** One or more zstd frames. */
    ZSTD("zstd"),
    /** A zlib stream (RFC 1950: 2-byte header, deflate data, Adler-32). */
    ZLIB("zlib"),
    /** A gzip member (RFC 1952). */
    GZIP("gzip"),
    /** A bzip2 stream. */
    BZIP2("bzip2");

    private final String label;

    CodecId(String label) { this.label = label; }

    /** The name people know the codec by. */
    public String label() { return label; }
}
