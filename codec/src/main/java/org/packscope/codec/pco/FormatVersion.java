package org.packscope.codec.pco;

/** The wrapped format version; the minor byte exists from major 4 on. */
public record FormatVersion(int major, int minor) {

    public static final int MAX_MAJOR = 4;

    /** Delta encoding variants (Lookback, Conv1) replaced the bare order field in format 3. */
    public boolean hasDeltaVariants() { return major >= 3; }

    public boolean hasMinor() { return major >= 4; }

    /** Bytes the wrapped header takes. */
    public int headerBytes() { return hasMinor() ? 2 : 1; }

    @Override public String toString() { return hasMinor() ? major + "." + minor : Integer.toString(major); }
}
