package org.packscope.codec.fs;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** What a plain folder's links can do wrong (an unlistable folder is {@code SharedRules.FOLDER_UNREADABLE}). */
public final class FsRules implements RuleCatalogue {
    public static final Rule SYMLINK_LOOP = Rule.warning("symlink_loop",
            "a link points at the folder holding it or one above it; following it would never end, so it is not followed");
    public static final Rule LINK_UNREADABLE = Rule.warning("link_unreadable",
            "a link's target cannot be resolved");

    @Override public String owner() { return "folder"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(FsRules.class); }
}
