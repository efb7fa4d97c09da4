package org.packscope.codec.rds;

/**
 * The serialization stream header: format letter ('X' = XDR), format version (2 or 3),
 * the R version that wrote it and the oldest R that can read it, and (version 3 only)
 * the writer's native encoding. Offsets are fixed from the start of the stream.
 */
public record RdsHeader(char format, int version, int writerVersion, int minReaderVersion,
                        String nativeEncoding, long end) {

    public static final long FORMAT_OFFSET = 0, VERSION_OFFSET = 2, WRITER_OFFSET = 6, MIN_READER_OFFSET = 10,
            ENCODING_LENGTH_OFFSET = 14, ENCODING_OFFSET = 18;

    /** "4.2.2" for 0x00040202. */
    public static String rVersion(int packed) {
        return (packed >>> 16) + "." + (packed >>> 8 & 0xff) + "." + (packed & 0xff);
    }
}
