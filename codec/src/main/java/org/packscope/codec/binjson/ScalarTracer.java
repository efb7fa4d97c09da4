package org.packscope.codec.binjson;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueTracer;

/**
 * How a scalar value comes out of its bytes: the type byte split into tag and payload
 * bits, the inline flex with its continuation uflex, zigzag, the string-table entry of
 * a string, the float payload with the bits float compression removed. The only index
 * is 0 (see {@link ScalarColumn}).
 */
final class ScalarTracer implements ValueTracer {
    private final Document doc;
    private final Head h;

    ScalarTracer(Document doc, Head h) {
        this.doc = doc;
        this.h = h;
    }

    @Override
    public Trace trace(long index, Progress progress) {
        if (index != 0) throw new IndexOutOfBoundsException("a scalar has only value 0, not " + index);
        TraceSteps s = new TraceSteps(doc);
        long p = h.offset();
        long bit0 = p * 8;
        int t = h.typeByte();
        s.bytes("type byte", String.format("0x%02X = %s", t, TraceSteps.bin(t, 8)), "Every value starts with one type byte; "
                + "its leading bits are a prefix code that says what kind of value this is: " + BjReader.describeType(t) + ".", p, 1);
        switch (h.kind()) {
            case NULL, FALSE, TRUE -> s.pure("constant", ScalarColumn.valueText(doc, h), String.format(
                    "0x%02X is one of the three whole-byte constants (0x00 null, 0x02 false, 0x03 true): no payload follows.", t));
            case INT, STRING, FLOAT_AS_INT -> inlineFlex(s, bit0, t);
            case FLOAT -> truncatedFloat(s, p, bit0, t);
            case F32 -> {
                s.bits("tag", "0110", "The high nibble 0110 marks a float stored as IEEE-754 binary32.", bit0 + 4, 4);
                s.bits("low nibble", TraceSteps.bin(t & 15, 4), "Must be 0000 (anything else is a corruption).", bit0, 4);
                s.bytes("binary32", String.format("0x%08X", h.bits()), "Four bytes follow, most significant first. Float "
                        + "compression never applies to f32: the writer chose it because it holds the value exactly.", p + 1, 4);
                float f = Float.intBitsToFloat((int) h.bits());
                s.pure("widen to binary64", String.format("0x%016X", Double.doubleToRawLongBits(f)),
                        "Every binary32 is exactly a binary64: sign kept, exponent rebiased (+896), fraction padded with 29 zero bits.");
            }
            default -> { }
        }
        String value = ScalarColumn.valueText(doc, h);
        if (h.kind() == Head.Kind.F32) s.pure("value", value, "The float, printed as the shortest decimal that reads back as this binary32.");
        return s.done(0, value);
    }

    private void inlineFlex(TraceSteps s, long bit0, int t) {
        int tb = h.tagBits();
        int vb = h.flexValueBits();
        String what = switch (h.kind()) {
            case INT -> "zigzag(n) of the int n";
            case STRING -> "the string index";
            default -> "zigzag(n) of the integral float n";
        };
        s.bits("tag", TraceSteps.bin(t >> (8 - tb), tb), "The top " + tb + " bits " + TraceSteps.bin(t >> (8 - tb), tb)
                + " name the kind; the remaining " + (8 - tb) + " payload bits start an inline flex integer holding "
                + what + ".", bit0 + 8 - tb, tb);
        int c = (t >> vb) & 1;
        s.bits("continuation flag C", c, c == 1 ? "C = 1: the value does not fit in " + vb + " bits, so a uflex with the "
                + "higher bits follows the type byte." : "C = 0: the value fits in the type byte; nothing follows.", bit0 + vb, 1);
        long low = t & ((1 << vb) - 1);
        s.bits("low bits", TraceSteps.bin(low, vb) + " = " + low, "The low " + vb + " bits of the value, stored in the type byte.",
                bit0, vb);
        if (h.continuation() != null) {
            s.uflex("continuation", h.continuation().start(), "The value shifted right by " + vb + " bits, as a");
            s.pure("reassemble", Long.toUnsignedString(h.flex()), "u = (continuation << " + vb + ") | low bits = ("
                    + Long.toUnsignedString(h.flex() >>> vb) + " << " + vb + ") | " + low + ".");
        }
        switch (h.kind()) {
            case INT -> s.pure("unzigzag", Long.toString(Head.unzigzag(h.flex())), "Zigzag maps signed to unsigned so small "
                    + "magnitudes stay short: n = (z >>> 1) ^ −(z & 1) with z = " + Long.toUnsignedString(h.flex())
                    + (((h.flex() & 1) == 0) ? " (even, so n ≥ 0)." : " (odd, so n < 0)."));
            case FLOAT_AS_INT -> {
                long n = Head.unzigzag(h.flex());
                s.pure("unzigzag", Long.toString(n), "n = (z >>> 1) ^ −(z & 1) with z = " + Long.toUnsignedString(h.flex()) + ".");
                s.pure("as float", JsonFloats.format(h.floatValue()), "Float-as-int keeps float-ness: the writer stored an "
                        + "integral float as the int " + n + " because that was shorter; the value is the float " + n + ".0 "
                        + "(never truncated by float compression).");
            }
            case STRING -> {
                if (h.badIndex()) {
                    s.pure("string table", "", "String index " + Long.toUnsignedString(h.flex())
                            + " does not exist: the table has " + doc.strings().count() + " strings, so there is no text (shown empty).");
                } else {
                    s.pure("string index", Long.toUnsignedString(h.flex()), "Strings are interned: the value is string "
                            + h.flex() + " of the table at the start of the file.");
                    s.stringEntry(h.flex());
                }
            }
            default -> { }
        }
    }

    private void truncatedFloat(TraceSteps s, long p, long bit0, int t) {
        Header hd = doc.header();
        int hhhh = t & 15;
        s.bits("tag", "0001", "The high nibble 0001 marks a binary64 float, possibly truncated by float compression.",
                bit0 + 4, 4);
        if (hd.floatComp() == 0) {
            s.bits("hhhh", TraceSteps.bin(hhhh, 4), "With float compression c = 0 the low nibble is unused and must be 0000.",
                    bit0, 4);
            s.bytes("binary64", String.format("0x%016X", h.bits()), "Eight bytes follow: the full IEEE-754 pattern, most "
                    + "significant byte first (c = 0 removes no bits).", p + 1, 8);
        } else {
            int n = hd.scalarFloatBytes();
            s.bits("hhhh", TraceSteps.bin(hhhh, 4), "With c = " + hd.floatComp() + " the low nibble carries the top 4 bits of "
                    + "the pattern (sign and the 3 highest exponent bits), bits 63..60.", bit0, 4);
            s.bytes("payload", s.hex(p + 1, n), n + " bytes follow with the next " + (8 * n) + " bits (59.." + hd.removedBits()
                    + "), most significant first: K = 64 − r(c) = " + hd.keptBits() + " bits are kept in all.", p + 1, n);
            s.pure("restore removed bits", String.format("0x%016X", h.bits()), "pattern = hhhh << 60 | payload << "
                    + hd.removedBits() + "; the r(" + hd.floatComp() + ") = " + hd.removedBits() + " low bits the writer "
                    + "removed read as 0, so the value is the original rounded toward zero in magnitude.");
        }
        s.ieee(h.bits(), h.floatValue());
    }
}
