package org.packscope.codec.hdf5;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** What PackScope finds wrong in HDF5 files: damaged structures, links that lead nowhere or in circles, types it does not show. */
public final class Hdf5Rules implements RuleCatalogue {
    public static final Rule UNREADABLE = Rule.error("hdf5_unreadable",
            "an HDF5 structure (object header, B-tree node, heap, chunk) cannot be read");
    public static final Rule CYCLE = Rule.error("hdf5_cycle",
            "a B-tree node or link refers back to itself or an ancestor, or structures nest too deep to follow");
    public static final Rule OBJECT_HEADER_BEYOND_FILE = Rule.error("hdf5_object_header_beyond_file",
            "an object's header is said to start at or past the end of the file");
    public static final Rule OBJECT_HEADER_TOO_LARGE = Rule.error("hdf5_object_header_too_large",
            "an object header claims more bytes of messages than the file has after it");
    public static final Rule GROUP_UNREADABLE = Rule.error("group_unreadable",
            "a group a format recognised as one of its own could not be opened as that format");
    public static final Rule LINK_LOOP = Rule.warning("hdf5_link_loop",
            "a hard link leads to a group that contains it; it is not followed");
    public static final Rule TOO_DEEP = Rule.warning("hdf5_too_deep",
            "groups nest deeper than PackScope opens");
    public static final Rule LINK_CYCLE = Rule.warning("hdf5_link_cycle",
            "a soft link leads back to itself through other soft links");
    public static final Rule DANGLING_LINK = Rule.warning("hdf5_dangling_link",
            "a soft link's path names nothing (legal in HDF5, but it leads nowhere)");
    public static final Rule EXTERNAL_LINK_TARGET = Rule.warning("hdf5_external_link_target",
            "an external link's target file is missing or not a regular file; the link is shown, not followed");
    public static final Rule UNSUPPORTED_OBJECT = Rule.warning("hdf5_unsupported_object",
            "an object is neither a group, a dataset nor a named datatype");
    public static final Rule UNSUPPORTED_TYPE = Rule.warning("hdf5_unsupported_type",
            "a dataset's values are of a type PackScope does not show");
    public static final Rule FILTER_FAILED = Rule.error("hdf5_filter_failed",
            "a chunk's filter cannot run: its parameters are impossible, or no reader knows the filter");
    public static final Rule FILTER_DAMAGED = Rule.error("hdf5_filter_damaged",
            "a chunk's stored bytes are damaged for its filter (szip, Blosc, LZ4, bitshuffle, Zstandard, deflate, ...)");
    public static final Rule CHUNK_BEYOND_FILE = Rule.error("hdf5_chunk_beyond_file",
            "the chunk index places a chunk past the end of the file");
    public static final Rule CHUNK_SIZE_MISMATCH = Rule.error("hdf5_chunk_size_mismatch",
            "a chunk's inner codec says it holds a different number of bytes than the chunk's shape and type call for");
    public static final Rule ATTRIBUTE_UNREADABLE = Rule.warning("hdf5_attribute_unreadable",
            "an attribute's value cannot be read");

    @Override public String owner() { return "HDF5"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(Hdf5Rules.class); }
}
