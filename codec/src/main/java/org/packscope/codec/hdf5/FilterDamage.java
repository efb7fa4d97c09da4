package org.packscope.codec.hdf5;

/**
 * Damage a PackScope-decoded HDF5 filter found in a chunk: what, and at which byte of
 * the bytes the filter was given. When the filter is the first one undone (the last of
 * the pipeline), those bytes are the chunk as stored, and {@link StoredElements} turns the
 * offset into the byte of the file.
 */
final class FilterDamage extends RuntimeException {
    final long offset;

    FilterDamage(long offset, String message) {
        super(message + " (byte " + offset + " of the filtered chunk)", null, false, false);
        this.offset = offset;
    }
}
