package org.packscope.codec.blosc;

import org.packscope.codec.inspect.Diagnostic;

/**
 * Where one block of a chunk lies: its bstart, its split streams (each an int32 csize
 * then csize bytes; csize equal to the stream's size means stored raw) and the first
 * problem found walking them, if any. Offsets are absolute in the chunk's source.
 */
public record BlockLayout(int index, long start, long end, int bsize, boolean leftoverBlock, int nsplits,
                          long[] streamOffsets, int[] csizes, Diagnostic problem) {

    /** Uncompressed size of each split stream. */
    public int neblock() { return bsize / nsplits; }

    public boolean raw(int split) { return csizes[split] == neblock(); }

    /** Compressed bytes of the block including the csize words. */
    public long cbytes() { return end - start; }

    public int rawStreams() {
        int n = 0;
        for (int j = 0; j < csizes.length; j++) if (raw(j)) n++;
        return n;
    }

    /** Streams that could be located (all of them unless {@code problem} is set). */
    public int streamsFound() { return csizes.length; }
}
