package org.packscope.codec.format;

import java.nio.file.Path;

import org.packscope.codec.inspect.Node;

/**
 * Opens any path as whatever it holds. Formats that contain other files (folders,
 * HDF5 external links) receive one, so they reach the other formats without naming
 * them or the registry that knows them all.
 */
@FunctionalInterface
public interface Opener {

    /** The node for {@code path}; never throws for bad content. */
    Node open(Path path);
}
