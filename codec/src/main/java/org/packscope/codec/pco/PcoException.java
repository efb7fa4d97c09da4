package org.packscope.codec.pco;

/**
 * Corruption found while reading Pco data: the rule broken and the absolute bit where.
 * Internal; it is turned into a Diagnostic at the unit being read and never escapes.
 */
public final class PcoException extends RuntimeException {
    private final String rule;
    private final long bit;

    public PcoException(String rule, long bit, String message) {
        super(message, null, false, false);
        this.rule = rule;
        this.bit = bit;
    }

    public String rule() { return rule; }

    /** Absolute bit position in the data where the problem is (the field's start). */
    public long bit() { return bit; }
}
