package org.packscope.codec.numpy;

import java.util.Locale;

import org.packscope.codec.inspect.ValueType;

/**
 * A numpy dtype string as bcolz stores it in meta/storage: numpy's {@code str()} of the
 * scalar base type ('int32', 'float64', 'bool', '|S8', '&lt;U5') or the array-protocol
 * form ('&lt;i4', '|u1', '&lt;f8').
 *
 * @param kind numpy kind letter: b, i, u, f, S, U
 * @param itemsize bytes per item
 * @param bigEndian true for '&gt;' (values stored big-endian)
 */
public record Dtype(String text, char kind, int itemsize, boolean bigEndian) {

    /** The dtype, or null when PackScope cannot read it (object, void, datetime, ...). */
    public static Dtype parse(String text) {
        if (text == null) return null;
        String s = text.trim();
        boolean big = false;
        if (!s.isEmpty() && "<>|=".indexOf(s.charAt(0)) >= 0) {
            big = s.charAt(0) == '>';
            s = s.substring(1);
        }
        String lower = s.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "bool", "?", "b1" -> { return new Dtype(text, 'b', 1, false); }
            case "float" -> { return new Dtype(text, 'f', 8, big); }
            case "int" -> { return new Dtype(text, 'i', 8, big); }
            default -> { }
        }
        char kind;
        String digits;
        if (lower.startsWith("uint")) { kind = 'u'; digits = lower.substring(4); return bitsType(text, kind, digits, big); }
        if (lower.startsWith("int")) { kind = 'i'; digits = lower.substring(3); return bitsType(text, kind, digits, big); }
        if (lower.startsWith("float")) { kind = 'f'; digits = lower.substring(5); return bitsType(text, kind, digits, big); }
        if (s.isEmpty()) return null;
        kind = s.charAt(0);
        digits = s.substring(1);
        int n;
        try {
            n = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return null;
        }
        return switch (kind) {
            case 'i', 'u' -> n == 1 || n == 2 || n == 4 || n == 8 ? new Dtype(text, kind, n, big && n > 1) : null;
            case 'f' -> n == 2 || n == 4 || n == 8 ? new Dtype(text, kind, n, big) : null;
            case 'S', 'a' -> n >= 1 ? new Dtype(text, 'S', n, false) : null;
            case 'U' -> n >= 1 && n <= (Integer.MAX_VALUE / 4) ? new Dtype(text, 'U', n * 4, big) : null;
            default -> null;
        };
    }

    private static Dtype bitsType(String text, char kind, String digits, boolean big) {
        try {
            int bits = Integer.parseInt(digits);
            if (bits % 8 != 0) return null;
            int n = bits / 8;
            boolean ok = kind == 'f' ? n == 2 || n == 4 || n == 8 : n == 1 || n == 2 || n == 4 || n == 8;
            return ok ? new Dtype(text, kind, n, big && n > 1) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The type in words for a summary: numeric types as numpy writes them ({@code <f8}),
     * strings by what they hold rather than by numpy's code ({@code |S8} is "8-byte strings").
     */
    public String words() {
        return switch (kind) {
            case 'S' -> itemsize + "-byte strings";
            case 'U' -> itemsize / 4 + "-character text";
            default -> text;
        };
    }

    public ValueType valueType() {
        return switch (kind) {
            case 'b' -> ValueType.BOOL;
            case 'i' -> new ValueType(ValueType.Kind.INT, itemsize);
            case 'u' -> new ValueType(ValueType.Kind.UINT, itemsize);
            case 'f' -> itemsize == 2 ? ValueType.F16 : itemsize == 4 ? ValueType.F32 : ValueType.F64;
            case 'S' -> ValueType.bytes(itemsize);
            case 'U' -> ValueType.unicode(itemsize / 4);
            default -> throw new IllegalStateException("kind " + kind);
        };
    }

    /** The Blosc typesize bcolz uses for this dtype: the itemsize, except 1 for 'S' and 4 for 'U'. */
    public int bloscTypesize() {
        return switch (kind) {
            case 'S' -> 1;
            case 'U' -> 4;
            default -> itemsize;
        };
    }
}
