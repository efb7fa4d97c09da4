package org.packscope.codec.read;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** The rules every recording reader checks, whatever the format. */
public final class ReadRules implements RuleCatalogue {
    public static final Rule TRUNCATED = Rule.error("truncated",
            "the data ends inside a field or structure that needs more bytes");
    public static final Rule NONZERO_PADDING = Rule.error("nonzero_padding",
            "bits the format pads with zeros up to a byte boundary are not zero");

    @Override public String owner() { return "every reader"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(ReadRules.class); }
}
