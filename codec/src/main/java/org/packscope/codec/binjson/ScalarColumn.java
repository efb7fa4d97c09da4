package org.packscope.codec.binjson;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * A scalar value as a column of one, so the values table (and its trace action) works
 * on a single int, float, string, bool or null as it does on an N-D array. The value
 * is already in the head; nothing is read again.
 */
final class ScalarColumn implements ValueColumn {
    private final String name;
    private final Document doc;
    private final Head head;

    ScalarColumn(String name, Document doc, Head head) {
        this.name = name;
        this.doc = doc;
        this.head = head;
    }

    @Override public String name() { return name; }

    @Override
    public ValueType type() {
        return switch (head.kind()) {
            case FALSE, TRUE -> ValueType.BOOL;
            case INT -> ValueType.I64;
            case F32 -> ValueType.F32;
            case FLOAT, FLOAT_AS_INT -> ValueType.F64;
            default -> ValueType.TEXT; // null and strings
        };
    }

    @Override public long count() { return 1; }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start > 1 - len) throw new IndexOutOfBoundsException("rows " + start + "+" + len);
        if (len == 0) return;
        dst[off] = switch (head.kind()) {
            case FALSE -> 0;
            case TRUE -> 1;
            case INT -> Head.unzigzag(head.flex());
            case FLOAT, F32 -> head.bits();
            case FLOAT_AS_INT -> Double.doubleToRawLongBits(head.floatValue());
            default -> throw new UnsupportedOperationException("a " + head.kind().name().toLowerCase(java.util.Locale.ROOT)
                    + " value has no numeric form; use text()");
        };
    }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        if (!type().numeric()) return; // text has no fixed-width raw form
        ValueColumn.super.readRaw(start, len, dst, off);
    }

    @Override
    public String text(long index) {
        if (index != 0) throw new IndexOutOfBoundsException(index);
        return valueText(doc, head);
    }

    /** The value as the column and the trace show it (strings unquoted, "" for a bad index). */
    static String valueText(Document doc, Head h) {
        return switch (h.kind()) {
            case NULL -> "null";
            case FALSE -> "false";
            case TRUE -> "true";
            case INT -> Long.toString(Head.unzigzag(h.flex()));
            case FLOAT, FLOAT_AS_INT, F32 -> JsonFloats.format(h.floatValue());
            case STRING -> h.badIndex() ? "" : doc.strings().get(h.flex());
            default -> "";
        };
    }
}
