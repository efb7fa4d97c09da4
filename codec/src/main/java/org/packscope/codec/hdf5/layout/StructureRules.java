package org.packscope.codec.hdf5.layout;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/**
 * What PackScope finds wrong in HDF5's own structures when it reads them itself, the way
 * h5check validates a file: each against the format specification, trusting nothing it says.
 * (Cycles are {@code hdf5_cycle} of the HDF5 catalogue.)
 */
public final class StructureRules implements RuleCatalogue {
    public static final Rule BAD_SIGNATURE = Rule.error("hdf5_bad_signature",
            "an HDF5 structure (superblock, B-tree node, heap, object header, index block) does not start with its signature");
    public static final Rule BAD_VERSION = Rule.error("hdf5_bad_version",
            "an HDF5 structure has a version number the specification does not define");
    public static final Rule CHECKSUM_MISMATCH = Rule.error("hdf5_checksum_mismatch",
            "the Jenkins lookup3 checksum stored with an HDF5 structure does not match its bytes");
    public static final Rule ADDRESS_OUT_OF_FILE = Rule.error("hdf5_address_out_of_file",
            "an address in an HDF5 structure points at or past the end of the file");
    public static final Rule TRUNCATED = Rule.error("hdf5_truncated",
            "the file is shorter than the end-of-file address its superblock records");
    public static final Rule BAD_MESSAGE = Rule.error("hdf5_bad_message",
            "an object header message overruns its header chunk or holds impossible values");
    public static final Rule BAD_COUNT = Rule.error("hdf5_bad_count",
            "a count in an HDF5 structure (entries, messages, records, rank) is impossible for the bytes it describes");
    public static final Rule BAD_BTREE = Rule.error("hdf5_bad_btree",
            "a B-tree node is of the wrong type or level for where it is linked");
    public static final Rule BAD_HEAP_OFFSET = Rule.error("hdf5_bad_heap_offset",
            "a name or object offset points outside its heap");
    public static final Rule EOF_BELOW_END = Rule.warning("hdf5_eof_below_end",
            "the file holds bytes past the end-of-file address its superblock records");

    @Override public String owner() { return "HDF5 structures"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(StructureRules.class); }
}
