package org.packscope.codec.inspect;

import java.util.Objects;

/**
 * A problem found while reading: how bad, where (may be null when the problem has no
 * place, such as a missing file), which rule (a stable lower_snake_case id) and what a
 * person should know.
 */
public record Diagnostic(Severity severity, Span span, String rule, String message) {

    public Diagnostic {
        Objects.requireNonNull(severity);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(message);
    }

    public static Diagnostic error(Span span, String rule, String message) {
        return new Diagnostic(Severity.ERROR, span, rule, message);
    }

    public static Diagnostic warning(Span span, String rule, String message) {
        return new Diagnostic(Severity.WARNING, span, rule, message);
    }

    /** An error for a catalogued rule (whatever its usual severity). */
    public static Diagnostic error(Span span, Rule rule, String message) {
        return new Diagnostic(Severity.ERROR, span, rule.id(), message);
    }

    /** A warning for a catalogued rule (whatever its usual severity). */
    public static Diagnostic warning(Span span, Rule rule, String message) {
        return new Diagnostic(Severity.WARNING, span, rule.id(), message);
    }

    public static Diagnostic errorAtByte(long offset, Rule rule, String message) {
        return error(Span.bytes(offset, 0), rule, message);
    }

    public static Diagnostic warningAtByte(long offset, Rule rule, String message) {
        return warning(Span.bytes(offset, 0), rule, message);
    }

    public static Diagnostic errorAtByte(long offset, String rule, String message) {
        return error(Span.bytes(offset, 0), rule, message);
    }

    public static Diagnostic warningAtByte(long offset, String rule, String message) {
        return warning(Span.bytes(offset, 0), rule, message);
    }
}
