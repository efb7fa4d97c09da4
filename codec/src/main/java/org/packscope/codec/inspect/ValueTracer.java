package org.packscope.codec.inspect;

/**
 * Offered next to a {@link ValueColumn} by formats that can show how a value came to
 * be. Tracing decodes just the unit that holds the value, recording as it goes.
 */
@FunctionalInterface
public interface ValueTracer {

    /** The derivation of value {@code index} of the node's value column. */
    Trace trace(long index, Progress progress);
}
