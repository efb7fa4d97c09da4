package org.packscope.codec.format;

import org.packscope.codec.inspect.ValueType;

/**
 * Numbers as a person types them into a teaching window, read as elements of a chosen
 * type: each one that is not a number of that type, or does not fit it, is refused in
 * words that name it and its place.
 */
public final class TeachingNumbers {
    private TeachingNumbers() { }

    /** The numbers of {@code text} (spaces, commas, semicolons or new lines between them) as little-endian elements of {@code type}, at most {@code maxValues}. */
    public static byte[] parse(String text, ValueType type, int maxValues) {
        String[] words = text.strip().split("[\\s,;]+");
        if (words.length == 1 && words[0].isEmpty()) throw new IllegalArgumentException("no numbers: type some, e.g. 1 2 3");
        if (words.length > maxValues) throw new IllegalArgumentException(words.length + " numbers: a lesson takes at most " + maxValues);
        int w = type.byteWidth();
        byte[] out = new byte[words.length * w];
        for (int i = 0; i < words.length; i++) type.writeLE(raw(words[i], type, i), out, i * w);
        return out;
    }

    private static long raw(String word, ValueType type, int i) {
        String where = "number " + (i + 1) + " ('" + (word.length() > 20 ? word.substring(0, 20) + "…" : word) + "')";
        try {
            if (type.kind() == ValueType.Kind.FLOAT) {
                double d = Double.parseDouble(word);
                return type.byteWidth() == 4 ? Float.floatToRawIntBits((float) d) & 0xffffffffL : Double.doubleToRawLongBits(d);
            }
            int bits = type.byteWidth() * 8;
            if (type.kind() == ValueType.Kind.UINT) {
                if (word.startsWith("-")) throw new IllegalArgumentException(where + " is negative: an unsigned " + bits + "-bit integer has no sign");
                long v = Long.parseUnsignedLong(word);
                if (bits < 64 && Long.compareUnsigned(v, (1L << bits) - 1) > 0) throw new IllegalArgumentException(where + " does not fit " + bits + " bits");
                return v;
            }
            long v = Long.parseLong(word);
            if (bits < 64 && (v < -(1L << (bits - 1)) || v >= 1L << (bits - 1))) throw new IllegalArgumentException(where + " does not fit a signed " + bits + "-bit integer");
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + " is not " + (type.kind() == ValueType.Kind.FLOAT ? "a number" : "a whole number"));
        }
    }
}
