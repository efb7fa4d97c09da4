package org.packscope.codec.bpcells;

import org.packscope.codec.inspect.Node;

/**
 * Builds the inspection tree of a BPCells matrix from any {@link ArrayStore}: the
 * matrix node (facts, tables, SparseMatrix / BulkDecoder / Verifier facets), one child
 * per named array, BP128 chunk drill-downs, per-column access and the entry triplets.
 */
public final class BpcellsNodes {
    private BpcellsNodes() { }

    /**
     * The node for one matrix. Lazy: nothing is read until the node is looked at, and
     * problems become diagnostics. {@code versionString} is the matrix's version marker
     * as found in its container (folder file, HDF5 attribute, R element), or null when
     * absent.
     */
    public static Node matrixNode(String name, ArrayStore store, String versionString) {
        return Node.lazy(name, "bpcells-matrix", n -> MatrixNodeBuilder.fill(n, store, versionString));
    }

    /** The node for a matrix already opened with {@link BpcellsMatrix#open}. */
    public static Node matrixNode(String name, BpcellsMatrix matrix) {
        return Node.lazy(name, "bpcells-matrix", n -> MatrixNodeBuilder.fill(n, matrix));
    }
}
