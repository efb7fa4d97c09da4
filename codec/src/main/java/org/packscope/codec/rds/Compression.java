package org.packscope.codec.rds;

/** The wrapper saveRDS put around the serialization stream, told by its magic bytes. */
public enum Compression {
    NONE("none", 0), GZIP("gzip", 2), XZ("xz", 6), BZIP2("bzip2", 3);

    private final String label;
    private final int magicLength;

    Compression(String label, int magicLength) {
        this.label = label;
        this.magicLength = magicLength;
    }

    public String label() { return label; }

    public int magicLength() { return magicLength; }

    /** By content: gzip 1f 8b, xz fd '7zXZ' 00, bzip2 'BZh'; anything else is taken as plain. */
    public static Compression sniff(byte[] head, int len) {
        if (len >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) return GZIP;
        if (len >= 6 && (head[0] & 0xff) == 0xfd && head[1] == '7' && head[2] == 'z' && head[3] == 'X'
                && head[4] == 'Z' && head[5] == 0) return XZ;
        if (len >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h') return BZIP2;
        return NONE;
    }
}
