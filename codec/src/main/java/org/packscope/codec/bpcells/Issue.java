package org.packscope.codec.bpcells;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;

/**
 * A problem with a matrix, tied to the array and element where it shows.
 *
 * @param array      array name, or null for the matrix as a whole (version marker)
 * @param element    element index in the array, or -1
 * @param byteOffset byte offset of that element in the array's own source, or -1 when
 *                   the array is not directly addressable
 * @param width      bytes the problem spans there (0 for a point)
 */
public record Issue(Severity severity, String array, long element, long byteOffset, int width, String rule, String message) {

    /** Where the problem is, in words: {@code idxptr[3] (byte 32)}. */
    public String where() {
        if (array == null) return "";
        StringBuilder sb = new StringBuilder(array);
        if (element >= 0) sb.append('[').append(element).append(']');
        if (byteOffset >= 0) sb.append(" (byte ").append(byteOffset).append(')');
        return sb.toString();
    }

    /** For the matrix node: no span (the arrays have their own sources), place in the message. */
    public Diagnostic matrixDiagnostic() {
        String w = where();
        return new Diagnostic(severity, null, rule, w.isEmpty() ? message : w + ": " + message);
    }

    /** For the array's own node: span at the element's bytes when addressable. */
    public Diagnostic arrayDiagnostic() {
        Span s = byteOffset >= 0 ? Span.bytes(byteOffset, width) : null;
        String at = element >= 0 ? "element " + element + ": " : "";
        return new Diagnostic(severity, s, rule, at + message);
    }
}
