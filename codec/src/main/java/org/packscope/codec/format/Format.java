package org.packscope.codec.format;

import java.nio.file.Path;
import java.util.List;

import org.packscope.codec.inspect.Node;

/**
 * One file format: how sure it is that a path holds it (by content, not by name
 * alone) and how to open it as an inspection tree.
 */
public interface Format {

    /** Stable id, e.g. "pco". */
    String id();

    /** Name for people, e.g. "Pco (pcodec)". */
    String displayName();

    /** Formats read inside this one's files, for people (AnnData in HDF5, BPCells in .rds); empty if none. */
    default java.util.List<String> inside() { return java.util.List.of(); }

    /**
     * 0 = not this format. Fallbacks (raw bytes, plain folder) answer 1; formats that
     * match a magic number answer 100; structural guesses answer in between.
     */
    int probe(Probe probe);

    /**
     * The entries of a folder that {@link #probe} looks at. Where each question costs a
     * round trip (a remote store), all formats' entries are asked for at once before probing.
     */
    default List<String> folderEntriesProbed() { return List.of(); }

    /**
     * The node for {@code path}; it may load lazily. Must not throw for bad content:
     * problems become diagnostics on the node.
     */
    Node open(Path path, Opener opener);
}
