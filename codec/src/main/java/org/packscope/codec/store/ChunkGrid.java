package org.packscope.codec.store;

import java.util.Arrays;

/**
 * A regular N-dimensional chunk grid (Zarr's {@code regular} grid, bcolz's row chunks,
 * HDF5's chunked layout): the array's shape, the chunk shape, and the arithmetic between
 * an element's coordinates, its chunk and its place inside the chunk. Chunks are numbered
 * in C order of their grid coordinates; edge chunks reach past the array and are cut.
 */
public final class ChunkGrid {
    private final long[] shape;
    private final int[] chunks;
    private final long[] gridShape;
    private final long chunkCount;
    private final long elements;
    private final long chunkElements;

    /**
     * @throws IllegalArgumentException when a chunk extent is not positive, a shape extent
     *         is negative, or the counts overflow a long (callers validate metadata first
     *         and report a diagnostic; this is the last line)
     */
    public ChunkGrid(long[] shape, int[] chunks) {
        if (shape.length != chunks.length) throw new IllegalArgumentException("shape has " + shape.length + " dimensions, chunks " + chunks.length);
        this.shape = shape.clone();
        this.chunks = chunks.clone();
        this.gridShape = new long[shape.length];
        long count = 1, elems = 1, per = 1;
        for (int d = 0; d < shape.length; d++) {
            if (shape[d] < 0) throw new IllegalArgumentException("negative extent " + shape[d] + " in dimension " + d);
            if (chunks[d] <= 0) throw new IllegalArgumentException("chunk extent " + chunks[d] + " in dimension " + d);
            gridShape[d] = shape[d] == 0 ? 0 : (shape[d] - 1) / chunks[d] + 1;
            try {
                count = Math.multiplyExact(count, gridShape[d]);
                elems = Math.multiplyExact(elems, shape[d]);
                per = Math.multiplyExact(per, chunks[d]);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("the element or chunk count overflows 63 bits");
            }
        }
        this.chunkCount = count;
        this.elements = elems;
        this.chunkElements = per;
    }

    public int rank() { return shape.length; }

    public long[] shape() { return shape.clone(); }

    public long extent(int d) { return shape[d]; }

    public int[] chunkShape() { return chunks.clone(); }

    public int chunkExtent(int d) { return chunks[d]; }

    /** Chunks along each dimension. */
    public long[] gridShape() { return gridShape.clone(); }

    public long chunkCount() { return chunkCount; }

    /** Elements in the array. */
    public long elements() { return elements; }

    /** Elements in a full chunk (edge chunks are stored at this size by Zarr and HDF5). */
    public long chunkElements() { return chunkElements; }

    /** The C-order number of the chunk at grid coordinates {@code c}. */
    public long chunkIndex(long[] c) {
        long k = 0;
        for (int d = 0; d < c.length; d++) k = k * gridShape[d] + c[d];
        return k;
    }

    /** The grid coordinates of chunk number {@code k}. */
    public long[] chunkCoords(long k) {
        long[] c = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            c[d] = k % gridShape[d];
            k /= gridShape[d];
        }
        return c;
    }

    /** The array's extent covered by chunk {@code c} along {@code d} (less than the chunk extent at the edge). */
    public int validExtent(long[] c, int d) {
        return (int) Math.min(chunks[d], shape[d] - c[d] * chunks[d]);
    }

    /** Coordinates of the element at C-order position {@code flat}. */
    public long[] elementCoords(long flat) {
        long[] e = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            e[d] = flat % shape[d];
            flat /= shape[d];
        }
        return e;
    }

    /** The chunk's grid coordinates as people write them: "0.3.1". */
    public static String key(long[] c, String separator) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < c.length; d++) sb.append(d > 0 ? separator : "").append(c[d]);
        return sb.toString();
    }

    @Override
    public String toString() { return Arrays.toString(shape) + " in chunks of " + Arrays.toString(chunks); }
}
