package org.packscope.codec.inspect;

import java.util.List;

/**
 * The rules no single format owns: what any node load, walk or reader can meet (a source
 * that ends early, a claim too large to hold, a path that is not a regular file, a failure
 * that is a bug), and the two matrix rules the sparse-matrix formats share. They live
 * here, beside {@link Rule}, because every format package depends on this one; {@code io}
 * cannot hold them without depending back on it.
 */
public final class SharedRules implements RuleCatalogue {
    public static final Rule TRUNCATED = Rule.error("truncated",
            "the data ends inside a field or structure that needs more bytes");
    public static final Rule TOO_LARGE_TO_HOLD = Rule.error("too_large_to_hold",
            "a size the file claims is more than PackScope holds in memory for one unit; it is not allocated");
    public static final Rule OUTPUT_TOO_LARGE = Rule.error("output_too_large",
            "the output a command was asked to write needs more room than its file system has free; nothing is written");
    public static final Rule NOT_REGULAR_FILE = Rule.error("not_regular_file",
            "a path names a named pipe, device, socket or folder where a file belongs; it is not opened");
    public static final Rule TRAILING_BYTES = Rule.warning("trailing_bytes",
            "bytes follow the end of what the format defines; they are not read");
    public static final Rule UNKNOWN_VERSION = Rule.warning("unknown_version",
            "a version number this reader does not know; what can be read is read as the nearest known version");
    public static final Rule TOO_DEEP = Rule.error("too_deep",
            "values are nested deeper than the reader follows; the deeper ones are not read");
    public static final Rule UNREADABLE_FILE = Rule.error("unreadable_file",
            "the file cannot be opened or read at all (permissions, I/O error)");
    public static final Rule FOLDER_UNREADABLE = Rule.error("folder_unreadable",
            "a folder's entries cannot be listed");
    public static final Rule UNREADABLE = Rule.error("unreadable",
            "a part of the file could not be read for a reason the format's own rules do not name");
    public static final Rule INTERNAL_ERROR = Rule.error("internal_error",
            "PackScope failed in a way that is its own bug rather than the file's damage");
    public static final Rule CANCELLED = new Rule("cancelled", Severity.INFO,
            "reading was cancelled before it finished");
    public static final Rule WALK_LIMIT = new Rule("walk_limit", Severity.INFO,
            "a check stopped after its node limit; the rest of the tree was not checked");
    public static final Rule MISSING_ARRAY = Rule.error("missing_array",
            "an array the matrix layout requires is absent (or not numeric where it must be)");
    public static final Rule INDEX_OUT_OF_RANGE = Rule.error("index_out_of_range",
            "a stored entry's row or column index lies outside the matrix shape, or cannot be decoded");

    @Override public String owner() { return "shared"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(SharedRules.class); }
}
