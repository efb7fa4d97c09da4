package org.packscope.codec.bpcells;

import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.bpcells.bp128.Bp128Variant;

/**
 * One BP128 stream of a packed matrix (index: D1Z with starts; val: FOR m1): the array
 * names, the resolved chunk layout and the chunk starts. Immutable and shared by every
 * reader of the matrix.
 *
 * @param prefix  "index" or "val"
 * @param starts  per-chunk first values for D1/D1Z (may be shorter than the chunk count
 *                when the array is short: such chunks cannot be decoded), else empty
 */
public record PackedStream(String prefix, Bp128Variant variant, Bp128Layout layout, int[] starts) {

    public String dataName() { return ArrayNames.data(prefix); }

    public String idxName() { return ArrayNames.idx(prefix); }

    public String idxOffsetsName() { return ArrayNames.idxOffsets(prefix); }

    public String startsName() { return ArrayNames.starts(prefix); }

    /** Whether chunk {@code k} can be decoded. */
    public boolean decodable(int k) {
        return layout.usable(k) && (!variant.usesStarts() || k < starts.length);
    }

    /**
     * Values at the start of chunk {@code k} that decode: all of a decodable chunk, the
     * prefix before the data's end of the chunk it cuts, else 0.
     */
    public int decodableValues(int k) {
        if (variant.usesStarts() && k >= starts.length) return 0;
        return layout.decodableValues(k);
    }

    /** True when value {@code in} of chunk {@code k} decodes. */
    public boolean decodable(int k, int in) { return in < decodableValues(k); }

    public int start(int k) { return variant.usesStarts() && k < starts.length ? starts[k] : 0; }
}
