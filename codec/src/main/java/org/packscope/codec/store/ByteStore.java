package org.packscope.codec.store;

import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;

/**
 * Decompressed bytes addressed by position, decoded on demand unit by unit (a Blosc
 * block, a bcolz chunk's block). Thread-safe. Bytes of a unit that cannot be decoded
 * read as zeros; {@link #failure} says why.
 */
public interface ByteStore {
    long size();

    void read(long pos, byte[] dst, int off, int len);

    /**
     * Why the unit holding byte {@code pos} cannot be decoded, or null when it can (the
     * unit is decoded, or found in the cache, to know). Stores that never fail keep the default.
     */
    default String failure(long pos) { return null; }

    /** The first byte after the unit (block) holding byte {@code pos}: where {@link #failure} may change. */
    default long unitEnd(long pos) { return size(); }

    /**
     * The end of the stretch from byte {@code pos} whose bytes are known without decoding
     * to repeat the element at {@code pos} (a chunk that is not stored is its fill value);
     * {@code pos} when no such stretch is known. Lets comparisons and summaries follow the
     * stored data instead of the whole extent.
     */
    default long uniformEnd(long pos) { return pos; }

    /**
     * The end of the stretch from byte {@code pos} whose units are known, without decoding,
     * to fail (they cannot be located); {@code pos} when none is known. Lets summaries pass
     * over damage in bulk: 8,000 blocks that all claim one stream cost nothing to count.
     */
    default long failedEnd(long pos) { return pos; }

    /** True when some unit may fail to decode. */
    default boolean mayFail() { return false; }

    /** Decodes everything, handing each unit's failure to the sink; returns the bytes decoded. */
    long verify(Consumer<Diagnostic> sink, Progress progress);
}
