package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.packscope.codec.compress.CodecException;

/**
 * The BloscLZ decoder's copy paths (strided copies that run past a short match or literal,
 * bulk copies, doubling copies of a short period, fills) against a byte-at-a-time reading of
 * the same instructions, on streams built here instruction by instruction. The output region
 * sits between guard bytes that must stay untouched, damaged or not.
 */
class BloscLzTest {
    private static final int GUARD = 40;
    private static final byte GUARD_BYTE = (byte) 0xA5;

    /** Builds a stream and the bytes it decodes to, following the instruction format (also for BloscConstantHighTest). */
    static final class Stream {
        final ByteArrayOutputStream code = new ByteArrayOutputStream();
        byte[] out = new byte[64];
        int size;

        private void put(byte b) {
            if (size == out.length) out = Arrays.copyOf(out, 2 * size);
            out[size++] = b;
        }

        void literal(byte[] bytes) {
            code.write(bytes.length - 1);
            code.write(bytes, 0, bytes.length);
            for (byte b : bytes) put(b);
        }

        void match(int len, int dist) {
            int top = len <= 8 ? len - 2 : 7;
            boolean far = dist > BloscLz.MAX_DISTANCE;
            int d = dist - 1;
            code.write(top << 5 | (far ? 31 : d >>> 8));
            if (top == 7) {
                int rest = len - 9;
                for (; rest >= 255; rest -= 255) code.write(255);
                code.write(rest);
            }
            if (far) {
                code.write(255);
                int v = dist - BloscLz.MAX_DISTANCE - 1;
                code.write(v >>> 8);
                code.write(v & 0xff);
            } else {
                code.write(d & 0xff);
            }
            // byte by byte: an overlapping match repeats its own output
            for (int k = 0; k < len; k++) put(out[size - dist]);
        }
    }

    /**
     * A stream of exactly {@code n} bytes of {@code value}: a literal run, then matches of
     * every kind of distance (1-8, short, far), lengths from 3 to thousands.
     */
    static Stream constant(SplittableRandom rnd, int n, byte value) {
        Stream s = new Stream();
        byte[] lit = new byte[Math.min(n, 1 + rnd.nextInt(8))];
        Arrays.fill(lit, value);
        s.literal(lit);
        while (s.size < n) {
            int left = n - s.size;
            if (left < 3 || rnd.nextInt(10) == 0) {
                byte[] more = new byte[Math.min(left, 1 + rnd.nextInt(32))];
                Arrays.fill(more, value);
                s.literal(more);
                continue;
            }
            int have = s.size;
            int dist = switch (rnd.nextInt(3)) {
                case 0 -> 1 + rnd.nextInt(Math.min(have, 8));
                case 1 -> have > BloscLz.MAX_DISTANCE + 1 ? BloscLz.MAX_DISTANCE + 1 + rnd.nextInt(have - BloscLz.MAX_DISTANCE) : have;
                default -> 1 + rnd.nextInt(Math.min(have, BloscLz.MAX_DISTANCE));
            };
            int len = Math.min(left, rnd.nextInt(4) == 0 ? 3 + rnd.nextInt(5000) : 3 + rnd.nextInt(60));
            s.match(len, dist);
        }
        return s;
    }

    /** A stream of exactly {@code n} bytes, {@link #random} stopped at its length. */
    static Stream exact(SplittableRandom rnd, int n) {
        Stream s = new Stream();
        s.literal(bytes(rnd, Math.min(n, 1 + rnd.nextInt(32))));
        while (s.size < n) {
            int left = n - s.size;
            if (left < 3 || rnd.nextInt(3) == 0) {
                s.literal(bytes(rnd, Math.min(left, 1 + rnd.nextInt(32))));
                continue;
            }
            int dist = 1 + rnd.nextInt(Math.min(s.size, rnd.nextBoolean() ? 12 : BloscLz.MAX_DISTANCE));
            s.match(Math.min(left, 3 + rnd.nextInt(rnd.nextInt(8) == 0 ? 1500 : 40)), dist);
        }
        return s;
    }

    private static Stream random(SplittableRandom rnd, int target) {
        Stream s = new Stream();
        s.literal(bytes(rnd, 1 + rnd.nextInt(32)));
        while (s.size < target) {
            int have = s.size;
            if (rnd.nextInt(3) == 0) {
                s.literal(bytes(rnd, 1 + rnd.nextInt(32)));
                continue;
            }
            int dist = switch (rnd.nextInt(6)) {
                case 0 -> 1 + rnd.nextInt(Math.min(have, 7));
                case 1 -> 8 + rnd.nextInt(40);
                case 2 -> have > BloscLz.MAX_DISTANCE + 1 ? BloscLz.MAX_DISTANCE + 1 + rnd.nextInt(have - BloscLz.MAX_DISTANCE) : 1;
                default -> 1 + rnd.nextInt(Math.min(have, BloscLz.MAX_DISTANCE));
            };
            dist = Math.min(dist, have);
            int len = rnd.nextInt(8) == 0 ? 3 + rnd.nextInt(1500) : 3 + rnd.nextInt(40);
            s.match(len, dist);
        }
        return s;
    }

    static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) rnd.nextInt(256);
        return b;
    }

    private static byte[] guarded(int n) {
        byte[] b = new byte[GUARD + n + GUARD];
        Arrays.fill(b, GUARD_BYTE);
        return b;
    }

    private static void assertGuardsIntact(byte[] b, int n) {
        for (int i = 0; i < GUARD; i++) {
            assertEquals(GUARD_BYTE, b[i], "guard byte before the output at " + i);
            assertEquals(GUARD_BYTE, b[GUARD + n + i], "guard byte after the output at " + i);
        }
    }

    @Test
    void everyCopyPathGivesTheBytesTheInstructionsDescribe() throws CodecException {
        SplittableRandom rnd = new SplittableRandom(18);
        for (int round = 0; round < 300; round++) {
            Stream s = random(rnd, round % 10 == 0 ? 20000 + rnd.nextInt(20000) : 1 + rnd.nextInt(3000));
            byte[] code = s.code.toByteArray();
            byte[] expected = Arrays.copyOf(s.out, s.size);
            byte[] src = new byte[7 + code.length];
            System.arraycopy(code, 0, src, 7, code.length);
            byte[] dst = guarded(expected.length);
            int got = BloscLz.decompress(src, 7, code.length, dst, GUARD, expected.length);
            assertEquals(expected.length, got, "round " + round);
            assertArrayEquals(expected, Arrays.copyOfRange(dst, GUARD, GUARD + got), "round " + round);
            assertGuardsIntact(dst, expected.length);
        }
    }

    @Test
    void damagedStreamsFailAsCodecErrorsAndNeverWriteOutsideTheOutput() {
        SplittableRandom rnd = new SplittableRandom(1818);
        int failures = 0;
        for (int round = 0; round < 2000; round++) {
            Stream s = random(rnd, 1 + rnd.nextInt(2000));
            byte[] code = s.code.toByteArray();
            int n = s.size;
            // cut the stream short, flip a byte, or give less room than the stream fills
            int len = code.length;
            int room = n;
            switch (round % 3) {
                case 0 -> len = rnd.nextInt(code.length);
                case 1 -> code[rnd.nextInt(code.length)] ^= (byte) (1 + rnd.nextInt(255));
                default -> room = rnd.nextInt(n + 1);
            }
            byte[] dst = guarded(room);
            try {
                int got = BloscLz.decompress(code, 0, len, dst, GUARD, room);
                assertTrue(got >= 0 && got <= room, "round " + round + ": " + got + " bytes in a room of " + room);
            } catch (CodecException e) {
                failures++;
                assertTrue(e.inputOffset() >= 0 && e.inputOffset() <= len, "round " + round + ": offset " + e.inputOffset());
            }
            assertGuardsIntact(dst, room);
        }
        assertTrue(failures > 500, "only " + failures + " damaged streams were refused");
    }

    @Test
    void constantValueAnswersExactlyWhenTheDecoderGivesOneValueThroughout() throws CodecException {
        SplittableRandom rnd = new SplittableRandom(1808);
        int constants = 0;
        for (int round = 0; round < 1500; round++) {
            int n = round % 50 == 0 ? 20000 + rnd.nextInt(30000) : 1 + rnd.nextInt(3000);
            byte value = (byte) rnd.nextInt(256);
            Stream s = switch (round % 3) {
                case 0 -> exact(rnd, n);
                default -> constant(rnd, n, value);
            };
            byte[] code = s.code.toByteArray();
            int len = code.length;
            int room = n;
            // damage some: cut short, a byte flipped, less or more room than the stream fills
            switch (round % 7) {
                case 1 -> len = rnd.nextInt(code.length);
                case 2 -> code[rnd.nextInt(code.length)] ^= (byte) (1 + rnd.nextInt(255));
                case 3 -> room = rnd.nextInt(n + 1);
                case 4 -> room = n + 1 + rnd.nextInt(10);
                default -> { }
            }
            byte[] src = new byte[5 + len];
            System.arraycopy(code, 0, src, 5, len);
            int expected = -1;
            try {
                byte[] dst = new byte[room];
                int got = BloscLz.decompress(src, 5, len, dst, 0, room);
                if (got == room && room > 0) {
                    expected = dst[0] & 0xff;
                    for (byte b : dst) if ((b & 0xff) != expected) expected = -1;
                }
            } catch (CodecException e) {
                expected = -1;
            }
            assertEquals(expected, BloscLz.constantValue(src, 5, len, room), "round " + round);
            if (expected >= 0) constants++;
        }
        assertTrue(constants > 300, "only " + constants + " constant streams");
    }

    @Test
    void aMatchLengthOfMillionsOf255sFailsInsteadOfWrappingRound() {
        // a literal, then a long match whose length bytes would add up past 2^31
        int n255 = (int) ((1L << 31) / 255) + 10;
        byte[] code = new byte[1 + 1 + 1 + n255 + 2];
        code[0] = 0;        // literal run of 1
        code[1] = 7;        // the byte
        code[2] = (byte) 0xE0; // match, length extended, distance high bits 0
        Arrays.fill(code, 3, 3 + n255, (byte) 255);
        code[3 + n255] = 0; // last length byte
        code[4 + n255] = 0; // distance 1
        byte[] dst = guarded(64);
        CodecException e = org.junit.jupiter.api.Assertions.assertThrows(CodecException.class,
                () -> BloscLz.decompress(code, 0, code.length, dst, GUARD, 64));
        assertTrue(e.inputOffset() > 0 && e.inputOffset() <= code.length);
        assertGuardsIntact(dst, 64);
        assertEquals(-1, BloscLz.constantValue(code, 0, code.length, 64));
        assertEquals(-1, BloscLz.constantValue(code, 0, code.length, Integer.MAX_VALUE));
    }
}
