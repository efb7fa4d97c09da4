package org.packscope.codec.inspect;

/**
 * The fast path over all values of a node, with results discarded: what {@code bench}
 * times. Returns the number of values decoded.
 */
@FunctionalInterface
public interface BulkDecoder {
    long decodeAll(Progress progress);
}
