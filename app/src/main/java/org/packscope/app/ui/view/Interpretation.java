package org.packscope.app.ui.view;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.analysis.ElementReading;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * How to read a standalone Blosc chunk's elements: its header knows only their size, so
 * a person picks ints, uints or floats of that size and the byte order. The default is
 * guessed from the first values; the choice is remembered per file, and given to the node
 * (its {@link ElementReading}), so every view reads it.
 */
record Interpretation(ValueType type, boolean bigEndian) {
    /** Values looked at to guess a default. */
    private static final int SAMPLE = 256;

    String label() {
        return type.label() + (type.byteWidth() > 1 ? bigEndian ? " big-endian" : " little-endian" : "");
    }

    @Override public String toString() { return label(); }

    /** A key for remembering the choice: type and byte order. */
    String key() { return type.label() + (bigEndian ? ">" : "<"); }

    /**
     * True when the node's elements are a person's choice (a standalone Blosc chunk): the
     * codec's {@link ElementReading} says so, the view names no format.
     */
    static boolean offeredFor(Node n) {
        if (n == null || n.values() == null || !n.values().type().numeric()) return false;
        ElementReading reading = n.facet(ElementReading.class);
        return reading != null && reading.asksPerson();
    }

    /** Every reading of elements {@code width} bytes wide. */
    static List<Interpretation> choices(int width) {
        List<Interpretation> out = new ArrayList<>();
        for (boolean big : width > 1 ? new boolean[] {false, true} : new boolean[] {false}) {
            out.add(new Interpretation(new ValueType(ValueType.Kind.UINT, width), big));
            out.add(new Interpretation(new ValueType(ValueType.Kind.INT, width), big));
            if (width == 2 || width == 4 || width == 8) {
                out.add(new Interpretation(width == 2 ? ValueType.F16 : width == 4 ? ValueType.F32 : ValueType.F64, big));
            }
        }
        return out;
    }

    static Interpretation of(String key, int width) {
        for (Interpretation i : choices(width)) if (i.key().equals(key)) return i;
        return null;
    }

    /**
     * A sensible first reading: floats when the first values read as floats of everyday size
     * (0 or 1e-12..1e12 in magnitude, as measurements and prices are) and not as small
     * integers; otherwise unsigned integers, little-endian as Blosc's platforms store them.
     */
    static Interpretation guess(ValueColumn raw) {
        int w = raw.type().byteWidth();
        Interpretation uint = new Interpretation(new ValueType(ValueType.Kind.UINT, w), false);
        if (w != 4 && w != 8 || raw.count() == 0) return uint;
        int n = (int) Math.min(SAMPLE, raw.count());
        long[] bits = new long[n];
        raw.read(0, bits, 0, n);
        ValueType f = w == 4 ? ValueType.F32 : ValueType.F64;
        int floaty = 0, smallInts = 0;
        for (long b : bits) {
            double d = f.toDouble(b);
            double m = Math.abs(d);
            if (Double.isFinite(d) && (m == 0 || m >= 1e-12 && m <= 1e12)) floaty++;
            if (Long.compareUnsigned(b, 1L << 24) < 0) smallInts++;
        }
        return floaty == n && smallInts < n ? new Interpretation(f, false) : uint;
    }
}
