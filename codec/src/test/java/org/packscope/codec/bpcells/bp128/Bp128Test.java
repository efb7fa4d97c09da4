package org.packscope.codec.bpcells.bp128;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.PureJavaRerun;

@PureJavaRerun
class Bp128Test {

    /** Reference packer written from the layout's definition, bit by bit. */
    static int[] pack(int[] v, int bits) {
        int[] out = new int[4 * bits];
        for (int k = 0; k < 128; k++) {
            int lane = k % 4;
            long laneBit = (long) (k / 4) * bits;
            for (int b = 0; b < bits; b++) {
                long bit = laneBit + b;
                int word = lane + 4 * (int) (bit / 32);
                if ((v[k] >>> b & 1) != 0) out[word] |= 1 << (bit % 32);
            }
        }
        return out;
    }

    static int[] random(Random r, int bits) {
        int[] v = new int[128];
        for (int k = 0; k < 128; k++) v[k] = bits == 32 ? r.nextInt() : bits == 0 ? 0 : r.nextInt() & ((1 << bits) - 1);
        return v;
    }

    @Test
    void unpackEveryWidth() {
        Random r = new Random(7);
        for (int bits = 0; bits <= 32; bits++) {
            int[] v = random(r, bits);
            int[] words = pack(v, bits);
            int[] in = new int[words.length + 3];
            System.arraycopy(words, 0, in, 3, words.length);
            int[] out = new int[130];
            Bp128.unpack(bits, in, 3, out, 2);
            assertArrayEquals(v, java.util.Arrays.copyOfRange(out, 2, 130), "bits " + bits);
        }
    }

    @Test
    void forAddsOneExceptVerbatim() {
        Random r = new Random(8);
        for (int bits : new int[] {0, 1, 7, 31, 32}) {
            int[] v = random(r, bits);
            int[] out = new int[128];
            Bp128.decode(Bp128Variant.FOR, bits, 0, pack(v, bits), 0, out, 0);
            for (int k = 0; k < 128; k++) assertEquals(bits == 32 ? v[k] : v[k] + 1, out[k]);
        }
    }

    @Test
    void d1zUndoesZigzagDeltas() {
        int[] values = new int[128];
        Random r = new Random(9);
        values[0] = 1000;
        for (int k = 1; k < 128; k++) values[k] = values[k - 1] + r.nextInt(41) - 20;
        int[] p = new int[128];
        for (int k = 1; k < 128; k++) {
            int d = values[k] - values[k - 1];
            p[k] = (d << 1) ^ (d >> 31);
        }
        int[] out = new int[128];
        Bp128.decode(Bp128Variant.D1Z, 6, 1000, pack(p, 6), 0, out, 0);
        assertArrayEquals(values, out);
        int[] d1 = new int[128];
        for (int k = 0; k < 128; k++) d1[k] = k;
        int[] ones = new int[128];
        java.util.Arrays.fill(ones, 1);
        ones[0] = 0;
        Bp128.decode(Bp128Variant.D1, 1, 0, pack(ones, 1), 0, out, 0);
        assertArrayEquals(d1, out);
    }

    /** D1Z and FOR by their definitions, value by value. */
    static int[] reference(Bp128Variant variant, int[] p, int bits, int start) {
        int[] out = new int[128];
        int acc = start;
        for (int k = 0; k < 128; k++) {
            if (bits == 32) out[k] = p[k];
            else if (variant == Bp128Variant.FOR) out[k] = p[k] + 1;
            else out[k] = acc += (p[k] >>> 1) ^ -(p[k] & 1);
        }
        return out;
    }

    /** The scalar routines, and the vector ones when the module is there, at every width, at an offset inside larger arrays. */
    @Test
    void fusedScalarAndVectorRoutinesMatchTheDefinitionsAtEveryWidth() {
        Random r = new Random(11);
        boolean vector = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        for (int bits = 0; bits <= 32; bits++) {
            for (int round = 0; round < 4; round++) {
                int[] p = random(r, bits);
                if (round == 0) java.util.Arrays.fill(p, bits == 32 ? -1 : (int) ((1L << bits) - 1)); // all ones: every mask edge
                int[] words = pack(p, bits);
                int[] in = new int[words.length + 9];
                System.arraycopy(words, 0, in, 5, words.length);
                int start = r.nextInt();
                int[] d1z = reference(Bp128Variant.D1Z, p, bits, start);
                int[] plusOne = reference(Bp128Variant.FOR, p, bits, 0);
                int[] out = new int[128 + 7];
                Bp128Unpack.d1z(bits, in, 5, out, 3, start);
                assertArrayEquals(d1z, java.util.Arrays.copyOfRange(out, 3, 131), "scalar d1z, bits " + bits);
                Bp128Unpack.plusOne(bits, in, 5, out, 3);
                assertArrayEquals(plusOne, java.util.Arrays.copyOfRange(out, 3, 131), "scalar FOR, bits " + bits);
                if (vector && bits > 0 && bits < 32) {
                    java.util.Arrays.fill(out, 0x5a5a5a5a); // the in-place prefix sum must not read what lies before the chunk
                    Bp128Vector.d1z(bits, in, 5, out, 3, start);
                    assertArrayEquals(d1z, java.util.Arrays.copyOfRange(out, 3, 131), "vector d1z, bits " + bits);
                    Bp128Vector.plusOne(bits, in, 5, out, 3);
                    assertArrayEquals(plusOne, java.util.Arrays.copyOfRange(out, 3, 131), "vector FOR, bits " + bits);
                }
            }
        }
        if (vector && !Boolean.getBoolean("packscope.scalar")) assertTrue(Bp128Simd.enabled(), "the vector routines pass their self-test");
    }

    /**
     * A width decoded often enough is warmed on the background thread and then taken by the
     * vector routine; every chunk decodes the same before, during and after the switch.
     */
    @Test
    void aWidthSwitchesToTheVectorRoutineOnlyOnceItIsWarm() throws InterruptedException {
        int bits = 13;
        int key = 33 + bits; // FOR
        Random r = new Random(13);
        int[] p = random(r, bits);
        int[] in = pack(p, bits);
        int[] want = reference(Bp128Variant.FOR, p, bits, 0);
        int[] out = new int[128];
        boolean vector = Bp128Simd.enabled();
        long deadline = System.nanoTime() + 60_000_000_000L;
        int calls = 0;
        while (calls < Bp128.WARM + 10 || (vector && !Bp128Warmup.ready(key) && System.nanoTime() < deadline)) {
            Bp128.decode(Bp128Variant.FOR, bits, 0, in, 0, out, 0);
            assertArrayEquals(want, out, "chunk " + calls);
            if (++calls > Bp128.WARM + 10) Thread.sleep(5);
        }
        assertEquals(vector, Bp128Warmup.ready(key),
                "the width's vector routine is ready exactly when the vector paths are on: " + Bp128Warmup.outcome(key));
        Bp128.decode(Bp128Variant.FOR, bits, 0, in, 0, out, 0);
        assertArrayEquals(want, out, "after the switch");
    }

    /** The inspection path decodes what the fast path decodes, and reports every value once, in order, as it derived it. */
    @Test
    void tracedDecodeMatchesTheFastPathAndReportsEachValue() {
        Random r = new Random(12);
        for (Bp128Variant variant : Bp128Variant.values()) {
            for (int bits = 0; bits <= 32; bits++) {
                int[] p = random(r, bits);
                int[] in = pack(p, bits);
                int start = r.nextInt(1000);
                int[] fast = new int[128];
                Bp128.decode(variant, bits, start, in, 0, fast, 0);
                int[] traced = new int[128];
                int[] next = {0};
                int[] reported = new int[128];
                int fbits = bits;
                Bp128.decode(variant, bits, start, in, 0, traced, 0, (k, at, low, high, packed, delta, before, value) -> {
                    assertEquals(next[0]++, k);
                    assertEquals(k, at.value());
                    assertEquals(p[k], packed, "packed " + k);
                    assertEquals(packed, at.straddles() ? low | high << at.lowBits() : low);
                    if (variant.usesStarts() && fbits < 32) {
                        assertEquals(k == 0 ? start : reported[k - 1], before);
                        assertEquals(before + delta, value);
                    }
                    reported[k] = value;
                });
                assertEquals(128, next[0]);
                assertArrayEquals(fast, traced, variant + " bits " + bits);
                assertArrayEquals(fast, reported, variant + " bits " + bits);
            }
        }
    }

    @Test
    void thirtyTwoBitChunksAreVerbatimForDeltas() {
        int[] v = random(new Random(10), 32);
        int[] out = new int[128];
        Bp128.decode(Bp128Variant.D1Z, 32, 12345, v, 0, out, 0);
        assertArrayEquals(v, out);
    }

    @Test
    void positionOfValues() {
        Bp128.Position p = Bp128.position(5, 3);
        assertEquals(1, p.lane());
        assertEquals(1, p.slot());
        assertEquals(1, p.word());
        assertEquals(3, p.bit());
        assertFalse(p.straddles());
        Bp128.Position s = Bp128.position(4 * 6 + 2, 5); // lane 2, slot 6: lane bits 30..34
        assertEquals(2, s.lane());
        assertEquals(6, s.slot());
        assertEquals(2, s.word());
        assertEquals(30, s.bit());
        assertEquals(2, s.lowBits());
        assertTrue(s.straddles());
        assertEquals(6, s.nextWord());
        assertEquals(3, s.highBits());
        Bp128.Position last = Bp128.position(127, 32);
        assertEquals(3 + 4 * 31, last.word());
        assertEquals(0, last.bit());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 127, 128, 129, 256, 1000})
    void layoutResolvesWordStartsAndWidths(int values) {
        int chunks = (values + 127) / 128;
        int[] idx = new int[chunks + 1];
        for (int k = 0; k < chunks; k++) idx[k + 1] = idx[k] + 4 * (k % 33);
        Bp128Layout l = Bp128Layout.resolve(idx, new long[] {0, chunks + 1}, idx[chunks], values);
        assertEquals(java.util.List.of(), l.problems());
        assertEquals(chunks, l.chunks());
        for (int k = 0; k < chunks; k++) {
            assertEquals(k % 33, l.bits(k));
            assertEquals(idx[k], l.wordStart(k));
        }
        if (chunks > 0) assertEquals(values - 128L * (chunks - 1), l.valuesIn(chunks - 1));
    }

    @Test
    void idxOffsetsAddTwoToThe32() {
        // chunk 2 starts past 2^32 words: idx wraps there and idx_offsets says so
        int[] idx = {0, 0x7fffffe0, 0xffffffe0, 0x60};
        Bp128Layout l = Bp128Layout.resolve(idx, new long[] {0, 3, 4}, 1L << 40, 3 * 128);
        assertEquals(0xffffffe0L, l.wordStart(2));
        assertEquals((1L << 32) + 0x60, l.wordStart(3));
        assertEquals(32, l.bits(2));
        assertTrue(l.problems().stream().anyMatch(p -> p.rule().id().equals("bp128_bad_chunk_width") && p.element() == 1), l.problems().toString());
    }

    @Test
    void hugeUnsignedIdxOffsetsAreOutOfRangeNotNegative() {
        // found by fuzzing: offsets past 2^63 read as negative longs and indexed the idx table with wrapped ints
        int[] idx = {0, 4, 8};
        long huge = 0xffffffff00000002L;
        Bp128Layout l = Bp128Layout.resolve(idx, new long[] {0, huge, huge + 1}, 8, 256);
        assertEquals(1, l.bits(0));
        assertEquals(1, l.bits(1));
        assertTrue(l.problems().stream().anyMatch(p -> p.rule().id().equals("bp128_idx_offsets_sentinel")), l.problems().toString());
    }
}
