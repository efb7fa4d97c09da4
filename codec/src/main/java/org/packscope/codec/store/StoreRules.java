package org.packscope.codec.store;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** Rules every chunked array checks, whatever holds its chunks. */
public final class StoreRules implements RuleCatalogue {
    public static final Rule CHUNK_SIZE_MISMATCH = Rule.error("chunk_size_mismatch",
            "a chunk decodes to a different number of bytes than its shape and item size call for");

    public static final Rule CF_ATTRIBUTE_IGNORED = Rule.warning("cf_attribute_ignored",
            "a netCDF / CF attribute (scale_factor, _FillValue, valid_range, ...) holds no usable number, so values are shown without it");

    @Override public String owner() { return "chunked arrays"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(StoreRules.class); }
}
