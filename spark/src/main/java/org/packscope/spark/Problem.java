package org.packscope.spark;

import java.io.Serializable;

import org.packscope.codec.format.CheckReport;
import org.packscope.codec.analysis.DiagnosticPlace;

/**
 * One diagnostic row: where (address, array, unit), how bad, which rule, at which byte of
 * which bytes, the message, and the very line {@code check} prints for it.
 *
 * @param offset    the byte offset ("12" or "12.3" for a bit), empty when the problem has no place
 * @param place     "file" (the unit's own bytes), "stream" (a buffer decoded in memory) or "none"
 */
public record Problem(String address, String array, String unit, String severity, String rule,
                      String offset, String place, String message, String line) implements Serializable {

    static Problem of(LakeUnit u, CheckReport.Problem p) {
        DiagnosticPlace pl = p.place();
        String offset = pl.kind() == DiagnosticPlace.Kind.NONE ? "" : pl.span().offsetText();
        return new Problem(u.address(), u.array(), u.label(), p.severity().label(), p.rule(), offset,
                pl.kind().name().toLowerCase(java.util.Locale.ROOT), p.message(), p.line());
    }

    boolean error() { return severity.equals("error"); }
}
