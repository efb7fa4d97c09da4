package org.packscope.codec.binjson;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;

/**
 * Collects the steps of one trace. Every step with bits points into the file itself
 * (binary JSON has nothing compressed, so there is no second source).
 */
final class TraceSteps {
    private final Document doc;
    private final BjReader r;
    final List<Trace.Step> steps = new ArrayList<>();

    TraceSteps(Document doc) {
        this.doc = doc;
        this.r = BjReader.silent(doc);
    }

    TraceSteps bytes(String title, Object value, String explanation, long offset, long length) {
        steps.add(new Trace.Step(title, String.valueOf(value), explanation, doc.source(), Span.bytes(offset, length)));
        return this;
    }

    TraceSteps bits(String title, Object value, String explanation, long startBit, long length) {
        steps.add(new Trace.Step(title, String.valueOf(value), explanation, doc.source(), Span.bits(startBit, length)));
        return this;
    }

    TraceSteps pure(String title, Object value, String explanation) {
        steps.add(new Trace.Step(title, String.valueOf(value), explanation, doc.source(), null));
        return this;
    }

    Trace done(long index, String value) {
        return new Trace(index, value, steps);
    }

    int u8(long p) { return r.u8(p); }

    String hex(long p, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(' ');
            sb.append(String.format("%02X", r.u8(p + i)));
        }
        return sb.toString();
    }

    static String bin(long v, int bits) {
        StringBuilder sb = new StringBuilder();
        for (int i = bits - 1; i >= 0; i--) sb.append((v >>> i) & 1);
        return sb.toString();
    }

    /**
     * The uflex at p: its bytes, the 7-bit groups they carry, least significant first.
     * {@code why} ends in an article ("... as a"), the description of the uflex follows.
     */
    TraceSteps uflex(String title, long p, String why) {
        long v = r.at(p).uflex(title);
        long end = r.pos();
        StringBuilder groups = new StringBuilder();
        for (long q = p; q < end; q++) {
            int b = r.u8(q);
            if (groups.length() > 0) groups.append(", ");
            groups.append(String.format("%02X → %s group %d", b, (b & 0x80) != 0 ? "more," : "last,", b & 0x7f));
        }
        String how = end - p == 1 ? "one-byte uflex (high bit clear): the value is the byte itself"
                : "uflex, 7 bits per byte, least significant group first (" + groups + "): sum of group·128^i";
        return bytes(title, Long.toUnsignedString(v), why + " " + how + ".", p, end - p);
    }

    /** The string-table entry of index idx: its length uflex and its UTF-8 bytes. */
    TraceSteps stringEntry(long idx) {
        StringTable t = doc.strings();
        long p = t.entryPos()[(int) idx];
        long dataEnd = t.entryPos()[(int) idx + 1];
        uflex("entry " + idx + ": byte length", p, "String " + idx + "'s entry in the string table starts at byte "
                + p + " with its byte length as a");
        long utf8 = r.pos();
        String s = t.get(idx);
        return bytes("entry " + idx + ": UTF-8 bytes", s, (dataEnd - utf8) + " bytes of UTF-8 text follow the length; "
                + "every use of string " + idx + " in the document (keys, values, array elements) refers to these bytes.",
                utf8, dataEnd - utf8);
    }

    /** Sign, exponent and fraction of a binary64 pattern, as a learner reads it. */
    TraceSteps ieee(long bits, double v) {
        long sign = bits >>> 63;
        long exp = (bits >>> 52) & 0x7ff;
        long frac = bits & ((1L << 52) - 1);
        String kind = exp == 0x7ff ? (frac == 0 ? "all-ones exponent and zero fraction: infinity" : "all-ones exponent, non-zero fraction: NaN")
                : exp == 0 ? (frac == 0 ? "zero exponent and fraction: zero" : "zero exponent: subnormal, (−1)^s · 0.f · 2^−1022")
                : "(−1)^s · 1.f · 2^(e − 1023) = " + (sign == 1 ? "−" : "") + "1.f · 2^" + (exp - 1023);
        return pure("IEEE-754 binary64", JsonFloats.format(v), String.format(
                "sign s = %d, biased exponent e = %d (0x%03X), fraction f = 0x%013X; %s.", sign, exp, exp, frac, kind));
    }
}
