package org.packscope.codec.rds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;

/**
 * Rewrites an ASCII serialization stream ("A\n": every number a decimal word on its own
 * line, strings with C-style escapes) as the equivalent XDR stream, so that one parser
 * and one set of nodes serve both. The walk follows the same item grammar as the XDR
 * reader, only to know which word is an int, a double, a raw byte or string text.
 * Each word written is remembered (XDR offset → text offset, up to {@link #MAX_TOKENS})
 * so traces can point back into the text. Stops at the first word it cannot read, with
 * a diagnostic at its text offset; what was rewritten until then is kept.
 */
final class AsciiTranscoder {
    /** Words whose place in the text is remembered for traces. */
    static final int MAX_TOKENS = 1 << 21;
    /** R's NaN as R on x86-64 makes it (0.0/0.0): the text "NaN" carries no payload. */
    static final long R_NAN_BITS = 0xfff8000000000000L;
    static final long NA_REAL_BITS = 0x7ff00000000007a2L;

    /** The XDR rewrite, where each of its words came from, and the problems met. */
    record Result(ByteSource xdr, ByteSource text, long[] xdrOffsets, long[] textOffsets, int tokens,
                  List<Diagnostic> diagnostics) {
        /** Text offset of the word that produced XDR byte {@code xdrOffset}, or -1. */
        long textOffsetOf(long xdrOffset) {
            int i = Arrays.binarySearch(xdrOffsets, 0, tokens, xdrOffset);
            if (i < 0) i = -i - 2;
            // past the last remembered word of a huge stream the place is unknown
            if (i < 0 || (i == tokens - 1 && tokens >= MAX_TOKENS)) return -1;
            return textOffsets[i];
        }

        /** Length of the whitespace-free word at {@code textOffset}. */
        int wordLength(long textOffset) {
            long p = textOffset;
            while (p < text.size() && p - textOffset < 4096 && !isSpace(text.u8(p))) p++;
            return (int) (p - textOffset);
        }
    }

    /** Thrown inside the walk to stop it; never escapes. */
    private static final class Stop extends RuntimeException {
        Stop() { super(null, null, false, false); }
    }

    private final ByteSource text;
    private final long limit;
    private byte[] out = new byte[1 << 12];
    private int size;
    private long[] xdrOffsets = new long[256];
    private long[] textOffsets = new long[256];
    private int tokens;
    private long pos;
    private int depth;
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    private AsciiTranscoder(ByteSource text, long limit) {
        this.text = text;
        this.limit = Math.min(limit, Integer.MAX_VALUE - 64);
    }

    /** True when {@code data} holds an ASCII stream (optionally behind save()'s "RDA2\n"/"RDA3\n"). */
    static boolean isAscii(ByteSource data) {
        return objectStart(data) > 0;
    }

    /**
     * Where the first number follows "A\n" (optionally behind "RDA2\n"/"RDA3\n"); line
     * ends may be CRLF, as in a file written or copied on Windows. -1 when not ASCII.
     */
    static long objectStart(ByteSource data) {
        long p = 0;
        if (data.size() >= 5 && data.u8(0) == 'R' && data.u8(1) == 'D' && data.u8(2) == 'A') {
            p = lineEnd(data, 4);
            if (p < 0) return -1;
        }
        return data.has(p, 2) && data.u8(p) == 'A' ? lineEnd(data, p + 1) : -1;
    }

    /** The offset after a line end ("\n" or "\r\n") at {@code p}, or -1. */
    private static long lineEnd(ByteSource data, long p) {
        if (data.has(p, 1) && data.u8(p) == '\n') return p + 1;
        return data.has(p, 2) && data.u8(p) == '\r' && data.u8(p + 1) == '\n' ? p + 2 : -1;
    }

    /** The rewrite, made on a thread whose stack holds {@link RdsParser#MAX_DEPTH} levels of nesting. */
    static Result transcode(ByteSource text) {
        return RdsParser.onDeepStack(() -> new AsciiTranscoder(text, RdsUnwrapper.DEFAULT_LIMIT).run(),
                why -> new Result(ByteSource.of(new byte[0], "XDR rewrite of " + text.name()), text, new long[0], new long[0], 0,
                        List.of(Diagnostic.error(null, RdsRules.UNREADABLE, "the ASCII text could not be read (" + why + ")"))));
    }

    private Result run() {
        try {
            if (text.u8(0) == 'R') raw(new byte[] {'R', 'D', 'X', (byte) text.u8(3), '\n'});
            pos = objectStart(text);
            raw(new byte[] {'X', '\n'});
            int version = integer();
            integer();
            integer();
            if (version == 3) {
                int n = integer();
                if (n < 0 || n > 255) fail(pos, RdsRules.BAD_NATIVE_ENCODING, "the native encoding name claims " + n + " bytes");
                string(n);
            }
            item();
            skipSpace();
            if (pos < text.size()) {
                diagnostics.add(Diagnostic.warning(Span.bytes(pos, text.size() - pos), RdsRules.TRAILING_BYTES,
                        (text.size() - pos) + " bytes of text follow the serialized object (from byte " + pos + ")"));
            }
        } catch (Stop e) {
            // reported where it was thrown
        }
        ByteSource xdr = new ArraySource(out, 0, size, "XDR rewrite of " + text.name());
        return new Result(xdr, text, xdrOffsets, textOffsets, tokens, diagnostics);
    }

    // ------------------------------------------------------------------ the item grammar

    private void item() {
        nest();
        try {
            RFlags f = new RFlags(integer());
            switch (f.type()) {
                case RFlags.NILVALUE_SXP, RFlags.EMPTYENV_SXP, RFlags.BASEENV_SXP, RFlags.GLOBALENV_SXP,
                     RFlags.UNBOUNDVALUE_SXP, RFlags.MISSINGARG_SXP, RFlags.BASENAMESPACE_SXP -> { }
                case RFlags.REFSXP -> {
                    if (f.packedRefIndex() == 0) integer();
                }
                case RFlags.SYMSXP -> item();
                case RFlags.PERSISTSXP, RFlags.NAMESPACESXP, RFlags.PACKAGESXP -> {
                    integer();
                    int n = count(integer(), 2);
                    for (int i = 0; i < n; i++) item();
                }
                case RFlags.ENVSXP -> {
                    integer();
                    for (int i = 0; i < 4; i++) item();
                }
                case RFlags.LISTSXP, RFlags.LANGSXP, RFlags.CLOSXP, RFlags.PROMSXP, RFlags.DOTSXP,
                     RFlags.ATTRLANGSXP, RFlags.ATTRLISTSXP -> pairList(f);
                case RFlags.ALTREP_SXP -> {
                    item();
                    item();
                    item();
                }
                case RFlags.CHARSXP -> {
                    int n = integer();
                    if (n >= 0) string(n);
                    if (f.hasAttributes()) item();
                }
                case RFlags.LGLSXP, RFlags.INTSXP -> {
                    long n = length(2);
                    for (long i = 0; i < n; i++) integer();
                    attributes(f);
                }
                case RFlags.REALSXP, RFlags.CPLXSXP -> {
                    long n = length(f.type() == RFlags.CPLXSXP ? 4 : 2);
                    long values = f.type() == RFlags.CPLXSXP ? 2 * n : n;
                    for (long i = 0; i < values; i++) real();
                    attributes(f);
                }
                case RFlags.RAWSXP -> {
                    long n = length(2);
                    for (long i = 0; i < n; i++) rawByte();
                    attributes(f);
                }
                case RFlags.STRSXP, RFlags.VECSXP, RFlags.EXPRSXP -> {
                    long n = length(2);
                    for (long i = 0; i < n; i++) item();
                    attributes(f);
                }
                case RFlags.S4SXP, RFlags.WEAKREFSXP -> attributes(f);
                case RFlags.SPECIALSXP, RFlags.BUILTINSXP -> {
                    int n = integer();
                    if (n < 0) fail(pos, RdsRules.BAD_LENGTH, "a primitive's name cannot have length " + n);
                    string(n);
                    attributes(f);
                }
                case RFlags.EXTPTRSXP -> {
                    item();
                    item();
                    attributes(f);
                }
                case RFlags.BCODESXP -> {
                    integer(); // shared language cells
                    byteCode();
                    attributes(f);
                }
                default -> {
                    // unknown types: the XDR reader stops at these flags and says why;
                    // rewriting on would turn the words that follow into noise
                    throw new Stop();
                }
            }
        } finally {
            depth--;
        }
    }

    /** Byte code: the code vector, then each constant behind its type word (as RdsParser reads it). */
    private void byteCode() {
        nest();
        try {
            item();
            int n = count(integer(), 2);
            for (int i = 0; i < n; i++) {
                int type = integer();
                if (type == RFlags.BCODESXP) byteCode();
                else byteCodeLanguage(type);
            }
        } finally {
            depth--;
        }
    }

    /** A language constant of byte code: cells of type word, [index], [attributes], tag, CAR, CDR. */
    private void byteCodeLanguage(int type) {
        if (type == RFlags.BCREPREF) {
            integer();
            return;
        }
        if (!isLanguageCell(type)) {
            item(); // the type word was a pad: an ordinary item follows
            return;
        }
        nest();
        try {
            while (true) {
                if (type == RFlags.BCREPDEF) {
                    integer();
                    type = integer();
                }
                if (type == RFlags.ATTRLANGSXP || type == RFlags.ATTRLISTSXP) item();
                item();
                byteCodeLanguage(integer());
                int cdr = integer();
                if (isLanguageCell(cdr)) {
                    type = cdr;
                    continue;
                }
                byteCodeLanguage(cdr);
                return;
            }
        } finally {
            depth--;
        }
    }

    private static boolean isLanguageCell(int type) {
        return type == RFlags.LANGSXP || type == RFlags.LISTSXP || type == RFlags.BCREPDEF
                || type == RFlags.ATTRLANGSXP || type == RFlags.ATTRLISTSXP;
    }

    /** One level deeper; one beyond the parser's bound is still rewritten, so that the parser says where it stops. */
    private void nest() {
        if (++depth > RdsParser.MAX_DEPTH + 1) fail(pos, RdsRules.TOO_DEEP, "items are nested more than " + RdsParser.MAX_DEPTH + " deep");
    }

    private void attributes(RFlags f) {
        if (f.hasAttributes()) item();
    }

    private void pairList(RFlags first) {
        RFlags f = first;
        while (true) {
            if (f.hasAttributes()) item();
            if (f.hasTag()) item();
            item();
            skipSpace();
            if (pos >= text.size()) return; // the XDR reader reports the missing rest
            long at = pos;
            word();
            int type = flagsType(wordText(at));
            pos = at;
            if (type != RFlags.LISTSXP && type != RFlags.ATTRLISTSXP) {
                item(); // not another cell: the item that ends the chain (normally NULL)
                return;
            }
            f = new RFlags(integer());
        }
    }

    /** The SEXPTYPE of a flags word given as text, or -1 when it is not a number. */
    private static int flagsType(String w) {
        try {
            return Integer.parseInt(w) & 0xff;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    // ------------------------------------------------------------------ words

    private long length(int minTextPerElement) {
        long at = pos;
        int n = integer();
        long len = n;
        if (n == -1) {
            long hi = integer() & 0xffffffffL, lo = integer() & 0xffffffffL;
            len = hi << 32 | lo;
        } else if (n < 0) {
            fail(at, RdsRules.BAD_LENGTH, "a vector length of " + n + " is impossible");
        }
        return count(len, minTextPerElement);
    }

    /** {@code n}, after checking that the text left can hold that many elements. */
    private int count(long n, int minTextPerElement) {
        long left = Math.max(0, text.size() - pos);
        if (n < 0 || n > left / minTextPerElement) {
            fail(pos, RdsRules.LENGTH_EXCEEDS_DATA, "a length of " + n + " needs at least " + n * minTextPerElement
                    + " more bytes of text; " + left + " are left");
        }
        return (int) Math.min(n, Integer.MAX_VALUE);
    }

    private int integer() {
        long at = word();
        String w = wordText(at);
        int v;
        if (w.equals("NA")) {
            v = Integer.MIN_VALUE;
        } else {
            try {
                v = Integer.parseInt(w);
            } catch (NumberFormatException e) {
                throw fail(at, RdsRules.BAD_ASCII_NUMBER, "expected an integer, found '" + shorten(w) + "'");
            }
        }
        note(at);
        i32(v);
        return v;
    }

    private void real() {
        long at = word();
        String w = wordText(at);
        long bits;
        switch (w) {
            case "NA" -> bits = NA_REAL_BITS;
            case "NaN" -> bits = R_NAN_BITS;
            case "Inf" -> bits = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
            case "-Inf" -> bits = Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY);
            default -> {
                if (w.isEmpty() || !(Character.isDigit(w.charAt(0)) || w.charAt(0) == '-' || w.charAt(0) == '+'
                        || w.charAt(0) == '.') || w.endsWith("d") || w.endsWith("f") || w.endsWith("D") || w.endsWith("F")) {
                    throw fail(at, RdsRules.BAD_ASCII_NUMBER, "expected a double, found '" + shorten(w) + "'");
                }
                try {
                    bits = Double.doubleToRawLongBits(Double.parseDouble(w));
                } catch (NumberFormatException e) {
                    throw fail(at, RdsRules.BAD_ASCII_NUMBER, "expected a double, found '" + shorten(w) + "'");
                }
            }
        }
        note(at);
        i32((int) (bits >>> 32));
        i32((int) bits);
    }

    private void rawByte() {
        long at = word();
        String w = wordText(at);
        int v;
        try {
            v = w.length() <= 2 ? Integer.parseInt(w, 16) : -1;
        } catch (NumberFormatException e) {
            v = -1;
        }
        if (v < 0) throw fail(at, RdsRules.BAD_ASCII_NUMBER, "expected a hex byte, found '" + shorten(w) + "'");
        note(at);
        raw(new byte[] {(byte) v});
    }

    /** {@code n} bytes of escaped string text, after leading whitespace. */
    private void string(int n) {
        skipSpace();
        long at = pos;
        if (n > text.size() - pos) {
            fail(at, RdsRules.LENGTH_EXCEEDS_DATA, "the string claims " + n + " bytes but " + (text.size() - pos) + " are left");
        }
        note(at);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            int c = next(at);
            if (c != '\\') {
                b[i] = (byte) c;
                continue;
            }
            c = next(at);
            switch (c) {
                case 'n' -> b[i] = '\n';
                case 't' -> b[i] = '\t';
                case 'v' -> b[i] = 0x0b;
                case 'b' -> b[i] = '\b';
                case 'r' -> b[i] = '\r';
                case 'f' -> b[i] = '\f';
                case 'a' -> b[i] = 0x07;
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    int d = 0, j = 0;
                    while (c >= '0' && c < '8' && j < 3) {
                        d = d * 8 + (c - '0');
                        j++;
                        if (j < 3 && pos < text.size()) {
                            c = text.u8(pos);
                            if (c >= '0' && c < '8') pos++;
                        } else {
                            break;
                        }
                    }
                    b[i] = (byte) d;
                }
                default -> b[i] = (byte) c;
            }
        }
        raw(b);
    }

    private int next(long stringStart) {
        if (pos >= text.size()) throw fail(text.size(), RdsRules.TRUNCATED, "the text ends inside the string that starts at byte " + stringStart);
        return text.u8(pos++);
    }

    /** Skips whitespace and returns where the next word starts, or fails at the end of the text. */
    private long word() {
        skipSpace();
        if (pos >= text.size()) throw fail(text.size(), RdsRules.TRUNCATED, "the text ends where another number should be");
        long at = pos;
        while (pos < text.size() && !isSpace(text.u8(pos))) {
            if (pos - at > 1000) throw fail(at, RdsRules.BAD_ASCII_NUMBER, "a word of more than 1000 characters is not a number");
            pos++;
        }
        return at;
    }

    private String wordText(long at) {
        byte[] b = text.bytes(at, (int) (pos - at));
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private void skipSpace() {
        while (pos < text.size() && isSpace(text.u8(pos))) pos++;
    }

    static boolean isSpace(int c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == 0x0b || c == '\f';
    }

    private static String shorten(String w) {
        return w.length() > 40 ? w.substring(0, 40) + "…" : w;
    }

    // ------------------------------------------------------------------ output

    private void note(long textOffset) {
        if (tokens >= MAX_TOKENS) return;
        if (tokens == xdrOffsets.length) {
            xdrOffsets = Arrays.copyOf(xdrOffsets, tokens * 2);
            textOffsets = Arrays.copyOf(textOffsets, tokens * 2);
        }
        xdrOffsets[tokens] = size;
        textOffsets[tokens] = textOffset;
        tokens++;
    }

    private void i32(int v) {
        ensure(4);
        out[size++] = (byte) (v >>> 24);
        out[size++] = (byte) (v >>> 16);
        out[size++] = (byte) (v >>> 8);
        out[size++] = (byte) v;
    }

    private void raw(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, out, size, b.length);
        size += b.length;
    }

    private void ensure(int n) {
        if ((long) size + n > limit) {
            throw fail(pos, RdsRules.TOO_LARGE_TO_HOLD, "the XDR rewrite of the text grows beyond " + limit + " bytes (the memory budget)");
        }
        if (size + n > out.length) out = Arrays.copyOf(out, (int) Math.min(limit, Math.max(2L * out.length, size + n)));
    }

    private Stop fail(long at, Rule rule, String message) {
        diagnostics.add(Diagnostic.errorAtByte(at, rule, "ASCII stream: " + message + " (text byte " + at
                + "); the object is read up to there"));
        throw new Stop();
    }
}
