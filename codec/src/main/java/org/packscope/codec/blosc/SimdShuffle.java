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

    /** The wide bit unshuffle: {@link #bitunshuffleWide8} where it applies, else {@link #bitunshuffleWide}. */
    static int bitunshuffleVector(int ts, int nrow, int qEnd, byte[] src, int sOff, byte[] dst, int dOff) {
        return ts == 8 && L.vectorBitSize() == 512 ? bitunshuffleWide8(nrow, qEnd, src, sOff, dst, dOff)
                : bitunshuffleWide(ts, nrow, qEnd, src, sOff, dst, dOff);
    }

    /**
     * The wide bit unshuffle of {@link Shuffle} (typesize a multiple of 8) for the first whole
     * steps of {@code 8 * lanes} bytes of every bit-row: lane l holds the 64x64 bit matrix of
     * row bytes {@code q+8l..q+8l+7}, so {@code lanes} matrices are transposed at once with
     * lane-wise block swaps (bit c of row r to bit r of row c), then stored element by
     * element. Returns the row bytes done; the scalar loop does the rest.
     * <p>
     * The six swap stages run in two passes whose rows stay in registers: the 32- and
     * 16-row swaps only mix rows k, k+16, k+32, k+48, and the 8- to 1-row swaps only rows
     * within one group of 16. Stage by stage through memory, every row went to the array and
     * back six times. Written out by hand: a loop over an array of vectors, or a helper
     * swapping two, boxes the vectors.
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
                LongVector t;
                for (int k = 0; k < 16; k++) {
                    LongVector a0 = LongVector.fromByteArray(L, src, base + k * nrow, LE);
                    LongVector a1 = LongVector.fromByteArray(L, src, base + (k + 16) * nrow, LE);
                    LongVector a2 = LongVector.fromByteArray(L, src, base + (k + 32) * nrow, LE);
                    LongVector a3 = LongVector.fromByteArray(L, src, base + (k + 48) * nrow, LE);
                        t = a0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, a2).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL);
                        a0 = a0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32)); a2 = a2.lanewise(VectorOperators.XOR, t);
                        t = a1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, a3).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL);
                        a1 = a1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32)); a3 = a3.lanewise(VectorOperators.XOR, t);
                        t = a0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, a1).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL);
                        a0 = a0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16)); a1 = a1.lanewise(VectorOperators.XOR, t);
                        t = a2.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, a3).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL);
                        a2 = a2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16)); a3 = a3.lanewise(VectorOperators.XOR, t);
                    a0.intoArray(m, k * lanes);
                    a1.intoArray(m, (k + 16) * lanes);
                    a2.intoArray(m, (k + 32) * lanes);
                    a3.intoArray(m, (k + 48) * lanes);
                }
                for (int h = 0; h < 64; h += 16) {
                        LongVector v0 = LongVector.fromArray(L, m, (h + 0) * lanes);
                        LongVector v1 = LongVector.fromArray(L, m, (h + 1) * lanes);
                        LongVector v2 = LongVector.fromArray(L, m, (h + 2) * lanes);
                        LongVector v3 = LongVector.fromArray(L, m, (h + 3) * lanes);
                        LongVector v4 = LongVector.fromArray(L, m, (h + 4) * lanes);
                        LongVector v5 = LongVector.fromArray(L, m, (h + 5) * lanes);
                        LongVector v6 = LongVector.fromArray(L, m, (h + 6) * lanes);
                        LongVector v7 = LongVector.fromArray(L, m, (h + 7) * lanes);
                        LongVector v8 = LongVector.fromArray(L, m, (h + 8) * lanes);
                        LongVector v9 = LongVector.fromArray(L, m, (h + 9) * lanes);
                        LongVector v10 = LongVector.fromArray(L, m, (h + 10) * lanes);
                        LongVector v11 = LongVector.fromArray(L, m, (h + 11) * lanes);
                        LongVector v12 = LongVector.fromArray(L, m, (h + 12) * lanes);
                        LongVector v13 = LongVector.fromArray(L, m, (h + 13) * lanes);
                        LongVector v14 = LongVector.fromArray(L, m, (h + 14) * lanes);
                        LongVector v15 = LongVector.fromArray(L, m, (h + 15) * lanes);
                        t = v0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v8).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v8 = v8.lanewise(VectorOperators.XOR, t);
                        t = v1.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v9).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v1 = v1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v9 = v9.lanewise(VectorOperators.XOR, t);
                        t = v2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v10).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v2 = v2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v10 = v10.lanewise(VectorOperators.XOR, t);
                        t = v3.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v11).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v3 = v3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v11 = v11.lanewise(VectorOperators.XOR, t);
                        t = v4.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v12).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v4 = v4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v12 = v12.lanewise(VectorOperators.XOR, t);
                        t = v5.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v13).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v5 = v5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v13 = v13.lanewise(VectorOperators.XOR, t);
                        t = v6.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v14).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v6 = v6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v14 = v14.lanewise(VectorOperators.XOR, t);
                        t = v7.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                        v7 = v7.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v15 = v15.lanewise(VectorOperators.XOR, t);
                        t = v0.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v4).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v4 = v4.lanewise(VectorOperators.XOR, t);
                        t = v1.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v5).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v1 = v1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v5 = v5.lanewise(VectorOperators.XOR, t);
                        t = v2.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v6).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v2 = v2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v6 = v6.lanewise(VectorOperators.XOR, t);
                        t = v3.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v7).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v3 = v3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v7 = v7.lanewise(VectorOperators.XOR, t);
                        t = v8.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v12).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v8 = v8.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v12 = v12.lanewise(VectorOperators.XOR, t);
                        t = v9.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v13).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v9 = v9.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v13 = v13.lanewise(VectorOperators.XOR, t);
                        t = v10.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v14).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v10 = v10.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v14 = v14.lanewise(VectorOperators.XOR, t);
                        t = v11.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                        v11 = v11.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v15 = v15.lanewise(VectorOperators.XOR, t);
                        t = v0.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v2).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v2 = v2.lanewise(VectorOperators.XOR, t);
                        t = v1.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v3).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v1 = v1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v3 = v3.lanewise(VectorOperators.XOR, t);
                        t = v4.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v6).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v4 = v4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v6 = v6.lanewise(VectorOperators.XOR, t);
                        t = v5.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v7).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v5 = v5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v7 = v7.lanewise(VectorOperators.XOR, t);
                        t = v8.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v10).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v8 = v8.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v10 = v10.lanewise(VectorOperators.XOR, t);
                        t = v9.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v11).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v9 = v9.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v11 = v11.lanewise(VectorOperators.XOR, t);
                        t = v12.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v14).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v12 = v12.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v14 = v14.lanewise(VectorOperators.XOR, t);
                        t = v13.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x3333333333333333L);
                        v13 = v13.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v15 = v15.lanewise(VectorOperators.XOR, t);
                        t = v0.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v1).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v1 = v1.lanewise(VectorOperators.XOR, t);
                        t = v2.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v3).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v2 = v2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v3 = v3.lanewise(VectorOperators.XOR, t);
                        t = v4.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v5).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v4 = v4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v5 = v5.lanewise(VectorOperators.XOR, t);
                        t = v6.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v7).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v6 = v6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v7 = v7.lanewise(VectorOperators.XOR, t);
                        t = v8.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v9).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v8 = v8.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v9 = v9.lanewise(VectorOperators.XOR, t);
                        t = v10.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v11).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v10 = v10.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v11 = v11.lanewise(VectorOperators.XOR, t);
                        t = v12.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v13).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v12 = v12.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v13 = v13.lanewise(VectorOperators.XOR, t);
                        t = v14.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x5555555555555555L);
                        v14 = v14.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v15 = v15.lanewise(VectorOperators.XOR, t);
                        v0.intoArray(m, (h + 0) * lanes);
                        v1.intoArray(m, (h + 1) * lanes);
                        v2.intoArray(m, (h + 2) * lanes);
                        v3.intoArray(m, (h + 3) * lanes);
                        v4.intoArray(m, (h + 4) * lanes);
                        v5.intoArray(m, (h + 5) * lanes);
                        v6.intoArray(m, (h + 6) * lanes);
                        v7.intoArray(m, (h + 7) * lanes);
                        v8.intoArray(m, (h + 8) * lanes);
                        v9.intoArray(m, (h + 9) * lanes);
                        v10.intoArray(m, (h + 10) * lanes);
                        v11.intoArray(m, (h + 11) * lanes);
                        v12.intoArray(m, (h + 12) * lanes);
                        v13.intoArray(m, (h + 13) * lanes);
                        v14.intoArray(m, (h + 14) * lanes);
                        v15.intoArray(m, (h + 15) * lanes);
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

    /**
     * {@link #bitunshuffleWide} for typesize 8 with 512-bit vectors (i64 and f64): after the
     * second pass, rows {@code h..h+7} of the eight matrices hold, lane by lane, eight
     * consecutive elements of eight places in the output; an 8x8 transpose of those longs (as
     * in {@link #unshuffle8Blend}) makes each a vector stored whole, instead of 64 longs
     * through an array and 64 scalar stores. With the two passes, this took the i64
     * zstd+bitshuffle chunk from 3.4-3.5 ms to 2.4 ms, c-blosc2's figure (-O3 -march=native).
     * A method of its own: folded into {@link #bitunshuffleWide} behind a flag, the one
     * method grew past what C2 compiles well, and a test JVM kept it slower than scalar.
     */
    static int bitunshuffleWide8(int nrow, int qEnd, byte[] src, int sOff, byte[] dst, int dOff) {
        VectorSpecies<Long> sp = LongVector.SPECIES_512;
        VectorShuffle<Long> x1 = X1.toVector().toShuffle(), x2 = X2.toVector().toShuffle(), x4 = X4.toVector().toShuffle();
        VectorMask<Long> m1 = M1.and(M1), m2 = M2.and(M2), m4 = M4.and(M4);
        int done = qEnd - qEnd % 64;
        long[] m = new long[64 * 8];
        for (int q = 0; q < done; q += 64) {
            int base = sOff + q;
            LongVector t, a, b;
            for (int k = 0; k < 16; k++) {
                LongVector a0 = LongVector.fromByteArray(sp, src, base + k * nrow, LE);
                LongVector a1 = LongVector.fromByteArray(sp, src, base + (k + 16) * nrow, LE);
                LongVector a2 = LongVector.fromByteArray(sp, src, base + (k + 32) * nrow, LE);
                LongVector a3 = LongVector.fromByteArray(sp, src, base + (k + 48) * nrow, LE);
                t = a0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, a2).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL);
                a0 = a0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32)); a2 = a2.lanewise(VectorOperators.XOR, t);
                t = a1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, a3).lanewise(VectorOperators.AND, 0x00000000FFFFFFFFL);
                a1 = a1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32)); a3 = a3.lanewise(VectorOperators.XOR, t);
                t = a0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, a1).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL);
                a0 = a0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16)); a1 = a1.lanewise(VectorOperators.XOR, t);
                t = a2.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, a3).lanewise(VectorOperators.AND, 0x0000FFFF0000FFFFL);
                a2 = a2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16)); a3 = a3.lanewise(VectorOperators.XOR, t);
                a0.intoArray(m, k * 8);
                a1.intoArray(m, (k + 16) * 8);
                a2.intoArray(m, (k + 32) * 8);
                a3.intoArray(m, (k + 48) * 8);
            }
            for (int h = 0; h < 64; h += 16) {
                LongVector v0 = LongVector.fromArray(sp, m, (h + 0) * 8);
                LongVector v1 = LongVector.fromArray(sp, m, (h + 1) * 8);
                LongVector v2 = LongVector.fromArray(sp, m, (h + 2) * 8);
                LongVector v3 = LongVector.fromArray(sp, m, (h + 3) * 8);
                LongVector v4 = LongVector.fromArray(sp, m, (h + 4) * 8);
                LongVector v5 = LongVector.fromArray(sp, m, (h + 5) * 8);
                LongVector v6 = LongVector.fromArray(sp, m, (h + 6) * 8);
                LongVector v7 = LongVector.fromArray(sp, m, (h + 7) * 8);
                LongVector v8 = LongVector.fromArray(sp, m, (h + 8) * 8);
                LongVector v9 = LongVector.fromArray(sp, m, (h + 9) * 8);
                LongVector v10 = LongVector.fromArray(sp, m, (h + 10) * 8);
                LongVector v11 = LongVector.fromArray(sp, m, (h + 11) * 8);
                LongVector v12 = LongVector.fromArray(sp, m, (h + 12) * 8);
                LongVector v13 = LongVector.fromArray(sp, m, (h + 13) * 8);
                LongVector v14 = LongVector.fromArray(sp, m, (h + 14) * 8);
                LongVector v15 = LongVector.fromArray(sp, m, (h + 15) * 8);
                t = v0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v8).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v8 = v8.lanewise(VectorOperators.XOR, t);
                t = v1.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v9).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v1 = v1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v9 = v9.lanewise(VectorOperators.XOR, t);
                t = v2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v10).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v2 = v2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v10 = v10.lanewise(VectorOperators.XOR, t);
                t = v3.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v11).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v3 = v3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v11 = v11.lanewise(VectorOperators.XOR, t);
                t = v4.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v12).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v4 = v4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v12 = v12.lanewise(VectorOperators.XOR, t);
                t = v5.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v13).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v5 = v5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v13 = v13.lanewise(VectorOperators.XOR, t);
                t = v6.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v14).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v6 = v6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v14 = v14.lanewise(VectorOperators.XOR, t);
                t = v7.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x00FF00FF00FF00FFL);
                v7 = v7.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8)); v15 = v15.lanewise(VectorOperators.XOR, t);
                t = v0.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v4).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v4 = v4.lanewise(VectorOperators.XOR, t);
                t = v1.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v5).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v1 = v1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v5 = v5.lanewise(VectorOperators.XOR, t);
                t = v2.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v6).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v2 = v2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v6 = v6.lanewise(VectorOperators.XOR, t);
                t = v3.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v7).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v3 = v3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v7 = v7.lanewise(VectorOperators.XOR, t);
                t = v8.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v12).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v8 = v8.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v12 = v12.lanewise(VectorOperators.XOR, t);
                t = v9.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v13).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v9 = v9.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v13 = v13.lanewise(VectorOperators.XOR, t);
                t = v10.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v14).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v10 = v10.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v14 = v14.lanewise(VectorOperators.XOR, t);
                t = v11.lanewise(VectorOperators.LSHR, 4).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x0F0F0F0F0F0F0F0FL);
                v11 = v11.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 4)); v15 = v15.lanewise(VectorOperators.XOR, t);
                t = v0.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v2).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v2 = v2.lanewise(VectorOperators.XOR, t);
                t = v1.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v3).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v1 = v1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v3 = v3.lanewise(VectorOperators.XOR, t);
                t = v4.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v6).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v4 = v4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v6 = v6.lanewise(VectorOperators.XOR, t);
                t = v5.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v7).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v5 = v5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v7 = v7.lanewise(VectorOperators.XOR, t);
                t = v8.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v10).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v8 = v8.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v10 = v10.lanewise(VectorOperators.XOR, t);
                t = v9.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v11).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v9 = v9.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v11 = v11.lanewise(VectorOperators.XOR, t);
                t = v12.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v14).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v12 = v12.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v14 = v14.lanewise(VectorOperators.XOR, t);
                t = v13.lanewise(VectorOperators.LSHR, 2).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x3333333333333333L);
                v13 = v13.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 2)); v15 = v15.lanewise(VectorOperators.XOR, t);
                t = v0.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v1).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v0 = v0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v1 = v1.lanewise(VectorOperators.XOR, t);
                t = v2.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v3).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v2 = v2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v3 = v3.lanewise(VectorOperators.XOR, t);
                t = v4.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v5).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v4 = v4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v5 = v5.lanewise(VectorOperators.XOR, t);
                t = v6.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v7).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v6 = v6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v7 = v7.lanewise(VectorOperators.XOR, t);
                t = v8.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v9).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v8 = v8.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v9 = v9.lanewise(VectorOperators.XOR, t);
                t = v10.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v11).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v10 = v10.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v11 = v11.lanewise(VectorOperators.XOR, t);
                t = v12.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v13).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v12 = v12.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v13 = v13.lanewise(VectorOperators.XOR, t);
                t = v14.lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.XOR, v15).lanewise(VectorOperators.AND, 0x5555555555555555L);
                v14 = v14.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 1)); v15 = v15.lanewise(VectorOperators.XOR, t);
                a = v0.blend(v1.rearrange(x1), m1); b = v0.rearrange(x1).blend(v1, m1); v0 = a; v1 = b;
                a = v2.blend(v3.rearrange(x1), m1); b = v2.rearrange(x1).blend(v3, m1); v2 = a; v3 = b;
                a = v4.blend(v5.rearrange(x1), m1); b = v4.rearrange(x1).blend(v5, m1); v4 = a; v5 = b;
                a = v6.blend(v7.rearrange(x1), m1); b = v6.rearrange(x1).blend(v7, m1); v6 = a; v7 = b;
                a = v0.blend(v2.rearrange(x2), m2); b = v0.rearrange(x2).blend(v2, m2); v0 = a; v2 = b;
                a = v1.blend(v3.rearrange(x2), m2); b = v1.rearrange(x2).blend(v3, m2); v1 = a; v3 = b;
                a = v4.blend(v6.rearrange(x2), m2); b = v4.rearrange(x2).blend(v6, m2); v4 = a; v6 = b;
                a = v5.blend(v7.rearrange(x2), m2); b = v5.rearrange(x2).blend(v7, m2); v5 = a; v7 = b;
                a = v0.blend(v4.rearrange(x4), m4); b = v0.rearrange(x4).blend(v4, m4); v0 = a; v4 = b;
                a = v1.blend(v5.rearrange(x4), m4); b = v1.rearrange(x4).blend(v5, m4); v1 = a; v5 = b;
                a = v2.blend(v6.rearrange(x4), m4); b = v2.rearrange(x4).blend(v6, m4); v2 = a; v6 = b;
                a = v3.blend(v7.rearrange(x4), m4); b = v3.rearrange(x4).blend(v7, m4); v3 = a; v7 = b;
                a = v8.blend(v9.rearrange(x1), m1); b = v8.rearrange(x1).blend(v9, m1); v8 = a; v9 = b;
                a = v10.blend(v11.rearrange(x1), m1); b = v10.rearrange(x1).blend(v11, m1); v10 = a; v11 = b;
                a = v12.blend(v13.rearrange(x1), m1); b = v12.rearrange(x1).blend(v13, m1); v12 = a; v13 = b;
                a = v14.blend(v15.rearrange(x1), m1); b = v14.rearrange(x1).blend(v15, m1); v14 = a; v15 = b;
                a = v8.blend(v10.rearrange(x2), m2); b = v8.rearrange(x2).blend(v10, m2); v8 = a; v10 = b;
                a = v9.blend(v11.rearrange(x2), m2); b = v9.rearrange(x2).blend(v11, m2); v9 = a; v11 = b;
                a = v12.blend(v14.rearrange(x2), m2); b = v12.rearrange(x2).blend(v14, m2); v12 = a; v14 = b;
                a = v13.blend(v15.rearrange(x2), m2); b = v13.rearrange(x2).blend(v15, m2); v13 = a; v15 = b;
                a = v8.blend(v12.rearrange(x4), m4); b = v8.rearrange(x4).blend(v12, m4); v8 = a; v12 = b;
                a = v9.blend(v13.rearrange(x4), m4); b = v9.rearrange(x4).blend(v13, m4); v9 = a; v13 = b;
                a = v10.blend(v14.rearrange(x4), m4); b = v10.rearrange(x4).blend(v14, m4); v10 = a; v14 = b;
                a = v11.blend(v15.rearrange(x4), m4); b = v11.rearrange(x4).blend(v15, m4); v11 = a; v15 = b;
                // v_l (v_8+l) now holds elements h..h+7 (h+8..h+15) of matrix l
                int o = dOff + 64 * q + 8 * h;
                v0.intoByteArray(dst, o + 0, LE);
                v1.intoByteArray(dst, o + 512, LE);
                v2.intoByteArray(dst, o + 1024, LE);
                v3.intoByteArray(dst, o + 1536, LE);
                v4.intoByteArray(dst, o + 2048, LE);
                v5.intoByteArray(dst, o + 2560, LE);
                v6.intoByteArray(dst, o + 3072, LE);
                v7.intoByteArray(dst, o + 3584, LE);
                v8.intoByteArray(dst, o + 0 + 64, LE);
                v9.intoByteArray(dst, o + 512 + 64, LE);
                v10.intoByteArray(dst, o + 1024 + 64, LE);
                v11.intoByteArray(dst, o + 1536 + 64, LE);
                v12.intoByteArray(dst, o + 2048 + 64, LE);
                v13.intoByteArray(dst, o + 2560 + 64, LE);
                v14.intoByteArray(dst, o + 3072 + 64, LE);
                v15.intoByteArray(dst, o + 3584 + 64, LE);
            }
        }
        return done;
    }
}
