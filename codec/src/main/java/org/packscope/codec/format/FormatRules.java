package org.packscope.codec.format;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** What opening a path can find wrong before any format reads it: nothing there, or nothing recognised. */
public final class FormatRules implements RuleCatalogue {
    public static final Rule MISSING_FILE = Rule.error("missing_file",
            "the path given names no file or folder");
    public static final Rule BAD_MAGIC = Rule.error("bad_magic",
            "the content does not start with the signature its format (or its file name) promises");
    public static final Rule UNRECOGNISED_CONTENT = Rule.warning("unrecognised_content",
            "no format PackScope reads recognises the content; it is shown as raw bytes");

    @Override public String owner() { return "opening a path"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(FormatRules.class); }
}
