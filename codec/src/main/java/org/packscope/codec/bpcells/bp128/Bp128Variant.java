package org.packscope.codec.bpcells.bp128;

/**
 * The transforms BPCells applies between the integers and the bit-packed chunk
 * (Lemire and Boytsov's BP128 family). A chunk of width 32 is always stored verbatim:
 * no transform is undone for it.
 */
public enum Bp128Variant {
    /** Plain bit packing. */
    VANILLA("BP128", "values packed as they are"),
    /** Delta coding: out[0] = start + p[0], out[i] = out[i-1] + p[i]; for sorted lists. */
    D1("BP128-D1", "differences of consecutive values, chunk start kept in starts[]"),
    /** Delta then zigzag: out[i] = out[i-1] + zz(p[i]); for runs of nearly sorted values (BPCells indices). */
    D1Z("BP128-D1Z", "zigzag-coded differences, chunk start kept in starts[]"),
    /** Frame of reference with base 1 ("m1"): out[i] = p[i] + 1; for counts that are never 0 (BPCells uint values). */
    FOR("BP128-FOR (m1)", "values minus 1");

    private final String label;
    private final String meaning;

    Bp128Variant(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    public String label() { return label; }

    public String meaning() { return meaning; }

    /** Whether the variant keeps the first value of each chunk in a starts array. */
    public boolean usesStarts() { return this == D1 || this == D1Z; }
}
