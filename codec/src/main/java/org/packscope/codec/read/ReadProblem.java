package org.packscope.codec.read;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Span;

/**
 * Reading cannot go on: the one exception every format's reader throws, carrying the
 * {@link Diagnostic} (rule, severity, place, message) to show for it. A reader catches it
 * at the boundary of the unit it reads (a header, a chunk, a value), records the
 * diagnostic and resumes at the next unit that can be read on its own.
 */
public final class ReadProblem extends RuntimeException {
    private final transient Diagnostic diagnostic;

    public ReadProblem(Diagnostic diagnostic) {
        super(diagnostic.message(), null, false, false);
        this.diagnostic = diagnostic;
    }

    /** An error for {@code rule} at a bit range. */
    public static ReadProblem at(Rule rule, Span span, String message) {
        return new ReadProblem(Diagnostic.error(span, rule, message));
    }

    /** An error for {@code rule} at one byte. */
    public static ReadProblem atByte(Rule rule, long offset, String message) {
        return new ReadProblem(Diagnostic.errorAtByte(offset, rule, message));
    }

    public Diagnostic diagnostic() { return diagnostic; }

    /** The rule id, for callers that branch on what went wrong. */
    public String rule() { return diagnostic.rule(); }
}
