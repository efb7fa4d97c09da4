package org.packscope.codec.inspect;

import org.packscope.codec.io.BitReader;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;

/** Renders the raw bits under a field's span, as people read them in a structure view. */
public final class RawBits {
    private static final int MAX_BYTES_SHOWN = 16;

    private RawBits() { }

    /**
     * Up to 16 bits (but not two whole bytes): binary, most significant bit first ("0b101"). Whole bytes: hex in
     * file order ("0a 1f 00 …"). Other widths up to 64 bits: hex of the value read LSB-first.
     */
    public static String render(ByteSource source, Span span) {
        if (source == null || span == null) return "";
        try {
            long bits = span.bitLength();
            if (bits == 0) return "";
            // short fields in binary, so single bits are visible; whole-byte runs as hex bytes
            if (bits <= 16 && !(span.isByteAligned() && bits > 8)) {
                long v = new BitReader(source, span.startBit()).readBits((int) bits);
                String s = Long.toBinaryString(v);
                return "0b" + "0".repeat((int) bits - s.length()) + s;
            }
            if (span.isByteAligned()) {
                long n = span.byteLength();
                int shown = (int) Math.min(n, MAX_BYTES_SHOWN);
                byte[] b = source.bytes(span.byteOffset(), shown);
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < shown; i++) {
                    if (i > 0) sb.append(' ');
                    sb.append(Character.forDigit((b[i] >> 4) & 0xf, 16)).append(Character.forDigit(b[i] & 0xf, 16));
                }
                if (n > shown) sb.append(" …");
                return sb.toString();
            }
            if (bits <= 64) {
                long v = new BitReader(source, span.startBit()).readBits((int) bits);
                return "0x" + Long.toHexString(v);
            }
            return bits + " bits";
        } catch (OutOfRangeException e) {
            return "(beyond the end)";
        }
    }
}
