package org.packscope.codec.read;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.SharedRules;

/** The rules every recording reader checks, whatever the format. */
public final class ReadRules implements RuleCatalogue {
    /**
     * The same rule as {@link SharedRules#TRUNCATED} (a node load that reads past the end
     * reports it too, and {@code inspect} cannot see this package); catalogued there.
     */
    public static final Rule TRUNCATED = SharedRules.TRUNCATED;
    public static final Rule NONZERO_PADDING = Rule.error("nonzero_padding",
            "bits the format pads with zeros up to a byte boundary are not zero");

    @Override public String owner() { return "every reader"; }

    @Override
    public List<Rule> rules() {
        return RuleCatalogue.constantsOf(ReadRules.class).stream().filter(r -> r != TRUNCATED).toList();
    }
}
