package org.packscope.codec.inspect;

import java.util.Arrays;
import java.util.List;

/**
 * A node facet for values that form an N-dimensional array (a Zarr array, an HDF5
 * dataset): its shape, a name for each dimension, and the node's value column holding
 * the elements in C order. Views show 2-D slices of it ({@link Slice2D}); only the
 * chunks a slice crosses are decoded, because the column decodes only what is read.
 */
public record NdArray(long[] shape, List<String> dimensionNames, ValueColumn column) {

    public NdArray {
        shape = shape.clone();
        if (dimensionNames.size() != shape.length) throw new IllegalArgumentException("a name for each of " + shape.length + " dimensions");
        long n = 1;
        for (long e : shape) {
            if (e < 0) throw new IllegalArgumentException("negative extent");
            try {
                n = Math.multiplyExact(n, e);
            } catch (ArithmeticException overflow) {
                throw new IllegalArgumentException("more than 2^63 elements");
            }
        }
        if (n != column.count()) throw new IllegalArgumentException(Arrays.toString(shape) + " holds " + n + " elements, the column " + column.count());
    }

    /** Dimensions named "dim 0", "dim 1", … */
    public static NdArray of(long[] shape, ValueColumn column) {
        String[] names = new String[shape.length];
        for (int d = 0; d < names.length; d++) names[d] = "dim " + d;
        return new NdArray(shape, List.of(names), column);
    }

    @Override public long[] shape() { return shape.clone(); }

    public int rank() { return shape.length; }

    public long extent(int d) { return shape[d]; }

    /** Elements between neighbours along {@code d} in C order. */
    public long stride(int d) {
        long s = 1;
        for (int k = shape.length - 1; k > d; k--) s *= shape[k];
        return s;
    }

    /**
     * The 2-D slice with {@code rowDim} down and {@code colDim} across, every other
     * dimension held at {@code at[d]} ({@code at[rowDim]} and {@code at[colDim]} are ignored).
     */
    public Slice2D slice(int rowDim, int colDim, long[] at) {
        return new Slice2D(this, rowDim, colDim, at);
    }
}
