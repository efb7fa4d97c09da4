package org.packscope.codec.inspect;

/**
 * One rule a file can break: its stable id (lower_snake_case; the CLI promises ids do not
 * change between releases), how bad breaking it usually is, and what it means in one line.
 * Each format lists its rules in a {@link RuleCatalogue}; diagnostics name a rule from one.
 */
public record Rule(String id, Severity severity, String meaning) {

    public Rule {
        java.util.Objects.requireNonNull(id);
        java.util.Objects.requireNonNull(severity);
        java.util.Objects.requireNonNull(meaning);
        if (!id.matches("[a-z0-9]+(_[a-z0-9]+)*")) throw new IllegalArgumentException("rule id not lower_snake_case: " + id);
    }

    public static Rule error(String id, String meaning) { return new Rule(id, Severity.ERROR, meaning); }

    public static Rule warning(String id, String meaning) { return new Rule(id, Severity.WARNING, meaning); }

    /** A diagnostic for this rule at its usual severity. */
    public Diagnostic at(Span span, String message) { return new Diagnostic(severity, span, id, message); }

    /** A diagnostic for this rule at a byte, at its usual severity. */
    public Diagnostic atByte(long offset, String message) { return at(Span.bytes(offset, 0), message); }
}
