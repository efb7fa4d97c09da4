package org.packscope.codec.sparse;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/**
 * What a compressed sparse matrix stored as HDF5 datasets (data, indices, indptr, as
 * AnnData and 10x write them) can have wrong. A missing array and an index outside the
 * shape are {@code SharedRules.MISSING_ARRAY} and {@code SharedRules.INDEX_OUT_OF_RANGE},
 * shared with BPCells.
 */
public final class SparseRules implements RuleCatalogue {
    public static final Rule SHAPE_INVALID = Rule.error("shape_invalid",
            "the matrix shape is negative or beyond 2^31 rows or columns");
    public static final Rule INDPTR_LENGTH_MISMATCH = Rule.error("indptr_length_mismatch",
            "indptr does not have one element more than there are stored rows (CSR) or columns (CSC)");
    public static final Rule DATA_INDICES_LENGTH_MISMATCH = Rule.error("data_indices_length_mismatch",
            "data and indices differ in length, so some entries have a value without an index or the reverse");
    public static final Rule INDPTR_NOT_MONOTONIC = Rule.error("indptr_not_monotonic",
            "indptr does not start at 0 or decreases somewhere");
    public static final Rule INDPTR_END_MISMATCH = Rule.error("indptr_end_mismatch",
            "the last element of indptr is not the number of stored entries");
    public static final Rule SHAPE_NAMES_MISMATCH = Rule.error("shape_names_mismatch",
            "there are row or column names, but not as many as the shape says");
    public static final Rule INDEX_UNSORTED = Rule.warning("index_unsorted",
            "indices within a row or column are not ascending (legal in scipy, refused by readers that binary-search)");
    public static final Rule INDEX_DUPLICATE = Rule.error("index_duplicate",
            "an index repeats within its row or column: two values for one cell");
    public static final Rule NON_INTEGER_COUNTS = Rule.warning("non_integer_counts",
            "values expected to be counts are not whole numbers (perhaps normalised data)");
    public static final Rule NEGATIVE_COUNTS = Rule.warning("negative_counts",
            "values expected to be counts are negative");

    @Override public String owner() { return "compressed sparse matrix (AnnData, 10x)"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(SparseRules.class); }
}
