package org.packscope.codec.rds;

/**
 * The serialization stream header: format letter ('X' = XDR), format version (2 or 3),
 * the R version that wrote it and the oldest R that can read it, and (version 3 only)
 * the writer's native encoding. {@code start} is 0 for saveRDS streams and 5 for save()
 * (.RData) files, which put "RDX2\n" or "RDX3\n" ({@code saveMagic}) before the header.
 */
public record RdsHeader(char format, int version, int writerVersion, int minReaderVersion,
                        String nativeEncoding, long end, long start, String saveMagic) {

    public long formatOffset() { return start; }

    public long versionOffset() { return start + 2; }

    public long writerOffset() { return start + 6; }

    public long minReaderOffset() { return start + 10; }

    public long encodingLengthOffset() { return start + 14; }

    public long encodingOffset() { return start + 18; }

    /** "4.2.2" for 0x00040202. */
    public static String rVersion(int packed) {
        return (packed >>> 16) + "." + (packed >>> 8 & 0xff) + "." + (packed & 0xff);
    }
}
