/**
 * BPCells bit-packed sparse matrices (CSC/CSR over named arrays).
 *
 * <p>Entry points: {@link org.packscope.codec.bpcells.BpcellsMatrix#open} reads a matrix
 * from any {@link org.packscope.codec.bpcells.ArrayStore} (folder:
 * {@link org.packscope.codec.bpcells.FolderArrayStore}; HDF5 group:
 * {@link org.packscope.codec.bpcells.Hdf5ArrayStore}; R objects live in the rds package);
 * {@link org.packscope.codec.bpcells.BpcellsNodes#matrixNode} builds its inspection tree;
 * {@link org.packscope.codec.export.MatrixMarket} writes a
 * {@link org.packscope.codec.inspect.SparseMatrix} as text. Detection:
 * {@link org.packscope.codec.bpcells.BpcellsFolderFormat} and
 * {@link org.packscope.codec.bpcells.BpcellsHdf5Opener}. The BP128 codecs themselves
 * are in {@code bp128}.
 */
package org.packscope.codec.bpcells;

import org.packscope.codec.export.MatrixMarket;
