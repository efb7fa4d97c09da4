package org.packscope.codec.hdf5;

/**
 * A filter that stops decoding at a given size: the size a chunk decodes to is known
 * before its filters are undone, so a stream that would inflate further (a bzip2 chunk of
 * 4 KB that unpacks to 190 MB) is damage found after {@code cap} bytes, not after all of them.
 */
interface BoundedFilter {
    /** The decoded bytes, at most {@code cap} of them; more is a {@link org.packscope.codec.read.ReadProblem} ({@code too_large_to_hold}). */
    byte[] decode(byte[] in, int[] filterData, long cap);

    /** PackScope's bounded decoder for a filter id, or null when the filter has none. */
    static BoundedFilter of(int id) {
        return id == Bzip2Filter.ID ? Bzip2Filter.BOUNDED : null;
    }
}
