package org.packscope.codec.inspect;

/**
 * The fast path over all values of a node, with results discarded: what {@code bench}
 * times. Returns the number of values decoded. Formats whose data comes in independent
 * pieces (chunks, pages, blocks, column ranges) decode them on up to {@code threads}
 * threads; one thread decodes on the caller's thread alone.
 */
@FunctionalInterface
public interface BulkDecoder {
    long decodeAll(Progress progress, int threads);

    /** On the caller's thread only. */
    default long decodeAll(Progress progress) {
        return decodeAll(progress, 1);
    }
}
