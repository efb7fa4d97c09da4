package org.packscope.codec.anndata;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** What an AnnData file's data frames (obs, var) can have wrong; its matrices follow {@code SparseRules}. */
public final class AnndataRules implements RuleCatalogue {
    public static final Rule DATAFRAME_COLUMN_MISSING = Rule.warning("dataframe_column_missing",
            "the data frame's column-order attribute names a column the group does not hold");
    public static final Rule DATAFRAME_LENGTH_MISMATCH = Rule.error("dataframe_length_mismatch",
            "a data frame column has a different number of values than the frame's index has names");
    public static final Rule CATEGORICAL_UNREADABLE = Rule.error("categorical_unreadable",
            "a categorical column has no codes that can be read");
    public static final Rule CATEGORY_CODE_OUT_OF_RANGE = Rule.error("category_code_out_of_range",
            "a categorical code is neither a category number nor -1 (missing)");

    @Override public String owner() { return "AnnData"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(AnndataRules.class); }
}
