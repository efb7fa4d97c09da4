package org.packscope.codec.hdf5;

import java.nio.file.Path;

import org.packscope.codec.inspect.Node;

/**
 * A format that lives in an HDF5 group (BPCells matrices). The HDF5 browser asks each
 * opener whether it recognises a group before showing it as a plain group.
 */
public interface Hdf5GroupOpener {

    boolean accepts(Hdf5Group group);

    /** The format's name for people, e.g. "AnnData (.h5ad)". */
    String displayName();

    /** The node for the group; {@code file} is the .h5 file (for the hex view). */
    Node open(Hdf5Group group, Path file);

    /** Fills {@code node} (the file's own node, when the format fills the root group) with what {@link #open} shows. */
    void fill(Node node, Hdf5Group group, Path file);

    /** The node for a dataset this format claims (AnnData's dense matrices), or null to show it as a dataset. */
    default Node openDataset(Hdf5Dataset dataset, Path file) { return null; }
}
