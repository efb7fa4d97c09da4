package org.packscope.codec.bpcells;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.SharedRules;

/**
 * What a BPCells matrix can have wrong, in whichever store it lives (folder, HDF5 group,
 * R object). The bookkeeping of its BP128 streams is {@code bp128.Bp128Rules}; a missing
 * array and an index outside the shape are {@code SharedRules}, shared with the other
 * sparse-matrix formats.
 */
public final class BpcellsRules implements RuleCatalogue {
    public static final Rule MISSING_VERSION = Rule.error("missing_version",
            "the matrix has no version marker (no version file, attribute or element)");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule UNKNOWN_VERSION = SharedRules.UNKNOWN_VERSION;
    public static final Rule BAD_VERSION = Rule.error("bad_version",
            "the version marker is not a BPCells matrix version at all");
    public static final Rule VERSION_INFERRED = Rule.warning("version_inferred",
            "without a usable version marker, the layout is guessed from the arrays present");
    public static final Rule BAD_ARRAY_TYPE = Rule.error("bad_array_type",
            "an array's container does not say a BPCells element type (unknown folder header, unsupported HDF5 type)");
    public static final Rule ARRAY_TYPE_MISMATCH = Rule.error("array_type_mismatch",
            "an array holds another element type than the version stores there");
    public static final Rule ARRAY_PROBLEM = Rule.warning("array_problem",
            "an array's container has a flaw that does not stop reading (bytes after the last whole element, extra dimensions)");
    public static final Rule ARRAY_UNREADABLE = Rule.error("array_unreadable",
            "the store could not deliver the elements of an array that was asked for");
    public static final Rule ARRAY_LENGTH_MISMATCH = Rule.error("array_length_mismatch",
            "index and val of an unpacked matrix differ in length");
    public static final Rule SHAPE_LENGTH = Rule.error("shape_length",
            "the shape array does not have exactly two elements (rows, columns)");
    public static final Rule SHAPE_TOO_LARGE = Rule.error("shape_too_large",
            "the shape claims more columns (rows for row order) than PackScope indexes");
    public static final Rule BAD_STORAGE_ORDER = Rule.error("bad_storage_order",
            "storage_order is not the one string col or row; col is assumed");
    public static final Rule NAMES_LENGTH = Rule.warning("names_length",
            "row_names or col_names has names, but not one per row or column; they are ignored");
    public static final Rule IDXPTR_LENGTH = Rule.error("idxptr_length",
            "idxptr does not have one element more than there are columns (rows for row order)");
    public static final Rule IDXPTR_START = Rule.error("idxptr_start",
            "idxptr does not start at 0");
    public static final Rule IDXPTR_NOT_MONOTONE = Rule.error("idxptr_not_monotone",
            "idxptr decreases; the entries in between are given to the earlier column");
    public static final Rule NNZ_MISMATCH = Rule.error("nnz_mismatch",
            "an unpacked per-entry array (index, val) does not have as many elements as idxptr's last element says");
    public static final Rule ENTRIES_MISSING = Rule.error("entries_missing",
            "idxptr claims more entries than the per-entry arrays can locate; columns are cut there");
    public static final Rule ENTRIES_UNDECODABLE = Rule.error("entries_undecodable",
            "entries lie in BP128 chunks whose bookkeeping is broken; they are skipped");
    public static final Rule INDEX_NOT_INCREASING = Rule.warning("index_not_increasing",
            "indices do not increase within a column (row for row order), as BPCells writes them");

    @Override public String owner() { return "BPCells"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(BpcellsRules.class); }
}
