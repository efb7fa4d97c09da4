package org.packscope.codec.pco;

import java.util.List;

/**
 * Chunk metadata of one latent variable. {@code bits} is the latent width, which
 * decides the width of every bin's lower bound and offset-bits field.
 */
public record LatentVar(Role role, int bits, int ansSizeLog, List<Bin> bins) {

    public enum Role {
        DELTA("delta"), PRIMARY("primary"), SECONDARY("secondary");
        public final String label;
        Role(String label) { this.label = label; }

        /** The key of this variable's field {@code field} where fields of several variables meet: {@code primary.bin.weight}. */
        public String key(String field) { return label + "." + field; }
    }

    public LatentVar { bins = List.copyOf(bins); }

    public int maxOffsetBits() {
        int m = 0;
        for (Bin b : bins) m = Math.max(m, b.offsetBits());
        return m;
    }

    public long mask() { return bits == 64 ? -1L : (1L << bits) - 1; }

    /** Width of a bin's offset-bits field: log2(bits) + 1. */
    public static int offsetBitsWidth(int latentBits) { return Integer.numberOfTrailingZeros(latentBits) + 1; }
}
