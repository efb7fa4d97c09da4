package org.packscope.codec.bpcells;

/**
 * Element types of BPCells named arrays, as BPCells means them (not as a container
 * happens to hold them: an R object keeps uint32 and float32 in integer vectors and
 * uint64 in doubles, but still reports UINT32, FLOAT32 and UINT64 here).
 */
public enum ElementType {
    UINT32(4), UINT64(8), FLOAT32(4), FLOAT64(8), STRING(0);

    private final int byteWidth;

    ElementType(int byteWidth) { this.byteWidth = byteWidth; }

    /** Bytes per element when stored as binary; 0 for strings. */
    public int byteWidth() { return byteWidth; }

    /** True for the 32-bit types, which {@link ArrayStore#readInts} reads. */
    public boolean is32Bit() { return byteWidth == 4; }

    /** True for the 64-bit types, which {@link ArrayStore#readLongs} reads. */
    public boolean is64Bit() { return byteWidth == 8; }

    public String label() {
        return switch (this) {
            case UINT32 -> "uint32";
            case UINT64 -> "uint64";
            case FLOAT32 -> "float32";
            case FLOAT64 -> "float64";
            case STRING -> "string";
        };
    }
}
