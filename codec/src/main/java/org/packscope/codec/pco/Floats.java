package org.packscope.codec.pco;

import org.packscope.codec.inspect.ValueType;

/** Float helpers for the three float widths, f16 included, working on raw bits. */
final class Floats {
    private Floats() { }

    static double toDouble(NumberType t, long raw) {
        return switch (t) {
            case F16 -> ValueType.halfToDouble((int) raw & 0xffff);
            case F32 -> Float.intBitsToFloat((int) raw);
            case F64 -> Double.longBitsToDouble(raw);
            default -> t.valueType.toDouble(raw);
        };
    }

    static String describe(NumberType t, long raw) { return t.valueType.format(raw); }

    static float halfToFloat(int h) {
        int sign = (h & 0x8000) << 16;
        int exp = (h >>> 10) & 0x1f;
        int mant = h & 0x3ff;
        if (exp == 0x1f) return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13));
        if (exp == 0) {
            float v = mant * 0x1p-24f;
            return sign != 0 ? -v : v;
        }
        return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
    }

    /** Round-to-nearest-even conversion of a float to half bits. */
    static int floatToHalf(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int exp = (bits >>> 23) & 0xff;
        int mant = bits & 0x7fffff;
        if (exp == 0xff) return sign | 0x7c00 | (mant != 0 ? 0x200 | (mant >>> 13) : 0);
        int e = exp - 127 + 15;
        if (e >= 0x1f) return sign | 0x7c00;
        if (e <= 0) {
            if (e < -10) return sign;
            int m = mant | 0x800000;
            int shift = 14 - e;
            int half = m >>> shift;
            int rem = m & ((1 << shift) - 1);
            int mid = 1 << (shift - 1);
            if (rem > mid || (rem == mid && (half & 1) != 0)) half++;
            return sign | half;
        }
        int half = (e << 10) | (mant >>> 13);
        int rem = mant & 0x1fff;
        if (rem > 0x1000 || (rem == 0x1000 && (half & 1) != 0)) half++;
        return sign | half;
    }

    /**
     * FloatMult join: int_float_from_latent(mult) * base in the type's own precision,
     * then the secondary latent moves it by (adj + MID) ULPs in ordered-latent space.
     */
    static long floatMultLatent(NumberType t, long baseRaw, long multLatent, long adj) {
        long mask = t.mask();
        long mid = t.mid();
        long l = multLatent & mask;
        boolean negative = Long.compareUnsigned(l, mid) < 0;
        long absInt = negative ? mid - 1 - l : l - mid;
        long productRaw;
        switch (t) {
            case F64 -> {
                long gpi = 1L << 53;
                double abs = Long.compareUnsigned(absInt, gpi) < 0 ? (double) absInt
                        : Double.longBitsToDouble(Double.doubleToRawLongBits(0x1p53) + (absInt - gpi));
                double v = negative ? -abs : abs;
                productRaw = Double.doubleToRawLongBits(v * Double.longBitsToDouble(baseRaw));
            }
            case F32 -> {
                long gpi = 1L << 24;
                float abs = absInt < gpi ? (float) absInt
                        : Float.intBitsToFloat((int) (Float.floatToRawIntBits(0x1p24f) + (absInt - gpi)));
                float v = negative ? -abs : abs;
                productRaw = Float.floatToRawIntBits(v * Float.intBitsToFloat((int) baseRaw)) & 0xffffffffL;
            }
            default -> {
                long gpi = 1L << 11;
                int absBits = absInt < gpi ? floatToHalf((float) absInt) : (int) (floatToHalf(2048f) + (absInt - gpi)) & 0xffff;
                int vBits = negative ? absBits ^ 0x8000 : absBits;
                float p = halfToFloat(vBits) * halfToFloat((int) baseRaw & 0xffff);
                productRaw = floatToHalf(p) & 0xffff;
            }
        }
        return (t.toLatent(productRaw) + adj + mid) & mask;
    }
}
