package org.packscope.codec.pco;

/**
 * The versions a standalone Pco file is written in: the wrapped format version and the
 * standalone version around it. Only pairs some pco release wrote or read are allowed:
 * standalone 0 and 1 had no version byte of their own (it is the format version, so it
 * must equal it), standalone 2 (pco 0.1.1) came after format 0, and standalone 3 (pco
 * 0.4.5) after format 3. What each format lacks is asked here, so the encoder refuses or
 * avoids it.
 */
public record PcoVersion(FormatVersion format, int standalone) {
    public static final PcoVersion LATEST = new PcoVersion(new FormatVersion(4, 1), 3);
    /** The spellings {@link #parse} takes, oldest first. */
    public static final String KNOWN = "0, 1, 2, 3, 4.0, 4.1";

    public PcoVersion {
        if (format == null) throw new IllegalArgumentException("the format version must be given");
        int major = format.major();
        if (major < 0 || major > FormatVersion.MAX_MAJOR || (major < 4 ? format.minor() != 0 : format.minor() > 1)) {
            throw new IllegalArgumentException("format version " + format + " is not one PackScope writes (" + KNOWN + ")");
        }
        if (standalone < 0 || standalone > MetaParser.MAX_STANDALONE_VERSION) {
            throw new IllegalArgumentException("standalone version " + standalone + " is not 0-" + MetaParser.MAX_STANDALONE_VERSION);
        }
        if (standalone < 2 && major != standalone) {
            throw new IllegalArgumentException("standalone version " + standalone + " has no version byte of its own: "
                    + "it goes with format " + standalone + " only, not " + format);
        }
        if (standalone == 2 && major < 1) {
            throw new IllegalArgumentException("standalone version 2 (pco 0.1.1) never wrapped format 0: use standalone 0");
        }
        if (standalone == 3 && major < 3) {
            throw new IllegalArgumentException("standalone version 3 (pco 0.4.5) never wrapped format " + format + ": use standalone 2");
        }
    }

    /**
     * {@code 0}, {@code 1}, {@code 2}, {@code 3}, {@code 4.0} or {@code 4.1}, with the
     * oldest standalone version whose readers also read that format, so the oldest pco
     * able to read the format reads the file: 0 and 1 the implicit ones (pco 0.0 and 0.1.0),
     * 2 for formats 2 to 4.0 (pco 0.4.8 wrote 4.0 in it), 3 for 4.1 (as pco 1.0 writes).
     */
    public static PcoVersion parse(String text) {
        String t = text == null ? "" : text.strip();
        return switch (t) {
            case "0" -> new PcoVersion(new FormatVersion(0, 0), 0);
            case "1" -> new PcoVersion(new FormatVersion(1, 0), 1);
            case "2" -> new PcoVersion(new FormatVersion(2, 0), 2);
            case "3" -> new PcoVersion(new FormatVersion(3, 0), 2);
            case "4", "4.0" -> new PcoVersion(new FormatVersion(4, 0), 2);
            case "4.1" -> LATEST;
            default -> throw new IllegalArgumentException("Pco format version " + text + ": not one of " + KNOWN);
        };
    }

    /** This format in another standalone version (refused where the pair never existed). */
    public PcoVersion withStandalone(int s) { return new PcoVersion(format, s); }

    /** IntMult replaced format 0's GCD mode in format 1 (pco 0.1.0). */
    public boolean hasIntMult() { return format.major() >= 1; }

    /** FloatQuant mode and the 16-bit types came with format 2 (pco 0.3.0). */
    public boolean hasFloatQuant() { return format.major() >= 2; }

    /** Lookback (and the delta variant field) came with format 3 (pco 0.4.0). */
    public boolean hasLookback() { return format.hasDeltaVariants(); }

    /** Whether the format has {@code type}: 16-bit types from format 2, 8-bit ones from 4.1. */
    public boolean has(NumberType type) {
        return switch (type.bits) {
            case 8 -> format.major() > 4 || format.major() == 4 && format.minor() >= 1;
            case 16 -> format.major() >= 2;
            default -> true;
        };
    }

    /** Standalone 2 (pco 0.1.1) added the version byte and n_hint. */
    boolean hasNHint() { return standalone >= 2; }

    /** Standalone 3 (pco 0.4.5) added the uniform number type byte. */
    boolean hasUniformType() { return standalone >= 3; }

    @Override public String toString() { return "format " + format + ", standalone " + standalone; }
}
