package org.packscope.codec.hdf5;

import io.jhdf.HdfFile;

import org.packscope.codec.io.ByteSource;

/**
 * An HDF5 file as both readers see it: jhdf's object for datatypes, filters and values,
 * and the bytes for PackScope's own structure readers (element places). Shared by every
 * {@link Hdf5Object} of the file.
 */
final class OpenedFile {
    final HdfFile hdf;
    final ByteSource source;
    private Hdf5ElementSpans spans;
    private boolean triedSpans;

    OpenedFile(HdfFile hdf, ByteSource source) {
        this.hdf = hdf;
        this.source = source;
    }

    /** The file offset of an HDF5 address (which counts from the superblock), or -1 for -1. */
    long offset(long address) {
        return address < 0 ? -1 : hdf.getUserBlockSize() + address;
    }

    /** PackScope's element places of this file, or null when its superblock cannot be read. */
    synchronized Hdf5ElementSpans spans() {
        if (!triedSpans) {
            triedSpans = true;
            try {
                spans = source == null ? null : Hdf5ElementSpans.of(source);
            } catch (RuntimeException e) {
                spans = null;
            }
        }
        return spans;
    }
}
