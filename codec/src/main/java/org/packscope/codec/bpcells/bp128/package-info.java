/**
 * The BP128 family of 128-integer bit-packing codecs (Lemire and Boytsov) as BPCells
 * stores them: 4 interleaved lanes, chunk widths derived from an {@code idx} array of
 * word offsets (with {@code idx_offsets} for data beyond 2^32 words), and the variants
 * vanilla, D1, D1Z and FOR (m1). Independent of where the arrays come from.
 */
package org.packscope.codec.bpcells.bp128;
