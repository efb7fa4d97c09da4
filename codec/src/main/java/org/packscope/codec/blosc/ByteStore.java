package org.packscope.codec.blosc;

import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;

/**
 * Decompressed bytes addressed by position, decoded on demand unit by unit (a Blosc
 * block, a bcolz chunk's block). Thread-safe. Bytes of a unit that cannot be decoded
 * read as zeros; {@link #failures} reports them.
 */
public interface ByteStore {
    long size();

    void read(long pos, byte[] dst, int off, int len);

    /** Decodes everything, handing each unit's failure to the sink; returns the bytes decoded. */
    long verify(Consumer<Diagnostic> sink, org.packscope.codec.inspect.Progress progress);
}
