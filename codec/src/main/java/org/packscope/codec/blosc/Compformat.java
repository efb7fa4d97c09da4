package org.packscope.codec.blosc;

/** The codec enumeration held in bits 5-7 of a Blosc 1.x chunk's flags byte. */
public enum Compformat {
    BLOSCLZ(0, "blosclz"),
    // named as metadata (a Zarr cname, an HDF5 filter) writes it; lz4hc writes the same stream format
    LZ4(1, "lz4"),
    SNAPPY(2, "snappy"),
    ZLIB(3, "zlib"),
    ZSTD(4, "zstd");

    private final int code;
    private final String label;

    Compformat(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() { return code; }

    public String label() { return label; }

    /** The codec for a 3-bit code, or null for the codes 5-7 that Blosc 1.x never writes. */
    public static Compformat of(int code) {
        for (Compformat c : values()) if (c.code == code) return c;
        return null;
    }
}
