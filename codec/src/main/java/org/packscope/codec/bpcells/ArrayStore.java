package org.packscope.codec.bpcells;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.ReadProblem;

/**
 * The named arrays of one BPCells matrix, wherever they live: a folder of files
 * ({@link FolderArrayStore}), an HDF5 group ({@link Hdf5ArrayStore}), an R object
 * from an .rds file. The matrix reader only ever talks to this interface.
 *
 * <p>Reads are type-directed and raw: {@link #readInts} delivers 32-bit elements
 * (uint32 values or float32 IEEE bits), {@link #readLongs} 64-bit elements (uint64
 * values or float64 IEEE bits). A store whose container holds other physical types
 * converts: an R store returns the numeric value of a double vector for a UINT64 array,
 * and the bits of an integer vector for UINT32/FLOAT32 arrays. {@link ArrayNames#expectedType}
 * tells a store which type BPCells means for a given array name.
 *
 * <p>Implementations are thread-safe: the inspector, the values table and bulk decoders
 * read concurrently. Reads past the end, missing arrays and container failures throw a
 * {@link ReadProblem} ({@link #unreadable}); nothing else escapes.
 */
public interface ArrayStore {

    /**
     * What a store throws when it cannot deliver what was asked of an array: an
     * {@code array_unreadable} problem at {@code byteOffset} of the array's own source
     * (-1 when the bytes are not directly addressable). The reader that asked knows the
     * array and places the problem in it.
     */
    static ReadProblem unreadable(long byteOffset, String message) {
        return new ReadProblem(Diagnostic.error(byteOffset >= 0 ? Span.bytes(byteOffset, 0) : null,
                BpcellsRules.ARRAY_UNREADABLE, message));
    }

    /** For messages and node summaries: a folder path, {@code file.h5::/group}, {@code x.rds$counts}. */
    String description();

    /** Names of the arrays present, in a stable order (the version marker is not an array). */
    List<String> arrayNames();

    /** The array's type, length and location, or null when it is absent. */
    ArrayInfo info(String name);

    default boolean has(String name) { return info(name) != null; }

    /** Elements {@code [start, start+len)} of a 32-bit array (UINT32 or FLOAT32) as raw bits. */
    void readInts(String name, long start, int[] dst, int off, int len);

    /** Elements {@code [start, start+len)} of a 64-bit array: UINT64 values or FLOAT64 bits. */
    void readLongs(String name, long start, long[] dst, int off, int len);

    /** Elements of a FLOAT32 array as floats. */
    default void readFloats(String name, long start, float[] dst, int off, int len) {
        int[] bits = new int[len];
        readInts(name, start, bits, 0, len);
        for (int i = 0; i < len; i++) dst[off + i] = Float.intBitsToFloat(bits[i]);
    }

    /** Elements of a FLOAT64 array as doubles. */
    default void readDoubles(String name, long start, double[] dst, int off, int len) {
        long[] bits = new long[len];
        readLongs(name, start, bits, 0, len);
        for (int i = 0; i < len; i++) dst[off + i] = Double.longBitsToDouble(bits[i]);
    }

    /** All strings of a STRING array (row_names, col_names, storage_order). */
    List<String> readStrings(String name);

    /**
     * Adds container-specific facts about an array to its inspection node (file header
     * field, HDF5 layout and filters, R vector header). The default adds nothing.
     */
    default void describe(String name, Node arrayNode) { }
}
