package org.packscope.codec.inspect;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The stored type of decoded values. Numeric values travel as raw bit patterns in a
 * {@code long} (floats as their IEEE bits, f16 as its 16 bits, unsigned types
 * zero-extended) so that nothing is boxed and every value is bit-exact.
 * BYTES and UNICODE are fixed-width strings (numpy |S and &lt;U); TEXT is variable.
 */
public record ValueType(Kind kind, int byteWidth) {

    public enum Kind { BOOL, INT, UINT, FLOAT, BYTES, UNICODE, TEXT }

    public static final ValueType BOOL = new ValueType(Kind.BOOL, 1);
    public static final ValueType I8 = new ValueType(Kind.INT, 1);
    public static final ValueType U8 = new ValueType(Kind.UINT, 1);
    public static final ValueType I16 = new ValueType(Kind.INT, 2);
    public static final ValueType U16 = new ValueType(Kind.UINT, 2);
    public static final ValueType I32 = new ValueType(Kind.INT, 4);
    public static final ValueType U32 = new ValueType(Kind.UINT, 4);
    public static final ValueType I64 = new ValueType(Kind.INT, 8);
    public static final ValueType U64 = new ValueType(Kind.UINT, 8);
    public static final ValueType F16 = new ValueType(Kind.FLOAT, 2);
    public static final ValueType F32 = new ValueType(Kind.FLOAT, 4);
    public static final ValueType F64 = new ValueType(Kind.FLOAT, 8);
    public static final ValueType TEXT = new ValueType(Kind.TEXT, 0);

    public static ValueType bytes(int width) { return new ValueType(Kind.BYTES, width); }

    /** numpy &lt;U: {@code chars} UTF-32LE code points. */
    public static ValueType unicode(int chars) { return new ValueType(Kind.UNICODE, chars * 4); }

    public boolean numeric() { return kind == Kind.BOOL || kind == Kind.INT || kind == Kind.UINT || kind == Kind.FLOAT; }

    public String label() {
        return switch (kind) {
            case BOOL -> "bool";
            case INT -> "i" + byteWidth * 8;
            case UINT -> "u" + byteWidth * 8;
            case FLOAT -> "f" + byteWidth * 8;
            // in words, not numpy's codes S8 / U5, which a reader of the window need not know
            case BYTES -> byteWidth + "-byte string";
            case UNICODE -> byteWidth / 4 + "-char string";
            case TEXT -> "text";
        };
    }

    /** Normalises raw bits read from storage: sign-extends INT, masks UINT/FLOAT/BOOL. */
    public long normalize(long raw) {
        int bits = byteWidth * 8;
        if (bits >= 64 || !numeric()) return raw;
        return kind == Kind.INT ? (raw << (64 - bits)) >> (64 - bits) : raw & ((1L << bits) - 1);
    }

    public double toDouble(long raw) {
        return switch (kind) {
            case BOOL, INT -> raw;
            case UINT -> byteWidth == 8 && raw < 0 ? (double) (raw >>> 1) * 2.0 + (raw & 1) : raw;
            case FLOAT -> switch (byteWidth) {
                case 2 -> halfToDouble((int) raw);
                case 4 -> Float.intBitsToFloat((int) raw);
                default -> Double.longBitsToDouble(raw);
            };
            default -> Double.NaN;
        };
    }

    /** Text for one value; floats in the shortest form that reads back to the same bits. */
    public String format(long raw) {
        return switch (kind) {
            case BOOL -> raw != 0 ? "true" : "false";
            case INT -> Long.toString(raw);
            case UINT -> Long.toUnsignedString(raw);
            case FLOAT -> switch (byteWidth) {
                case 2 -> Float.toString((float) halfToDouble((int) raw));
                case 4 -> Float.toString(Float.intBitsToFloat((int) raw));
                default -> Double.toString(Double.longBitsToDouble(raw));
            };
            default -> "";
        };
    }

    /** Writes the value as the stored type, little-endian. */
    public void writeLE(long raw, byte[] dst, int off) {
        for (int i = 0; i < byteWidth; i++) dst[off + i] = (byte) (raw >>> (8 * i));
    }

    private static final VarHandle SHORT_LE =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Writes {@code len} values of {@code src} from {@code srcOff} as the stored type,
     * little-endian, at {@code dst[dstOff..]}: one loop per width with one store a value,
     * because an export writes every value through here (a byte loop per value was three
     * fifths of a one-shot decode of 20M numbers).
     */
    public void writeLE(long[] src, int srcOff, byte[] dst, int dstOff, int len) {
        // in slices: a page is one call, and a loop entered that seldom runs interpreted (some
        // 300 ns a store) until the JIT replaces it mid-loop, 60,000 values in; a method called
        // per slice is compiled after about a hundred calls
        for (int s = 0; s < len; s += WRITE_SLICE) {
            writeSlice(src, srcOff + s, dst, dstOff + s * byteWidth, Math.min(WRITE_SLICE, len - s));
        }
    }

    private static final int WRITE_SLICE = 64;

    private void writeSlice(long[] src, int srcOff, byte[] dst, int dstOff, int len) {
        switch (byteWidth) {
            case 1 -> { for (int i = 0; i < len; i++) dst[dstOff + i] = (byte) src[srcOff + i]; }
            case 2 -> { for (int i = 0; i < len; i++) SHORT_LE.set(dst, dstOff + 2 * i, (short) src[srcOff + i]); }
            case 4 -> { for (int i = 0; i < len; i++) INT_LE.set(dst, dstOff + 4 * i, (int) src[srcOff + i]); }
            case 8 -> { for (int i = 0; i < len; i++) LONG_LE.set(dst, dstOff + 8 * i, src[srcOff + i]); }
            default -> { for (int i = 0; i < len; i++) writeLE(src[srcOff + i], dst, dstOff + i * byteWidth); }
        }
    }

    /**
     * Reads {@code len} little-endian values of the stored type at {@code src[srcOff..]} into
     * {@code dst[dstOff..]} as raw bits, normalised as {@link #normalize} does: the inverse of
     * {@link #writeLE(long[], int, byte[], int, int)}, one loop per width in the same slices,
     * eight-byte values one bulk copy.
     * A store column's pages come through here (a byte loop per value was three quarters of
     * a paged read of a Blosc Zarr array).
     */
    public void readLE(byte[] src, int srcOff, long[] dst, int dstOff, int len) {
        if (byteWidth == 8) {
            // eight bytes are the raw bits as they are: one bulk copy (a loop ran at a third of its speed)
            ByteBuffer.wrap(src, srcOff, len * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(dst, dstOff, len);
            return;
        }
        for (int s = 0; s < len; s += WRITE_SLICE) {
            readSlice(src, srcOff + s * byteWidth, dst, dstOff + s, Math.min(WRITE_SLICE, len - s));
        }
    }

    private void readSlice(byte[] src, int srcOff, long[] dst, int dstOff, int len) {
        boolean signed = kind == Kind.INT;
        switch (byteWidth) {
            case 1 -> {
                if (signed) for (int i = 0; i < len; i++) dst[dstOff + i] = src[srcOff + i];
                else for (int i = 0; i < len; i++) dst[dstOff + i] = src[srcOff + i] & 0xffL;
            }
            case 2 -> {
                if (signed) for (int i = 0; i < len; i++) dst[dstOff + i] = (short) SHORT_LE.get(src, srcOff + 2 * i);
                else for (int i = 0; i < len; i++) dst[dstOff + i] = (short) SHORT_LE.get(src, srcOff + 2 * i) & 0xffffL;
            }
            case 4 -> {
                if (signed) for (int i = 0; i < len; i++) dst[dstOff + i] = (int) INT_LE.get(src, srcOff + 4 * i);
                else for (int i = 0; i < len; i++) dst[dstOff + i] = (int) INT_LE.get(src, srcOff + 4 * i) & 0xffffffffL;
            }
            default -> {
                for (int i = 0, p = srcOff; i < len; i++, p += byteWidth) {
                    long v = 0;
                    for (int k = byteWidth - 1; k >= 0; k--) v = v << 8 | (src[p + k] & 0xff);
                    dst[dstOff + i] = normalize(v);
                }
            }
        }
    }

    /** Text of a fixed-width string value, trailing NULs removed as numpy does. */
    public String formatBytes(byte[] b, int off) {
        if (kind == Kind.UNICODE) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i + 4 <= byteWidth; i += 4) {
                int cp = (b[off + i] & 0xff) | (b[off + i + 1] & 0xff) << 8 | (b[off + i + 2] & 0xff) << 16 | (b[off + i + 3] & 0xff) << 24;
                if (cp == 0) break;
                if (Character.isValidCodePoint(cp)) sb.appendCodePoint(cp); else sb.append('\uFFFD');
            }
            return sb.toString();
        }
        int end = off + byteWidth;
        while (end > off && b[end - 1] == 0) end--;
        return new String(b, off, end - off, StandardCharsets.ISO_8859_1);
    }

    public static double halfToDouble(int h) {
        int sign = (h >>> 15) & 1, exp = (h >>> 10) & 0x1f, mant = h & 0x3ff;
        double v;
        if (exp == 0) v = mant * 0x1p-24;
        else if (exp == 31) v = mant == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        else v = (1 + mant / 1024.0) * Math.pow(2, exp - 15);
        return sign == 1 ? -v : v;
    }
}
