package org.packscope.codec.zarr;

import java.math.BigInteger;
import java.util.Base64;

import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.json.Json;

/**
 * The fill value of a Zarr array as one element's little-endian bytes. Both Zarr
 * versions write NaN and the infinities as the strings "NaN", "Infinity" and
 * "-Infinity"; v3 also allows a float's bit pattern as a hex string ("0x7fc00000"),
 * v2 writes fixed-length bytes as base64, and complex numbers are [real, imaginary].
 */
final class FillValue {
    private FillValue() { }

    /** Thrown for a value that does not fit the data type; the message says why. */
    static final class Invalid extends Exception {
        Invalid(String message) { super(message, null, false, false); }
    }

    /** The element bytes, or null for JSON null (the chunks' missing parts are then zeros). */
    static byte[] bytes(Json v, DataType t) throws Invalid {
        if (v == null || v.isNull()) return null;
        byte[] out = new byte[t.itemSize()];
        if (t.complex()) {
            if (!v.isArray() || v.size() != 2) throw new Invalid("a complex fill value is [real, imaginary]");
            int half = t.itemSize() / 2;
            writeFloat(v.get(0), half, out, 0);
            writeFloat(v.get(1), half, out, half);
            return out;
        }
        switch (t.valueType().kind()) {
            case BOOL -> {
                if (v.isBoolean()) out[0] = (byte) (v.asBoolean() ? 1 : 0);
                else if (v.isIntegralNumber()) out[0] = (byte) (v.asLong() != 0 ? 1 : 0);
                else throw new Invalid("a bool fill value is true or false");
            }
            case INT, UINT -> {
                BigInteger b = v.asBigInteger();
                if (b == null && v.isNumber() && v.asDouble() == Math.rint(v.asDouble())) b = BigInteger.valueOf((long) v.asDouble());
                if (b == null) throw new Invalid("an integer fill value is a whole number, not " + v);
                int bits = t.itemSize() * 8;
                boolean signed = t.valueType().kind() == ValueType.Kind.INT;
                BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
                BigInteger max = signed ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                        : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
                if (b.compareTo(min) < 0 || b.compareTo(max) > 0) throw new Invalid(b + " does not fit " + t.label());
                writeLE(b.longValue(), out, 0, t.itemSize());
            }
            case FLOAT -> writeFloat(v, t.itemSize(), out, 0);
            case BYTES -> {
                if (v.isTextual()) {
                    byte[] raw;
                    try {
                        raw = Base64.getDecoder().decode(v.asText());
                    } catch (IllegalArgumentException e) {
                        throw new Invalid("a bytes fill value is base64 text: " + e.getMessage());
                    }
                    System.arraycopy(raw, 0, out, 0, Math.min(raw.length, out.length));
                } else if (v.isIntegralNumber() && v.asLong() == 0) {
                    return out;
                } else {
                    throw new Invalid("a bytes fill value is base64 text");
                }
            }
            default -> throw new Invalid("no fill value for " + t.label());
        }
        return out;
    }

    private static void writeFloat(Json v, int width, byte[] out, int off) throws Invalid {
        if (v == null) throw new Invalid("missing number");
        if (v.isTextual()) {
            String s = v.asText();
            if (s.startsWith("0x") || s.startsWith("0X")) {
                // v3: the float's bit pattern, big-endian hex digits
                try {
                    long bits = Long.parseUnsignedLong(s.substring(2), 16);
                    if (s.length() - 2 != width * 2) throw new Invalid(s + " is not " + width * 2 + " hex digits");
                    writeLE(bits, out, off, width);
                    return;
                } catch (NumberFormatException e) {
                    throw new Invalid(s + " is not a hex bit pattern");
                }
            }
            double d = switch (s) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw new Invalid("\"" + s + "\" is not NaN, Infinity, -Infinity or a hex bit pattern");
            };
            writeDouble(d, width, out, off);
        } else if (v.isNumber()) {
            writeDouble(v.asDouble(), width, out, off);
        } else {
            throw new Invalid("a float fill value is a number or \"NaN\"/\"Infinity\"/\"-Infinity\"");
        }
    }

    private static void writeDouble(double d, int width, byte[] out, int off) {
        long bits = switch (width) {
            case 8 -> Double.doubleToLongBits(d);
            case 4 -> Float.floatToIntBits((float) d) & 0xffffffffL;
            default -> toHalf((float) d);
        };
        writeLE(bits, out, off, width);
    }

    /** IEEE binary16 bits of {@code f}, rounded to nearest even (Java 17 has no Float.floatToFloat16). */
    static int toHalf(float f) {
        int bits = Float.floatToIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int exp = (bits >>> 23) & 0xff;
        int mant = bits & 0x7fffff;
        if (exp == 0xff) return sign | 0x7c00 | (mant != 0 ? 0x200 : 0);
        int e = exp - 127 + 15;
        if (e >= 0x1f) return sign | 0x7c00;
        if (e <= 0) {
            if (e < -10) return sign;
            mant |= 0x800000;
            int shift = 14 - e;
            int half = mant >> shift;
            int rem = mant & ((1 << shift) - 1);
            int mid = 1 << (shift - 1);
            if (rem > mid || rem == mid && (half & 1) != 0) half++;
            return sign | half;
        }
        int half = sign | e << 10 | mant >> 13;
        int rem = mant & 0x1fff;
        if (rem > 0x1000 || rem == 0x1000 && (half & 1) != 0) half++;
        return half;
    }

    static void writeLE(long v, byte[] out, int off, int width) {
        for (int i = 0; i < width; i++) out[off + i] = (byte) (v >>> (8 * i));
    }
}
