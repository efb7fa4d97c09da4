package org.packscope.codec.rds;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

/** Test helper: writes serialization streams item by item, as R's serialize() does. */
final class XdrWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static XdrWriter v3() {
        return new XdrWriter().raw("X\n").i32(3).i32(0x00040202).i32(0x00030500).i32(5).raw("UTF-8");
    }

    static XdrWriter v3(String nativeEncoding) {
        return new XdrWriter().raw("X\n").i32(3).i32(0x00040202).i32(0x00030500)
                .i32(nativeEncoding.length()).raw(nativeEncoding);
    }

    static XdrWriter v2() {
        return new XdrWriter().raw("X\n").i32(2).i32(0x00040202).i32(0x00020300);
    }

    int size() { return out.size(); }

    XdrWriter raw(String ascii) { return raw(ascii.getBytes(StandardCharsets.ISO_8859_1)); }

    XdrWriter raw(byte[] b) { out.write(b, 0, b.length); return this; }

    XdrWriter i32(int v) {
        out.write(v >>> 24); out.write(v >>> 16); out.write(v >>> 8); out.write(v);
        return this;
    }

    XdrWriter f64(double d) {
        long b = Double.doubleToRawLongBits(d);
        return i32((int) (b >>> 32)).i32((int) b);
    }

    XdrWriter flags(int type, boolean obj, boolean attr, boolean tag, int levels) {
        return i32(type | (obj ? 0x100 : 0) | (attr ? 0x200 : 0) | (tag ? 0x400 : 0) | levels << 12);
    }

    XdrWriter nil() { return i32(RFlags.NILVALUE_SXP); }

    XdrWriter chars(String s, int levels, java.nio.charset.Charset cs) {
        byte[] b = s.getBytes(cs);
        return flags(RFlags.CHARSXP, false, false, false, levels).i32(b.length).raw(b);
    }

    XdrWriter ascii(String s) { return chars(s, RFlags.ASCII_MASK, StandardCharsets.US_ASCII); }

    XdrWriter naString() { return i32(RFlags.CHARSXP).i32(-1); }

    XdrWriter sym(String name) { return i32(RFlags.SYMSXP).ascii(name); }

    XdrWriter ref(int index) { return i32(index << 8 | RFlags.REFSXP); }

    /** A tagged LISTSXP cell header; the caller writes the tag, then the value, then the rest. */
    XdrWriter cell() { return flags(RFlags.LISTSXP, false, false, true, 0); }

    XdrWriter ints(int... v) {
        i32(RFlags.INTSXP).i32(v.length);
        for (int x : v) i32(x);
        return this;
    }

    XdrWriter reals(double... v) {
        i32(RFlags.REALSXP).i32(v.length);
        for (double x : v) f64(x);
        return this;
    }

    XdrWriter strings(String... v) {
        i32(RFlags.STRSXP).i32(v.length);
        for (String s : v) if (s == null) naString(); else ascii(s);
        return this;
    }

    byte[] bytes() { return out.toByteArray(); }

    byte[] gzip() { return gzip(bytes()); }

    static byte[] gzip(byte[] data) {
        try {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (GZIPOutputStream z = new GZIPOutputStream(b)) {
                z.write(data);
            }
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
