package org.packscope.codec.hdf5;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;

/**
 * Something in an HDF5 file PackScope could not read, said in PackScope's words at the
 * byte where it is. jhdf's exceptions name their class and rarely a place; this turns
 * them into a structure (object header, B-tree node, heap, chunk) at the address jhdf
 * names, and a {@link StackOverflowError} inside jhdf (a B-tree node or link that refers
 * back to itself) into a cycle report instead of a crash.
 */
public final class Hdf5Problem extends RuntimeException {
    private static final Pattern ADDRESS = Pattern.compile("(?i)(?:address|offset|at)\\s*(?:=|:)?\\s*(0x[0-9a-f]+|\\d+)");

    final long address;
    final Rule rule;

    Hdf5Problem(String message, long address) {
        this(Hdf5Rules.UNREADABLE, message, address);
    }

    /** {@code rule} names the kind of problem, e.g. {@link Hdf5Rules#CYCLE}. */
    Hdf5Problem(Rule rule, String message, long address) {
        super(message, null, false, false);
        this.address = address;
        this.rule = rule;
    }

    /**
     * A failure jhdf met while reading {@code what} (a dataset's values, for a format built
     * on HDF5), told in PackScope's words: damage in the file, not a bug of the reader.
     */
    public static Hdf5Problem reading(String what, RuntimeException e) {
        if (e instanceof Hdf5Problem p) return p;
        return new Hdf5Problem(what + " could not be read: " + words(e), -1);
    }

    /** A diagnostic for a failure while reading {@code what}. */
    static Diagnostic diagnostic(String what, Throwable e) {
        if (e instanceof Hdf5Problem p) {
            return p.address >= 0 ? Diagnostic.error(Span.bytes(p.address, 1), p.rule, what + ": " + p.getMessage())
                    : Diagnostic.error(null, p.rule, what + ": " + p.getMessage());
        }
        if (e instanceof StackOverflowError) {
            return Diagnostic.error(null, Hdf5Rules.CYCLE, what + ": its structures refer back to themselves"
                    + " (a B-tree node or link that points at itself or an ancestor) or nest too deep to follow");
        }
        if (e instanceof OutOfMemoryError) {
            return Diagnostic.error(null, SharedRules.TOO_LARGE_TO_HOLD, what + ": it claims more memory than PackScope holds for one object");
        }
        long at = address(e);
        String message = "could not read " + what + ": " + words(e);
        return at >= 0 ? Diagnostic.error(Span.bytes(at, 1), Hdf5Rules.UNREADABLE, message)
                : Diagnostic.error(null, Hdf5Rules.UNREADABLE, message);
    }

    /** The byte address a jhdf message names, or -1. */
    static long address(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m == null) continue;
            Matcher x = ADDRESS.matcher(m);
            if (x.find()) {
                String v = x.group(1);
                try {
                    return v.startsWith("0x") || v.startsWith("0X") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
                } catch (NumberFormatException ignored) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * The failure in words, without Java class names: which kind of structure failed
     * (as far as jhdf's message tells) and jhdf's own explanation.
     */
    public static String words(Throwable e) {
        StringBuilder sb = new StringBuilder();
        String structure = null;
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            String m = t.getMessage();
            if (m == null || m.isBlank()) continue;
            m = m.replaceAll("(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\\s*:?\\s*", "").trim();
            if (m.isEmpty() || sb.indexOf(m) >= 0) continue;
            if (structure == null) structure = structure(m);
            if (sb.length() > 0) sb.append("; ");
            sb.append(m);
            if (sb.length() > 400) break;
        }
        if (sb.length() == 0) sb.append(e instanceof StackOverflowError ? "structures nest too deep" : "the bytes do not hold what the format requires here");
        return structure == null ? sb.toString() : structure + ": " + sb;
    }

    private static String structure(String m) {
        String s = m.toLowerCase(java.util.Locale.ROOT);
        if (s.contains("btree") || s.contains("b-tree") || s.contains("b tree") || s.contains("tree node")) return "B-tree node";
        if (s.contains("object header") || s.contains("ohdr") || s.contains("header message")) return "object header";
        if (s.contains("heap")) return "heap";
        if (s.contains("superblock")) return "superblock";
        if (s.contains("filter") || s.contains("inflat") || s.contains("decompress")) return "chunk filter";
        if (s.contains("checksum")) return "checksum";
        return null;
    }
}
