package org.packscope.codec.binjson;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueTracer;

/**
 * How element k of an N-D array (or of one slice: flat element {@code first + k}) comes
 * out of the file: the type byte's tt and dddd, the dimension sizes, the row-major
 * position, then per element type the string-index uflex and its table entry, the
 * boolean bit, the int's width and little-endian bytes, or the float's byte in every
 * plane with the removed bits restored as zero. Reads only the bytes of that element.
 */
final class NdTracer implements ValueTracer {
    private final Document doc;
    private final Head h;
    private final long first;
    private final long count;
    private final NdStrings strIndex;

    NdTracer(Document doc, Head h, long first, long count, NdStrings strIndex) {
        this.doc = doc;
        this.h = h;
        this.first = first;
        this.count = count;
        this.strIndex = strIndex;
    }

    @Override
    public Trace trace(long index, Progress progress) {
        if (index < 0 || index >= count) throw new IndexOutOfBoundsException("element " + index + " of " + count);
        long f = first + index;
        TraceSteps s = new TraceSteps(doc);
        long p = h.offset();
        long bit0 = p * 8;
        String type = Head.ELEMENT_TYPES[h.nd().elemType()];
        s.bytes("type byte", String.format("0x%02X = %s", h.typeByte(), TraceSteps.bin(h.typeByte(), 8)),
                "The leading bits 11 mark a homogeneous N-D array: one element type and a rectangular shape, so the "
                        + "elements are stored without type bytes.", p, 1);
        s.bits("tt", TraceSteps.bin(h.nd().elemType(), 2) + " = " + type, "Element type (00 strings, 01 booleans, 10 ints, "
                + "11 floats): decides how every element's bytes are read.", bit0 + 4, 2);
        s.bits("dddd", h.nd().dims().length, "Number of dimensions; that many uflex sizes follow.", bit0, 4);
        for (int k = 0; k < h.nd().dims().length; k++) {
            long dp = h.nd().dimPos()[k];
            s.uflex("dim " + k, dp, "Size of dimension " + k + (k == 0 ? " (outermost)" : "") + ", as a");
        }
        s.pure("row-major position", f, positionText(f));
        if (h.bodyLength() != null) {
            s.uflex("body length (SJ)", h.bodyLength().start(), "Seekable files give the data's byte length so a reader "
                    + "can skip the array; the data starts right after this");
        }
        String value = switch (h.nd().elemType()) {
            case 0 -> string(s, f);
            case 1 -> bool(s, f);
            case 2 -> integer(s, f);
            default -> floating(s, f);
        };
        return s.done(index, value);
    }

    private String positionText(long f) {
        StringBuilder idx = new StringBuilder();
        long rest = f;
        long[] sub = new long[h.nd().dims().length];
        for (int k = h.nd().dims().length - 1; k >= 0; k--) {
            sub[k] = h.nd().dims()[k] == 0 ? 0 : rest % h.nd().dims()[k];
            rest = h.nd().dims()[k] == 0 ? 0 : rest / h.nd().dims()[k];
        }
        for (int k = 0; k < sub.length; k++) idx.append(k == 0 ? "" : ", ").append(sub[k]);
        String slice = first == 0 ? "" : " (element " + (f - first) + " of the slice that starts at flat element " + first + ")";
        return "Elements are stored in row-major order (last index fastest): element [" + idx + "] of "
                + BjReader.dimsText(h.nd().dims()) + " is flat element " + f + slice + ".";
    }

    private String string(TraceSteps s, long f) {
        long q = strIndex.offset(f);
        s.uflex("element uflex", q, "String elements are uflex string indices of varying length, so element " + f
                + "'s position (byte " + q + ") comes from stepping over the " + f + " before it; its index is a");
        long idx = BjReader.silent(doc).at(q).uflex("element");
        if (!doc.strings().has(idx)) {
            s.pure("string table", "", "String index " + Long.toUnsignedString(idx) + " does not exist: the table has "
                    + doc.strings().count() + " strings, so there is no text (shown empty).");
            return "";
        }
        s.stringEntry(idx);
        return doc.strings().get(idx);
    }

    private String bool(TraceSteps s, long f) {
        long at = h.bodyStart() + (f >>> 3);
        int b = s.u8(at);
        s.bytes("data byte", String.format("0x%02X = %s", b, TraceSteps.bin(b, 8)), "Booleans are packed 8 per byte: "
                + "element " + f + " is in byte f / 8 = " + (f >>> 3) + " of the data (byte " + at + ").", at, 1);
        boolean v = (b >>> (f & 7) & 1) != 0;
        s.bits("bit", Boolean.toString(v), "Bit f mod 8 = " + (f & 7) + ", counting from the least significant bit, is "
                + (v ? "1: true." : "0: false."),
                h.bodyStart() * 8 + f, 1);
        return Boolean.toString(v);
    }

    private String integer(TraceSteps s, long f) {
        int w = h.nd().width();
        s.bytes("width", w, "Every element takes w bytes; the writer picked the smallest of 1, 2, 4, 8 that holds them all.",
                h.widthPos(), 1);
        long at = h.bodyStart() + f * w;
        s.bytes("element bytes", s.hex(at, w), "Element " + f + " starts at data byte f · w = " + f * w + " (byte " + at
                + "), little-endian: least significant byte first.", at, w);
        long v = BjReader.silent(doc).ndInt(h, f);
        long unsigned = w == 8 ? v : v & ((1L << (8 * w)) - 1);
        s.pure("two's complement", Long.toString(v), String.format("As an unsigned %d-bit number 0x%0" + (2 * w) + "X"
                + "; the top bit is the sign, so the value is %s.", 8 * w, unsigned,
                v < 0 ? "u − 2^" + 8 * w + " = " + v : "the number itself"));
        return Long.toString(v);
    }

    private String floating(TraceSteps s, long f) {
        Header hd = doc.header();
        int planes = hd.planes();
        long raw = 0;
        for (int j = 0; j < planes; j++) {
            long at = h.bodyStart() + j * h.count() + f;
            int b = s.u8(at);
            raw |= (long) b << (56 - 8 * j);
            boolean half = j == planes - 1 && hd.keptBits() % 8 == 4;
            s.bytes("plane " + j, String.format("%02X", b), "Byte plane " + j + " holds byte " + j + " (bits " + (63 - 8 * j)
                    + ".." + (56 - 8 * j) + ") of every element; element " + f + "'s is at plane start + f = byte " + at
                    + (half ? ". In this last plane only the high nibble is kept; the low nibble is padding." : "."), at, 1);
        }
        long bits = raw & (-1L << hd.removedBits());
        s.pure("assemble", String.format("0x%016X", bits), "pattern = plane 0 << 56 | plane 1 << 48 | … : the " + planes
                + " bytes, most significant first" + (hd.removedBits() == 0 ? " (c = 0: all 64 bits stored)."
                : "; the r(" + hd.floatComp() + ") = " + hd.removedBits() + " removed low bits read as 0 (K = "
                + hd.keptBits() + " bits kept)" + (raw != bits ? String.format(", so padding 0x%X is dropped.", raw & ~bits) : ".")));
        double v = Double.longBitsToDouble(bits);
        s.ieee(bits, v);
        return JsonFloats.format(v);
    }
}
