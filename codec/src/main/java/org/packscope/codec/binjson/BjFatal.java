package org.packscope.codec.binjson;

import org.packscope.codec.inspect.Diagnostic;

/**
 * A problem after which the bytes that follow cannot be interpreted: the reader stops
 * the unit it is in. Never leaves the package; callers turn it into its diagnostic.
 */
final class BjFatal extends RuntimeException {
    private final transient Diagnostic diagnostic;

    BjFatal(Diagnostic diagnostic) {
        super(diagnostic.message(), null, false, false);
        this.diagnostic = diagnostic;
    }

    Diagnostic diagnostic() { return diagnostic; }
}
