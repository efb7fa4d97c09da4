package org.packscope.codec.hdf5.layout;

import org.packscope.codec.io.ByteSource;

/**
 * Bob Jenkins' lookup3 {@code hashlittle} with initial value 0: the checksum HDF5 stores
 * after version 2 superblocks, version 2 object headers and every newer structure
 * (file format specification, "Appendix C: Jenkins' Lookup3 Hash Function").
 */
public final class Lookup3 {
    private Lookup3() { }

    /** The checksum of {@code length} bytes of {@code src} at {@code offset} (already checked present). */
    public static int of(ByteSource src, long offset, int length) {
        return of(src.bytes(offset, length), 0, length);
    }

    public static int of(byte[] k, int off, int length) {
        int a = 0xdeadbeef + length;
        int b = a;
        int c = a;
        int i = off;
        while (length > 12) {
            a += word(k, i);
            b += word(k, i + 4);
            c += word(k, i + 8);
            // mix
            a -= c; a ^= Integer.rotateLeft(c, 4); c += b;
            b -= a; b ^= Integer.rotateLeft(a, 6); a += c;
            c -= b; c ^= Integer.rotateLeft(b, 8); b += a;
            a -= c; a ^= Integer.rotateLeft(c, 16); c += b;
            b -= a; b ^= Integer.rotateLeft(a, 19); a += c;
            c -= b; c ^= Integer.rotateLeft(b, 4); b += a;
            length -= 12;
            i += 12;
        }
        if (length == 0) return c;
        // the last 1..12 bytes, added byte by byte as the reference does
        int[] abc = {a, b, c};
        for (int j = 0; j < length; j++) abc[j / 4] += (k[i + j] & 0xff) << (8 * (j % 4));
        a = abc[0];
        b = abc[1];
        c = abc[2];
        // final
        c ^= b; c -= Integer.rotateLeft(b, 14);
        a ^= c; a -= Integer.rotateLeft(c, 11);
        b ^= a; b -= Integer.rotateLeft(a, 25);
        c ^= b; c -= Integer.rotateLeft(b, 16);
        a ^= c; a -= Integer.rotateLeft(c, 4);
        b ^= a; b -= Integer.rotateLeft(a, 14);
        c ^= b; c -= Integer.rotateLeft(b, 24);
        return c;
    }

    private static int word(byte[] k, int i) {
        return (k[i] & 0xff) | (k[i + 1] & 0xff) << 8 | (k[i + 2] & 0xff) << 16 | (k[i + 3] & 0xff) << 24;
    }
}
