package org.packscope.codec.blosc;

import java.nio.ByteOrder;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.packscope.codec.compress.VectorPaths;

/**
 * Byte unshuffle of 8-byte element groups with the Vector API: the same 8x8 byte transpose
 * as {@link Shuffle}'s scalar loop, done lane-wise on {@code lanes} groups of 8 elements at
 * once. Only touched after {@link Simd#enabled()} said yes (the class needs the incubator
 * module). A two-vector rearrange to put the elements in order was 3x slower than the scalar
 * loop on JDK 17, so the transposed vectors go through a small array and are stored as longs;
 * with 512-bit vectors and typesize 8, a byte permute within each vector puts the lane-wise
 * transposes' results in order instead ({@link #unshuffle8Permute}), or without AVX-512
 * VBMI a transpose of longs by permutes and blends ({@link #unshuffle8Blend}).
 * Everything stays in this one method: a helper returning a vector, or a store through another
 * class's VarHandle, halved the speed (vectors boxed across a call the JIT did not inline).
 * Measured on 256 KiB blocks, AVX-512: 12.6 GB/s against 5.0 GB/s for the scalar loop.
 */
final class SimdShuffle {
    private static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final java.lang.invoke.VarHandle LONG = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, LE);

    private SimdShuffle() { }

    static boolean wideEnough() { return L.length() >= 4; }

    static int bits() { return L.vectorBitSize(); }

    /**
     * Streams g..g+7 (each {@code n} bytes from {@code s}) into bytes g..g+7 of elements
     * {@code 0..}, for as many whole steps of {@code 8 * lanes} elements as fit in
     * {@code end}; returns the elements done (the scalar loop does the rest).
     */
    static int unshuffle8Rows(byte[] src, int s, int n, int end, byte[] dst, int d, int stride) {
        if (L.length() == 8 && stride == 8) {
            return VectorPaths.bytePermutes() ? unshuffle8Permute(src, s, n, end, dst, d) : unshuffle8Blend(src, s, n, end, dst, d);
        }
        int lanes = L.length();
        int step = 8 * lanes;
        long[] tm = new long[step];
        int i = 0;
        for (; i + step <= end; i += step) {
            LongVector r0 = LongVector.fromByteArray(L, src, s + i, LE);
            LongVector r1 = LongVector.fromByteArray(L, src, s + n + i, LE);
            LongVector r2 = LongVector.fromByteArray(L, src, s + 2 * n + i, LE);
            LongVector r3 = LongVector.fromByteArray(L, src, s + 3 * n + i, LE);
            LongVector r4 = LongVector.fromByteArray(L, src, s + 4 * n + i, LE);
            LongVector r5 = LongVector.fromByteArray(L, src, s + 5 * n + i, LE);
            LongVector r6 = LongVector.fromByteArray(L, src, s + 6 * n + i, LE);
            LongVector r7 = LongVector.fromByteArray(L, src, s + 7 * n + i, LE);
            LongVector t;
            // swap 1-byte, then 2-byte, then 4-byte sub-blocks: ((a >>> sh) ^ b) & m, as in Shuffle.unshuffle8Rows
            t = r0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r1).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r1 = r1.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r3 = r3.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r4.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r5).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r5 = r5.lanewise(VectorOperators.XOR, t); r4 = r4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r6.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r7 = r7.lanewise(VectorOperators.XOR, t); r6 = r6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r2).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r2 = r2.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r1.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r3 = r3.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r4.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r6).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r6 = r6.lanewise(VectorOperators.XOR, t); r4 = r4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r5.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r7 = r7.lanewise(VectorOperators.XOR, t); r5 = r5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r4).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r4 = r4.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r5).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r5 = r5.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r2.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r6).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r6 = r6.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r3.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r7 = r7.lanewise(VectorOperators.XOR, t); r3 = r3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            // lane l of r_k is element i + 8l + k
            r0.intoArray(tm, 0);
            r1.intoArray(tm, lanes);
            r2.intoArray(tm, 2 * lanes);
            r3.intoArray(tm, 3 * lanes);
            r4.intoArray(tm, 4 * lanes);
            r5.intoArray(tm, 5 * lanes);
            r6.intoArray(tm, 6 * lanes);
            r7.intoArray(tm, 7 * lanes);
            int o = d + i * stride;
            for (int l = 0; l < lanes; l++, o += 8 * stride) {
                LONG.set(dst, o, tm[l]);
                LONG.set(dst, o + stride, tm[lanes + l]);
                LONG.set(dst, o + 2 * stride, tm[2 * lanes + l]);
                LONG.set(dst, o + 3 * stride, tm[3 * lanes + l]);
                LONG.set(dst, o + 4 * stride, tm[4 * lanes + l]);
                LONG.set(dst, o + 5 * stride, tm[5 * lanes + l]);
                LONG.set(dst, o + 6 * stride, tm[6 * lanes + l]);
                LONG.set(dst, o + 7 * stride, tm[7 * lanes + l]);
            }
        }
        return i;
    }

    // lane l of a 512-bit long vector and lane l ^ 1, ^ 2, ^ 4
    private static final VectorShuffle<Long> X1 = VectorShuffle.fromOp(LongVector.SPECIES_512, l -> l ^ 1);
    private static final VectorShuffle<Long> X2 = VectorShuffle.fromOp(LongVector.SPECIES_512, l -> l ^ 2);
    private static final VectorShuffle<Long> X4 = VectorShuffle.fromOp(LongVector.SPECIES_512, l -> l ^ 4);
    // the lanes whose index has bit 0, 1, 2 set
    private static final VectorMask<Long> M1 = VectorMask.fromLong(LongVector.SPECIES_512, 0b10101010);
    private static final VectorMask<Long> M2 = VectorMask.fromLong(LongVector.SPECIES_512, 0b11001100);
    private static final VectorMask<Long> M4 = VectorMask.fromLong(LongVector.SPECIES_512, 0b11110000);

    /**
     * The 512-bit form for typesize 8 without byte permutes (AVX-512 without VBMI): the
     * lane-wise byte transposes of the general loop leave element 8l+k in lane l of vector k;
     * an 8x8 transpose of those longs (three rounds of lane swaps between vector pairs, each a
     * one-vector permute and a blend) brings elements 8l..8l+7 into vector l, in order. This
     * replaces the general loop's trip through an array and 64 scalar stores.
     */
    static int unshuffle8Blend(byte[] src, int s, int n, int end, byte[] dst, int d) {
        VectorSpecies<Long> sp = LongVector.SPECIES_512;
        // the shuffles and masks in locals made from the constants: used straight from the
        // static finals, each use reloaded them inside the loop (a quarter slower)
        VectorShuffle<Long> x1 = X1.toVector().toShuffle(), x2 = X2.toVector().toShuffle(), x4 = X4.toVector().toShuffle();
        VectorMask<Long> m1 = M1.and(M1), m2 = M2.and(M2), m4 = M4.and(M4);
        int i = 0;
        for (; i + 64 <= end; i += 64) {
            LongVector r0 = LongVector.fromByteArray(sp, src, s + i, LE);
            LongVector r1 = LongVector.fromByteArray(sp, src, s + n + i, LE);
            LongVector r2 = LongVector.fromByteArray(sp, src, s + 2 * n + i, LE);
            LongVector r3 = LongVector.fromByteArray(sp, src, s + 3 * n + i, LE);
            LongVector r4 = LongVector.fromByteArray(sp, src, s + 4 * n + i, LE);
            LongVector r5 = LongVector.fromByteArray(sp, src, s + 5 * n + i, LE);
            LongVector r6 = LongVector.fromByteArray(sp, src, s + 6 * n + i, LE);
            LongVector r7 = LongVector.fromByteArray(sp, src, s + 7 * n + i, LE);
            LongVector t;
            t = r0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r1).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r1 = r1.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r3 = r3.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r4.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r5).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r5 = r5.lanewise(VectorOperators.XOR, t); r4 = r4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r6.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r7 = r7.lanewise(VectorOperators.XOR, t); r6 = r6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r2).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r2 = r2.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r1.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r3 = r3.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r4.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r6).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r6 = r6.lanewise(VectorOperators.XOR, t); r4 = r4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r5.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r7 = r7.lanewise(VectorOperators.XOR, t); r5 = r5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r4).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r4 = r4.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r5).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r5 = r5.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r2.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r6).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r6 = r6.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r3.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r7 = r7.lanewise(VectorOperators.XOR, t); r3 = r3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            LongVector a, b;
            // swap bit 0 of the vector index with bit 0 of the lane index, then bits 1, then bits 2
            a = r0.blend(r1.rearrange(x1), m1); b = r0.rearrange(x1).blend(r1, m1); r0 = a; r1 = b;
            a = r2.blend(r3.rearrange(x1), m1); b = r2.rearrange(x1).blend(r3, m1); r2 = a; r3 = b;
            a = r4.blend(r5.rearrange(x1), m1); b = r4.rearrange(x1).blend(r5, m1); r4 = a; r5 = b;
            a = r6.blend(r7.rearrange(x1), m1); b = r6.rearrange(x1).blend(r7, m1); r6 = a; r7 = b;
            a = r0.blend(r2.rearrange(x2), m2); b = r0.rearrange(x2).blend(r2, m2); r0 = a; r2 = b;
            a = r1.blend(r3.rearrange(x2), m2); b = r1.rearrange(x2).blend(r3, m2); r1 = a; r3 = b;
            a = r4.blend(r6.rearrange(x2), m2); b = r4.rearrange(x2).blend(r6, m2); r4 = a; r6 = b;
            a = r5.blend(r7.rearrange(x2), m2); b = r5.rearrange(x2).blend(r7, m2); r5 = a; r7 = b;
            a = r0.blend(r4.rearrange(x4), m4); b = r0.rearrange(x4).blend(r4, m4); r0 = a; r4 = b;
            a = r1.blend(r5.rearrange(x4), m4); b = r1.rearrange(x4).blend(r5, m4); r1 = a; r5 = b;
            a = r2.blend(r6.rearrange(x4), m4); b = r2.rearrange(x4).blend(r6, m4); r2 = a; r6 = b;
            a = r3.blend(r7.rearrange(x4), m4); b = r3.rearrange(x4).blend(r7, m4); r3 = a; r7 = b;
            int o = d + 8 * i;
            // r_l holds elements 8l..8l+7
            r0.intoByteArray(dst, o, LE);
            r1.intoByteArray(dst, o + 64, LE);
            r2.intoByteArray(dst, o + 128, LE);
            r3.intoByteArray(dst, o + 192, LE);
            r4.intoByteArray(dst, o + 256, LE);
            r5.intoByteArray(dst, o + 320, LE);
            r6.intoByteArray(dst, o + 384, LE);
            r7.intoByteArray(dst, o + 448, LE);
        }
        return i;
    }

    /** Byte {@code 8e + l} of the result is byte {@code 8l + e} of the source: the 8x8 byte transpose within 64 bytes. */
    private static final VectorShuffle<Byte> LANES_BYTES = VectorShuffle.fromOp(ByteVector.SPECIES_512, p -> (p & 7) << 3 | p >>> 3);

    /**
     * The 512-bit form for typesize 8: 64 elements per step, stored as whole vectors, with
     * no value crossing between vectors other than by the lane-wise byte transposes. Vector
     * j is stream j's bytes of elements {@code i..i+63}: lane l, byte e holds element
     * 8l+e. A byte permute (VPERMB) within each vector trades lanes and bytes (lane e,
     * byte l); the lane-wise transposes of the general loop then trade the vector index with
     * the byte index, leaving in vector l, lane e, byte j byte j of element 8l+e: vector l
     * is elements 8l..8l+7 in order. That is about half the instructions of the 8x8 long
     * transpose (permutes and blends) after the lane-wise step that this replaced: 0.55 ms
     * against 0.81 ms to unshuffle 16 MiB in 1 MiB blocks on Zen 4. The byte permute needs
     * AVX-512 VBMI to be one instruction ({@link VectorPaths#bytePermutes}).
     */
    static int unshuffle8Permute(byte[] src, int s, int n, int end, byte[] dst, int d) {
        VectorSpecies<Byte> sp = ByteVector.SPECIES_512;
        VectorShuffle<Byte> tr = LANES_BYTES;
        int i = 0;
        for (; i + 64 <= end; i += 64) {
            LongVector r0 = ByteVector.fromArray(sp, src, s + i).rearrange(tr).reinterpretAsLongs();
            LongVector r1 = ByteVector.fromArray(sp, src, s + n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r2 = ByteVector.fromArray(sp, src, s + 2 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r3 = ByteVector.fromArray(sp, src, s + 3 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r4 = ByteVector.fromArray(sp, src, s + 4 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r5 = ByteVector.fromArray(sp, src, s + 5 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r6 = ByteVector.fromArray(sp, src, s + 6 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r7 = ByteVector.fromArray(sp, src, s + 7 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector t;
            t = r0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r1).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r1 = r1.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r3 = r3.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r4.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r5).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r5 = r5.lanewise(VectorOperators.XOR, t); r4 = r4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r6.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r7 = r7.lanewise(VectorOperators.XOR, t); r6 = r6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r2).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r2 = r2.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r1.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r3 = r3.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r4.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r6).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r6 = r6.lanewise(VectorOperators.XOR, t); r4 = r4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r5.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r7 = r7.lanewise(VectorOperators.XOR, t); r5 = r5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r4).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r4 = r4.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r5).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r5 = r5.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r2.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r6).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r6 = r6.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            t = r3.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, r7).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL); r7 = r7.lanewise(VectorOperators.XOR, t); r3 = r3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
            int o = d + 8 * i;
            // r_l holds elements 8l..8l+7
            r0.intoByteArray(dst, o, LE);
            r1.intoByteArray(dst, o + 64, LE);
            r2.intoByteArray(dst, o + 128, LE);
            r3.intoByteArray(dst, o + 192, LE);
            r4.intoByteArray(dst, o + 256, LE);
            r5.intoByteArray(dst, o + 320, LE);
            r6.intoByteArray(dst, o + 384, LE);
            r7.intoByteArray(dst, o + 448, LE);
        }
        return i;
    }

    /**
     * {@link #unshuffle8Permute} when streams 4-7 each hold one value: {@code high} is the
     * upper four bytes of every element (byte 4 in its low byte), streams 0-3 at {@code s},
     * {@code n} bytes apart, the lower four. After the byte permute and the first two rounds
     * of lane-wise transposes, lane e of vector k holds the lower halves of elements 8k+e
     * and 8(k+4)+e; each becomes a whole element by one OR with the upper half. Integers
     * below 2^32 stored in 8 bytes are shuffled like this; about half the work of the full
     * transpose, and the upper streams need not be decoded at all.
     */
    static int unshuffle8Low4(byte[] src, int s, int n, int end, byte[] dst, int d, long high) {
        VectorSpecies<Byte> sp = ByteVector.SPECIES_512;
        VectorShuffle<Byte> tr = LANES_BYTES;
        long h = high << 32;
        int i = 0;
        for (; i + 64 <= end; i += 64) {
            LongVector r0 = ByteVector.fromArray(sp, src, s + i).rearrange(tr).reinterpretAsLongs();
            LongVector r1 = ByteVector.fromArray(sp, src, s + n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r2 = ByteVector.fromArray(sp, src, s + 2 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector r3 = ByteVector.fromArray(sp, src, s + 3 * n + i).rearrange(tr).reinterpretAsLongs();
            LongVector t;
            t = r0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r1).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r1 = r1.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL); r3 = r3.lanewise(VectorOperators.XOR, t); r2 = r2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
            t = r0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r2).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r2 = r2.lanewise(VectorOperators.XOR, t); r0 = r0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            t = r1.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, r3).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL); r3 = r3.lanewise(VectorOperators.XOR, t); r1 = r1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
            int o = d + 8 * i;
            r0.lanewise(VectorOperators.AND, 0xFFFFFFFFL).lanewise(VectorOperators.OR, h).intoByteArray(dst, o, LE);
            r1.lanewise(VectorOperators.AND, 0xFFFFFFFFL).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 64, LE);
            r2.lanewise(VectorOperators.AND, 0xFFFFFFFFL).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 128, LE);
            r3.lanewise(VectorOperators.AND, 0xFFFFFFFFL).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 192, LE);
            r0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 256, LE);
            r1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 320, LE);
            r2.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 384, LE);
            r3.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.OR, h).intoByteArray(dst, o + 448, LE);
        }
        return i;
    }

    /**
     * The wide bit unshuffle of {@link Shuffle} (typesize a multiple of 8) for the first whole
     * steps of {@code 8 * lanes} bytes of every bit-row: lane l holds the 64x64 bit matrix of
     * row bytes {@code q+8l..q+8l+7}, so {@code lanes} matrices are transposed at once with
     * lane-wise block swaps (bit c of row r to bit r of row c), then stored element by
     * element. Returns the row bytes done; the scalar loop does the rest.
     */
    static int bitunshuffleWide(int ts, int nrow, int qEnd, byte[] src, int sOff, byte[] dst, int dOff) {
        int lanes = L.length();
        int step = 8 * lanes;
        int done = qEnd - qEnd % step;
        long[] m = new long[64 * lanes];
        for (int g = 0; g < ts; g += 8) {
            int planeBase = sOff + g * 8 * nrow;
            for (int q = 0; q < done; q += step) {
                int base = planeBase + q;
                for (int r = 0; r < 64; r++) LongVector.fromByteArray(L, src, base + r * nrow, LE).intoArray(m, r * lanes);
                for (int j = 32; j >= 1; j >>>= 1) {
                    long mask = j == 32 ? 0x00000000FFFFFFFFL : j == 16 ? 0x0000FFFF0000FFFFL : j == 8 ? 0x00FF00FF00FF00FFL
                            : j == 4 ? 0x0F0F0F0F0F0F0F0FL : j == 2 ? 0x3333333333333333L : 0x5555555555555555L;
                    for (int b = 0; b < 64; b += 2 * j) {
                        for (int k = b; k < b + j; k++) {
                            LongVector x = LongVector.fromArray(L, m, k * lanes);
                            LongVector y = LongVector.fromArray(L, m, (k + j) * lanes);
                            LongVector t = x.lanewise(VectorOperators.LSHR, j).lanewise(VectorOperators.XOR, y).lanewise(VectorOperators.AND, mask);
                            x.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, j)).intoArray(m, k * lanes);
                            y.lanewise(VectorOperators.XOR, t).intoArray(m, (k + j) * lanes);
                        }
                    }
                }
                // m[e * lanes + l] is element 8 * (q + 8l) + e's bytes g..g+7
                for (int l = 0; l < lanes; l++) {
                    int o = dOff + 8 * (q + 8 * l) * ts + g;
                    for (int e = 0; e < 64; e++) LONG.set(dst, o + e * ts, m[e * lanes + l]);
                }
            }
        }
        return done;
    }
}
