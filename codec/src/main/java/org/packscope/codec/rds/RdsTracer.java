package org.packscope.codec.rds;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.Trace.Step;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;

/**
 * How element k of an R vector comes out of the stream: the vector's flags and length,
 * the element's place (data start + k × width), its XDR bytes most significant first,
 * and what R makes of them (NA patterns, IEEE fields); for a character vector the
 * element's CHARSXP flags, encoding bits, length and bytes. When the stream was
 * decompressed, a step says where the element lies in the decompressed buffer and
 * which stretch of the compressed file produced it; for an expanded ALTREP vector, a
 * step shows the state it was computed from. Every step reads only the bytes it names.
 */
final class RdsTracer {
    private static final int MAX_SHOWN_BYTES = 48;

    private RdsTracer() { }

    /** The tracer of an atomic vector's value column. */
    static ValueTracer vector(RItem.Vector v, Origin origin) {
        return (k, progress) -> traceVector(v, origin, k, progress);
    }

    /** The tracer of a character vector's text column. */
    static ValueTracer strings(RItem.Elements e, ByteSource data, Origin origin) {
        return (k, progress) -> traceString(e, data, origin, k, progress);
    }

    // ------------------------------------------------------------------ atomic vectors

    private static Trace traceVector(RItem.Vector v, Origin origin, long k, Progress progress) {
        List<Step> steps = new ArrayList<>();
        ByteSource d = v.data();
        int t = v.type();
        boolean complex = t == RFlags.CPLXSXP;
        int width = complex ? 8 : v.elementSize();
        if (origin.altrep() != null) altrepStep(steps, origin, k);
        steps.add(new Step("vector flags", v.flags().hex() + " = " + v.flags().typeName(), String.format(
                "The item at byte %d of %s starts with its flags word; type %d is %s, whose elements are %s.",
                v.offset(), d.name(), t, v.flags().typeName(), elementWords(t)), d, Span.bytes(v.offset(), 4)));
        steps.add(new Step("length", Long.toString(v.length()), (v.dataOffset() - v.lengthOffset() > 4
                ? "A long vector: −1, then the length as two int32 (high, low). " : "An int32 after the flags. ")
                + (complex ? "Each complex element is two values here (real, imaginary), so the column has "
                + v.count() + " values." : "The value column has one value per element."),
                d, Span.bytes(v.lengthOffset(), v.dataOffset() - v.lengthOffset())));
        if (k < 0 || k >= v.count()) {
            steps.add(new Step("index out of range", "none", "Value " + k + " does not exist: the vector holds "
                    + v.count() + " values.", null, null));
            return new Trace(k, "(none)", steps);
        }
        long element = complex ? k / 2 : k;
        long at = v.dataOffset() + element * v.elementSize() + (complex ? (k % 2) * 8 : 0);
        String where = complex
                ? String.format("value %d is the %s part of complex element %d: %d + %d × 16%s = byte %d", k,
                k % 2 == 0 ? "real" : "imaginary", element, v.dataOffset(), element, k % 2 == 0 ? "" : " + 8", at)
                : String.format("element %d: data start %d + %d × %d = byte %d", k, v.dataOffset(), k, width, at);
        steps.add(new Step("element position", "byte " + at, "Elements follow the length back to back with no "
                + "padding, so the place of one is computed, not searched: " + where + ".", null, null));
        placeSteps(steps, origin, d, at, width);
        byte[] b;
        try {
            b = d.bytes(at, width);
        } catch (OutOfRangeException e) {
            steps.add(new Step("bytes missing", "none", "The stream ends before byte " + (at + width)
                    + "; this value was not stored.", d, null));
            return new Trace(k, "(missing)", steps);
        }
        steps.add(new Step("XDR bytes", hex(b, width), "XDR writes numbers big-endian: the first byte is the "
                + "most significant.", d, Span.bytes(at, width)));
        String value = switch (t) {
            case RFlags.LGLSXP -> logical(steps, d, at, b);
            case RFlags.INTSXP -> integer(steps, d, at, b);
            case RFlags.RAWSXP -> raw(steps, b);
            default -> real(steps, d, at, b);
        };
        return new Trace(k, value, steps);
    }

    private static String elementWords(int t) {
        return switch (t) {
            case RFlags.LGLSXP -> "4-byte logicals (0, 1, NA)";
            case RFlags.INTSXP -> "4-byte two's-complement integers";
            case RFlags.REALSXP -> "8-byte IEEE 754 doubles";
            case RFlags.CPLXSXP -> "pairs of 8-byte IEEE 754 doubles";
            default -> "single bytes";
        };
    }

    private static int int32(byte[] b) {
        return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | b[3] & 0xff;
    }

    private static String logical(List<Step> steps, ByteSource d, long at, byte[] b) {
        int x = int32(b);
        steps.add(new Step("as int32", Integer.toString(x), "The four bytes read as one signed int32.", d, Span.bytes(at, 4)));
        String r = x == Integer.MIN_VALUE ? "NA" : x == 0 ? "FALSE" : "TRUE";
        steps.add(new Step("logical", r, x == Integer.MIN_VALUE
                ? "0x80000000, the smallest int32, is R's NA for logicals (NA_LOGICAL = NA_INTEGER)."
                : x == 0 ? "0 is FALSE." : "Any other int is TRUE (R writes 1).", null, null));
        return r;
    }

    private static String integer(List<Step> steps, ByteSource d, long at, byte[] b) {
        int x = int32(b);
        if (x == Integer.MIN_VALUE) {
            steps.add(new Step("as int32", Integer.toString(x), "The four bytes read as one two's-complement int32.",
                    d, Span.bytes(at, 4)));
            steps.add(new Step("integer", "NA", "0x80000000 (−2147483648) is NA_integer_: R reserves it, so R integers "
                    + "run from −2147483647. (BPCells reads the same bits as the uint32 2147483648.)", null, null));
            return "NA";
        }
        String s = Integer.toString(x);
        steps.add(new Step("integer", s, "The four bytes read as one two's-complement int32"
                + (x < 0 ? String.format(" (as uint32, which BPCells would read: %d)", x & 0xffffffffL) : "") + ".",
                d, Span.bytes(at, 4)));
        return s;
    }

    private static String raw(List<Step> steps, byte[] b) {
        String s = String.format("%02x", b[0] & 0xff);
        steps.add(new Step("raw", s, "A raw element is its byte; R prints it in hex.", null, null));
        return s;
    }

    private static String real(List<Step> steps, ByteSource d, long at, byte[] b) {
        long bits = 0;
        for (int i = 0; i < 8; i++) bits = bits << 8 | (b[i] & 0xff);
        int sign = (int) (bits >>> 63);
        int exp = (int) (bits >>> 52 & 0x7ff);
        long mant = bits & 0xfffffffffffffL;
        steps.add(new Step("sign", Integer.toString(sign), "Bit 63, the top bit of the first byte: "
                + (sign == 0 ? "positive." : "negative."), d, Span.bits(at * 8 + 7, 1)));
        steps.add(new Step("exponent", Integer.toString(exp), "Bits 62–52: the low 7 bits of byte 0 and the high 4 of "
                + "byte 1, biased by 1023" + (exp == 0 ? " (0: zero or subnormal)." : exp == 0x7ff
                ? " (all ones: infinity or NaN)." : String.format(", so 2^%d.", exp - 1023)), d, Span.bytes(at, 2)));
        steps.add(new Step("mantissa", String.format("0x%013x", mant), "Bits 51–0: the low 4 bits of byte 1 and "
                + "bytes 2–7, the fraction after the implicit leading 1.", d, Span.bytes(at + 1, 7)));
        String value = RNodes.realText(bits);
        String why;
        if (exp == 0x7ff && mant != 0) {
            why = (bits & 0xffffffffL) == 1954
                    ? "A NaN whose low 32 bits are 1954 (0x7a2): R's NA_real_, told apart from NaN by that payload."
                    : "A NaN without R's 1954 payload: R's NaN.";
        } else if (exp == 0x7ff) {
            why = "Infinity with the sign above.";
        } else {
            why = "(−1)^sign × " + (exp == 0 ? "0.mantissa × 2^−1022" : "1.mantissa × 2^(exponent − 1023)")
                    + "; written the shortest way that reads back to the same bits.";
        }
        steps.add(new Step("double", value, why, null, null));
        return value;
    }

    // ------------------------------------------------------------------ strings

    private static Trace traceString(RItem.Elements e, ByteSource d, Origin origin, long k, Progress progress) {
        List<Step> steps = new ArrayList<>();
        if (origin.altrep() != null) altrepStep(steps, origin, k);
        steps.add(new Step("vector flags", e.flags().hex() + " = STRSXP", "A character vector (type 16): its "
                + "elements are whole CHARSXP items, one after another.", d, Span.bytes(e.offset(), 4)));
        steps.add(new Step("length", Long.toString(e.length()), "The number of CHARSXP items that follow.", d,
                Span.bytes(e.lengthOffset(), 4)));
        List<RItem> els = e.elements();
        if (k < 0 || k >= els.size()) {
            steps.add(new Step("index out of range", "none", "Element " + k + " does not exist: "
                    + els.size() + " elements could be read.", null, null));
            return new Trace(k, "(none)", steps);
        }
        RItem item = els.get((int) k);
        steps.add(new Step("element item", "byte " + item.offset(), "Items carry no byte length, so element " + k
                + " was found by reading elements 0.." + (k - 1) + " before it (PackScope did that once, when the "
                + "vector was read); it starts at byte " + item.offset() + ".", d,
                Span.bytes(item.offset(), Math.max(0, item.end() - item.offset()))));
        if (!(item instanceof RItem.Chars c)) {
            steps.add(new Step("not a string", "?", "The element is not a CHARSXP ("
                    + (item.flags() == null ? "unreadable" : item.flags().typeName()) + "); R would refuse the vector.",
                    null, null));
            return new Trace(k, "?", steps);
        }
        long off = c.offset();
        RFlags f = c.flags();
        steps.add(new Step("CHARSXP flags", f.hex(), "Type 9 (CHARSXP) in the low byte; the levels bits above bit "
                + "12 hold the encoding.", d, Span.bytes(off, 4)));
        steps.add(new Step("encoding bits", String.format("levels 0x%04x → %s", f.levels(), c.encoding()),
                "Levels & 2 means bytes, & 4 latin1, & 8 UTF-8, & 64 ASCII (flags bits 13–18, in these two bytes); none set "
                        + "means the writer's native encoding.", d, Span.bytes(off + 1, 2)));
        placeSteps(steps, origin, d, off, 4);
        steps.add(new Step("string length", Integer.toString(c.length()), c.isNA()
                ? "−1: NA_character_, no bytes follow." : "Bytes of the string that follow (not characters).",
                d, Span.bytes(off + 4, 4)));
        if (c.isNA()) {
            steps.add(new Step("string", "NA", "The missing string.", null, null));
            return new Trace(k, "NA", steps);
        }
        byte[] b = d.bytes(off + 8, Math.min(c.length(), MAX_SHOWN_BYTES));
        steps.add(new Step("string bytes", hex(b, c.length()), "Stored as is: no terminator, no padding.", d,
                Span.bytes(off + 8, c.length())));
        String s = c.value();
        steps.add(new Step("string", s, "The bytes decoded as " + (c.encoding().equals("native")
                ? "the native encoding (UTF-8 unless the header names another)" : c.encoding()) + ".", null, null));
        return new Trace(k, s, steps);
    }

    // ------------------------------------------------------------------ where it lies

    /**
     * When {@code d} is a decompressed stream: where the bytes at {@code at} lie in it,
     * and the stretch of the compressed file the decompressor was in when it made them.
     */
    private static void placeSteps(List<Step> steps, Origin origin, ByteSource d, long at, int len) {
        AsciiTranscoder.Result ascii = origin.ascii();
        boolean fromText = ascii != null && d == ascii.xdr();
        if (fromText) {
            long t = ascii.textOffsetOf(at);
            if (t < 0) return;
            int w = Math.max(1, ascii.wordLength(t));
            d = ascii.text();
            steps.add(new Step("in the ASCII text", "text byte " + t + ": " + word(d, t, w), "The file is an ASCII "
                    + "serialization (\"A\\n\"): every number is a word of text. PackScope rewrote it as the XDR stream "
                    + "the steps above read; these bytes of text are where this word was written.", d, Span.bytes(t, w)));
            at = t;
            len = w;
        }
        Unwrapped u = origin.wrap();
        if (u == null || u.compression() == Compression.NONE || u.data() != d) return;
        steps.add(new Step("in the decompressed stream", "byte " + at, "The " + u.compression().label()
                + " wrapper was undone in memory; " + (fromText ? "the text above is at this offset of" : "the item "
                + "offsets above are offsets in") + " that buffer ('" + d.name() + "', " + d.size()
                + " bytes), not in the file.", d, Span.bytes(at, len)));
        Span c = u.compressedSpanOf(at);
        if (c == null) return;
        long from = c.byteOffset(), to = c.byteEnd();
        boolean whole = u.marks().length <= 2;
        String label = u.compression().label();
        steps.add(new Step("in the " + label + " file", "compressed bytes " + from + "–" + (to - 1),
                "Compressed data cannot be cut at a value: PackScope notes how far the decompressor had read as it "
                        + "went (gzip is fed 64 bytes at a time), and decompressed byte " + at + " came out while it read compressed "
                        + "bytes " + from + " to " + (to - 1)
                        + (whole ? " (this stream is small enough to come out in one step, so that is all of it)" : "")
                        + "; " + label + " refers back to earlier output, so those bytes alone do not decode it.",
                u.file(), Span.bytes(from, to - from)));
    }

    private static void altrepStep(List<Step> steps, Origin origin, long k) {
        RItem.Altrep a = origin.altrep();
        RItem state = a.state();
        ByteSource src = origin.altrepData();
        Span span = state == null ? null : Span.bytes(state.offset(), Math.max(0, state.end() - state.offset()));
        String cls = a.className();
        String how = cls != null && cls.startsWith("compact_")
                ? "its state is (n, start, step) and value k is start + k × step; PackScope wrote the values out as an "
                + "ordinary vector in a small stream of its own (the one the steps below read)"
                : cls != null && cls.startsWith("wrap_")
                ? "its state is list(vector, metadata): the vector below is the first element of that list"
                : "PackScope rebuilt the values from its state into a small stream of its own";
        steps.add(new Step("ALTREP " + cls, "state at byte " + (state == null ? "?" : state.offset()),
                "This vector is stored as an ALTREP object at byte " + a.offset() + ": " + how + ".", src, span));
        RItem st = RItem.resolve(state);
        if (cls != null && cls.startsWith("compact_") && st instanceof RItem.Vector v && v.type() == RFlags.REALSXP
                && v.length() == 3) {
            double start = v.doubleAt(1), step = v.doubleAt(2);
            double x = start + k * step;
            String value = cls.equals("compact_intseq") ? Integer.toString((int) x) : RNodes.realText(Double.doubleToRawLongBits(x));
            steps.add(new Step("start + k × step", value, String.format("n = %s, start = %s, step = %s from the state's "
                    + "three doubles; value %d = %s + %d × %s.", RNodes.realText(Double.doubleToRawLongBits(v.doubleAt(0))),
                    RNodes.realText(Double.doubleToRawLongBits(start)), RNodes.realText(Double.doubleToRawLongBits(step)),
                    k, RNodes.realText(Double.doubleToRawLongBits(start)), k, RNodes.realText(Double.doubleToRawLongBits(step))),
                    v.data(), Span.bytes(v.dataOffset(), 24)));
        }
    }

    private static String word(ByteSource text, long at, int len) {
        byte[] b = text.bytes(at, Math.min(len, MAX_SHOWN_BYTES));
        return '"' + new String(b, java.nio.charset.StandardCharsets.ISO_8859_1) + (len > b.length ? "…" : "") + '"';
    }

    private static String hex(byte[] b, long total) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < b.length; i++) {
            if (i > 0) sb.append(' ');
            sb.append(String.format("%02x", b[i] & 0xff));
        }
        if (total > b.length) sb.append(" … (").append(total).append(" bytes)");
        return sb.toString();
    }
}
