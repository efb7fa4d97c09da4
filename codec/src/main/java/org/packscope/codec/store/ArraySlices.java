package org.packscope.codec.store;

import java.util.List;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * Two-dimensional windows through an N-dimensional array: the facet a slice picker, a
 * table of one slice or a heat map reads. A person chooses the two displayed dimensions
 * ({@code rowDim}, {@code colDim}) and an index for every other dimension ({@code fixed});
 * {@link #read} then fills a window of that 2-D slice, decoding only the chunks the
 * window crosses (each once, with a small cache of decoded chunks shared with the node's
 * value column). Thread-safe.
 *
 * <p>Example: the slice {@code a[7, :, 3, :]} of a 4-D array, rows 100..199 and columns
 * 0..49: {@code read(1, 3, new long[] {7, 0, 3, 0}, 100, 100, 0, 50, dst, gaps)}.
 */
public interface ArraySlices {

    /** The array's extent along each dimension. */
    long[] shape();

    /** The element type; {@link #read} returns raw bit patterns of it (see {@link ValueType}). */
    ValueType type();

    /** A name for each dimension (empty strings where the format names none). */
    List<String> dimensionNames();

    /**
     * Reads the window {@code [row0, row0+rows) × [col0, col0+cols)} of the slice in which
     * every dimension but {@code rowDim} and {@code colDim} stands at {@code fixed[d]}
     * (the entries at {@code rowDim} and {@code colDim} are ignored). {@code colDim} may be
     * -1 for a 1-D array (or to show one dimension as a single column; {@code cols} is then 1).
     * Values go to {@code dst} row by row ({@code dst[r * cols + c]}), raw bits as
     * {@link ValueColumn#read} gives them; {@code gaps} (may be null) gets
     * {@link ValueColumn#PRESENT} or {@link ValueColumn#UNDECODABLE} for each value, the
     * latter where a chunk could not be decoded (it reads as the fill value). Missing
     * chunks read as the fill value and are present.
     *
     * @throws IndexOutOfBoundsException when the window or a fixed index is outside the array
     * @throws IllegalArgumentException when the dimensions are not distinct dimensions of the array
     */
    void read(int rowDim, int colDim, long[] fixed, long row0, int rows, long col0, int cols, long[] dst, byte[] gaps);
}
