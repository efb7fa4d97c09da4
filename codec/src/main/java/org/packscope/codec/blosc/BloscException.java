package org.packscope.codec.blosc;

import org.packscope.codec.inspect.Diagnostic;

/** A block or chunk could not be decoded; the diagnostic says where and why. */
public final class BloscException extends Exception {
    private final transient Diagnostic diagnostic;

    public BloscException(Diagnostic diagnostic) {
        super(diagnostic.message(), null, false, false);
        this.diagnostic = diagnostic;
    }

    public Diagnostic diagnostic() { return diagnostic; }
}
