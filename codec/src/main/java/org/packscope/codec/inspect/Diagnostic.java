package org.packscope.codec.inspect;

import java.util.Objects;

import org.packscope.codec.io.ByteSource;

/**
 * A problem found while reading: how bad, where (may be null when the problem has no
 * place, such as a missing file), which rule (a stable lower_snake_case id) and what a
 * person should know. {@code source} names the bytes the span counts in when they are not
 * the bytes of the node that holds the diagnostic (a folder's check finding a problem in
 * one of its files); null means the node's own.
 */
public record Diagnostic(Severity severity, Span span, String rule, String message, ByteSource source) {

    public Diagnostic {
        Objects.requireNonNull(severity);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(message);
    }

    /** A diagnostic whose span, if any, counts in the bytes of the node that holds it. */
    public Diagnostic(Severity severity, Span span, String rule, String message) {
        this(severity, span, rule, message, null);
    }

    /** This diagnostic, its span counting in the bytes of {@code src}. */
    public Diagnostic in(ByteSource src) {
        return new Diagnostic(severity, span, rule, message, src);
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
