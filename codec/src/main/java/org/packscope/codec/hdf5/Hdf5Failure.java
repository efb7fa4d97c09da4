package org.packscope.codec.hdf5;

import java.nio.BufferUnderflowException;

import io.jhdf.exceptions.HdfException;
import io.jhdf.exceptions.UnsupportedHdfException;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.ReadProblem;

/**
 * A failure while reading an HDF5 file, as the {@link ReadProblem} every format throws.
 * Where it is comes from what PackScope was reading when it failed (the caller names the
 * structure and its address); what kind of failure it is comes from the exception's type
 * and PackScope's own checks. jhdf's message text is never parsed: an {@link HdfException}'s
 * own sentence is quoted as it is, other exceptions are said by their kind.
 */
public final class Hdf5Failure {
    private Hdf5Failure() { }

    /** A problem for {@code rule} at byte {@code at} of the file (no place when {@code at} is negative). */
    static ReadProblem problem(Rule rule, String message, long at) {
        return new ReadProblem(Diagnostic.error(at >= 0 ? Span.bytes(at, 1) : null, rule, message));
    }

    /** A structure that cannot be read, at byte {@code at} (no place when negative). */
    static ReadProblem problem(String message, long at) {
        return problem(Hdf5Rules.UNREADABLE, message, at);
    }

    /**
     * A failure met while reading {@code what}, whose bytes start at {@code at} (-1 when
     * they have no single place): damage in the file, not a bug of the reader. A
     * {@link ReadProblem} keeps its own rule and place and gains {@code at} when it has none.
     */
    public static ReadProblem reading(String what, long at, Throwable e) {
        if (e instanceof ReadProblem p) return p.diagnostic().span() != null || at < 0 ? p : placed(p, at);
        return new ReadProblem(diagnostic(what, at, e));
    }

    /** {@code p} at byte {@code at} when it has no place of its own. */
    static ReadProblem placed(ReadProblem p, long at) {
        if (p.diagnostic().span() != null || at < 0) return p;
        Diagnostic d = p.diagnostic();
        return new ReadProblem(new Diagnostic(d.severity(), Span.bytes(at, 1), d.rule(), d.message()));
    }

    /** A diagnostic for a failure while reading {@code what}, with no place beyond what the failure carries. */
    static Diagnostic diagnostic(String what, Throwable e) {
        return diagnostic(what, -1, e);
    }

    /** A diagnostic for a failure while reading {@code what}, whose bytes start at {@code at} (-1: no place). */
    static Diagnostic diagnostic(String what, long at, Throwable e) {
        Span where = at >= 0 ? Span.bytes(at, 1) : null;
        if (e instanceof ReadProblem p) {
            Diagnostic d = p.diagnostic();
            return new Diagnostic(d.severity(), d.span() != null ? d.span() : where, d.rule(), what + ": " + d.message());
        }
        if (e instanceof StackOverflowError) {
            return Diagnostic.error(where, Hdf5Rules.CYCLE, what + ": its structures refer back to themselves"
                    + " (a B-tree node or link that points at itself or an ancestor) or nest too deep to follow");
        }
        if (e instanceof OutOfMemoryError) {
            return Diagnostic.error(where, SharedRules.TOO_LARGE_TO_HOLD, what + ": it claims more memory than PackScope holds for one object");
        }
        return Diagnostic.error(where, Hdf5Rules.UNREADABLE, "could not read " + what + ": " + words(e));
    }

    /**
     * The failure in words, without Java class names: PackScope's own message, jhdf's own
     * sentence, or the kind of failure the exception's type stands for.
     */
    public static String words(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null && sb.length() < 400; t = t.getCause() == t ? null : t.getCause()) {
            String said = said(t);
            if (said == null || sb.indexOf(said) >= 0) continue;
            if (sb.length() > 0) sb.append("; ");
            sb.append(said);
        }
        return sb.length() == 0 ? "the bytes do not hold what the format requires here" : sb.toString();
    }

    /** What one link of a cause chain says, or null when it adds nothing. */
    private static String said(Throwable t) {
        if (t instanceof ReadProblem p) return p.diagnostic().message();
        if (t instanceof UnsupportedHdfException) return "a feature this reader does not support" + quoted(t);
        if (t instanceof HdfException) return quoted(t).isEmpty() ? null : t.getMessage().trim();
        if (t instanceof StackOverflowError) return "structures nest too deep or refer back to themselves";
        if (t instanceof OutOfMemoryError) return "a size claims more memory than can be held";
        if (t instanceof BufferUnderflowException || t instanceof java.io.EOFException) return "the bytes end before the structure does";
        if (t instanceof IndexOutOfBoundsException || t instanceof java.nio.BufferOverflowException) return "an offset or size points outside the structure";
        if (t instanceof ArithmeticException) return "a size or count is larger than can be counted";
        if (t instanceof NegativeArraySizeException) return "a size is negative";
        if (t instanceof IllegalArgumentException || t instanceof IllegalStateException) return "a field holds a value the format does not allow";
        if (t instanceof java.io.IOException || t instanceof java.io.UncheckedIOException) return "the file could not be read";
        return null;
    }

    private static String quoted(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? "" : ": " + m.trim();
    }
}
