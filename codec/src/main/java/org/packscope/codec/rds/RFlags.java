package org.packscope.codec.rds;

import org.packscope.codec.inspect.Span;

/**
 * The 32-bit flags word that starts every serialized R item (big-endian on disk).
 * Bits 0–7 are the SEXPTYPE, bit 8 is-object, bit 9 has-attributes, bit 10 has-tag,
 * bits 12–27 the "gp" levels (S4 bit, CHARSXP encoding bits). For REFSXP the bits
 * above 8 hold the reference index instead.
 */
public record RFlags(int word) {

    // SEXPTYPE codes used by the serialization format (R Internals, "Serialization Formats").
    public static final int NILSXP = 0, SYMSXP = 1, LISTSXP = 2, CLOSXP = 3, ENVSXP = 4, PROMSXP = 5,
            LANGSXP = 6, SPECIALSXP = 7, BUILTINSXP = 8, CHARSXP = 9, LGLSXP = 10, INTSXP = 13,
            REALSXP = 14, CPLXSXP = 15, STRSXP = 16, DOTSXP = 17, ANYSXP = 18, VECSXP = 19,
            EXPRSXP = 20, BCODESXP = 21, EXTPTRSXP = 22, WEAKREFSXP = 23, RAWSXP = 24, S4SXP = 25;
    // Pseudo-types that exist only in the stream.
    public static final int REFSXP = 255, NILVALUE_SXP = 254, GLOBALENV_SXP = 253, UNBOUNDVALUE_SXP = 252,
            MISSINGARG_SXP = 251, BASENAMESPACE_SXP = 250, NAMESPACESXP = 249, PACKAGESXP = 248,
            PERSISTSXP = 247, CLASSREFSXP = 246, GENERICREFSXP = 245, BCREPDEF = 244, BCREPREF = 243, EMPTYENV_SXP = 242,
            BASEENV_SXP = 241, ATTRLANGSXP = 240, ATTRLISTSXP = 239, ALTREP_SXP = 238;

    /** CHARSXP encoding bits within the levels. */
    public static final int BYTES_MASK = 2, LATIN1_MASK = 4, UTF8_MASK = 8, ASCII_MASK = 64;
    /** The S4 bit within the levels of a non-CHARSXP item. */
    public static final int S4_OBJECT_MASK = 16;

    public int type() { return word & 0xff; }

    public boolean isObject() { return (word & 0x100) != 0; }

    public boolean hasAttributes() { return (word & 0x200) != 0; }

    public boolean hasTag() { return (word & 0x400) != 0; }

    public int levels() { return word >>> 12 & 0xffff; }

    public boolean isS4() { return type() != CHARSXP && (levels() & S4_OBJECT_MASK) != 0; }

    /** For REFSXP: the 1-based reference index packed in the word, 0 when it follows as an int. */
    public int packedRefIndex() { return word >>> 8; }

    public String typeName() { return typeName(type()); }

    public String hex() { return String.format("0x%08x", word); }

    /** Where flag bit {@code bit} (0 = least significant) lies in a big-endian word at {@code offset}. */
    public static Span bitSpan(long offset, int bit) {
        long byteOff = offset + 3 - bit / 8;
        return Span.bits(byteOff * 8 + bit % 8, 1);
    }

    /** Encoding named by CHARSXP levels: "bytes", "latin1", "UTF-8", "ASCII" or "native". */
    public String charEncoding() {
        int l = levels();
        if ((l & BYTES_MASK) != 0) return "bytes";
        if ((l & LATIN1_MASK) != 0) return "latin1";
        if ((l & UTF8_MASK) != 0) return "UTF-8";
        if ((l & ASCII_MASK) != 0) return "ASCII";
        return "native";
    }

    public static boolean isKnownType(int t) {
        return (t >= 0 && t <= 10) || (t >= 13 && t <= 25) || (t >= 238 && t <= 255 && t != 243);
    }

    public static String typeName(int t) {
        return switch (t) {
            case NILSXP -> "NILSXP";
            case SYMSXP -> "SYMSXP";
            case LISTSXP -> "LISTSXP";
            case CLOSXP -> "CLOSXP";
            case ENVSXP -> "ENVSXP";
            case PROMSXP -> "PROMSXP";
            case LANGSXP -> "LANGSXP";
            case SPECIALSXP -> "SPECIALSXP";
            case BUILTINSXP -> "BUILTINSXP";
            case CHARSXP -> "CHARSXP";
            case LGLSXP -> "LGLSXP";
            case INTSXP -> "INTSXP";
            case REALSXP -> "REALSXP";
            case CPLXSXP -> "CPLXSXP";
            case STRSXP -> "STRSXP";
            case DOTSXP -> "DOTSXP";
            case ANYSXP -> "ANYSXP";
            case VECSXP -> "VECSXP";
            case EXPRSXP -> "EXPRSXP";
            case BCODESXP -> "BCODESXP";
            case EXTPTRSXP -> "EXTPTRSXP";
            case WEAKREFSXP -> "WEAKREFSXP";
            case RAWSXP -> "RAWSXP";
            case S4SXP -> "S4SXP";
            case REFSXP -> "REFSXP";
            case NILVALUE_SXP -> "NILVALUE_SXP";
            case GLOBALENV_SXP -> "GLOBALENV_SXP";
            case UNBOUNDVALUE_SXP -> "UNBOUNDVALUE_SXP";
            case MISSINGARG_SXP -> "MISSINGARG_SXP";
            case BASENAMESPACE_SXP -> "BASENAMESPACE_SXP";
            case NAMESPACESXP -> "NAMESPACESXP";
            case PACKAGESXP -> "PACKAGESXP";
            case PERSISTSXP -> "PERSISTSXP";
            case CLASSREFSXP -> "CLASSREFSXP";
            case GENERICREFSXP -> "GENERICREFSXP";
            case BCREPDEF -> "BCREPDEF";
            case BCREPREF -> "BCREPREF";
            case EMPTYENV_SXP -> "EMPTYENV_SXP";
            case BASEENV_SXP -> "BASEENV_SXP";
            case ATTRLANGSXP -> "ATTRLANGSXP";
            case ATTRLISTSXP -> "ATTRLISTSXP";
            case ALTREP_SXP -> "ALTREP_SXP";
            default -> "type " + t;
        };
    }

    /** The R-level name people know (typeof()), for summaries. */
    public static String rTypeName(int t) {
        return switch (t) {
            case LGLSXP -> "logical";
            case INTSXP -> "integer";
            case REALSXP -> "double";
            case CPLXSXP -> "complex";
            case STRSXP -> "character";
            case VECSXP -> "list";
            case EXPRSXP -> "expression";
            case RAWSXP -> "raw";
            case S4SXP -> "S4";
            case LISTSXP -> "pairlist";
            case LANGSXP -> "language";
            case SYMSXP -> "symbol";
            case CLOSXP -> "closure";
            case BCODESXP -> "bytecode";
            case ENVSXP -> "environment";
            case CHARSXP -> "char";
            case NILVALUE_SXP, NILSXP -> "NULL";
            default -> typeName(t);
        };
    }
}
