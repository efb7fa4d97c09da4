package org.packscope.codec.blosc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * BloscLZ encoder: a greedy LZ77 over one hash table of 4-byte sequences, writing the
 * instructions {@link BloscLz} reads. It makes the choices c-blosc 1.x makes, so a stream
 * it writes is the stream c-blosc writes for the same block and level:
 * <ul>
 * <li><b>entropy probe</b>: a quick pass over the last quarter of the block (at most 4 KiB)
 * estimates the ratio; below the level's threshold the block is not worth compressing
 * (0 is returned and the caller stores it raw);</li>
 * <li><b>match bias</b>: a match is cut {@code shift} bytes before the first byte that
 * differs (3, or 4 for well-compressing split streams) and is kept only when that leaves
 * {@code minLength} bytes; short far matches are not worth their four bytes;</li>
 * <li><b>table size</b> by level: 2^12, 2^13, then 2^14 entries; level 9 also hashes the
 * byte after a match.</li>
 * </ul>
 * Candidates come from a table without an "empty" mark: an unset slot points at the
 * block's first byte, which the 4-byte comparison then accepts or rejects like any other.
 */
public final class BloscLzEncoder {
    private BloscLzEncoder() { }

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int MAX_LITERALS = 32;
    private static final int MAX_DISTANCE = BloscLz.MAX_DISTANCE;
    /** Farthest reference a 16-bit far distance reaches. */
    private static final int MAX_FAR_DISTANCE = 65535 + MAX_DISTANCE - 1;
    private static final int PROBE_HASH_LOG = 12;
    /** Below these estimated ratios (by level) a block is stored raw. */
    private static final double[] MIN_RATIO = {0, 2, 1.5, 1.2, 1.2, 1.2, 1.2, 1.15, 1.1, 1.0};
    private static final int[] HASH_LOG = {0, 12, 13, 14, 14, 14, 14, 14, 14, 14};

    private static final ThreadLocal<int[]> TABLE = ThreadLocal.withInitial(() -> new int[1 << 14]);

    /**
     * Compresses {@code src[off, off+len)} at {@code level} (1-9) into at most {@code maxOut}
     * bytes at {@code dst[dOff]}. {@code splitStreams} says whether the chunk's blocks are
     * split (it chooses the match bias). Returns the stream's size, or 0 when the block is
     * not worth compressing or its stream would not fit.
     */
    public static int compress(int level, byte[] src, int off, int len, byte[] dst, int dOff, int maxOut, boolean splitStreams) {
        if (level < 1 || level > 9) throw new IllegalArgumentException("BloscLZ level " + level + " (1-9)");
        int probeLen = len / 4;
        double ratio = estimateRatio(src, off + len - probeLen, probeLen);
        if (ratio < MIN_RATIO[level]) return 0;
        if (len < 16 || maxOut < 66) return 0;
        boolean wellCompressing = splitStreams && ratio >= 4;
        int shift = wellCompressing ? 4 : 3;
        int minLength = wellCompressing ? 4 : 3;
        int hashLog = HASH_LOG[level];
        int[] table = TABLE.get();
        Arrays.fill(table, 0, 1 << hashLog, 0);

        final int lastByte = off + len - 1;      // matches stop here
        final int matchLimit = off + len - 12;   // no match starts at or past here
        final int outLimit = dOff + maxOut;
        int op = dOff;
        int ip = off;
        // the first instruction is always a literal run, starting with four bytes
        dst[op++] = MAX_LITERALS - 1;
        for (int k = 0; k < 4; k++) dst[op++] = src[ip++];
        int literals = 4;

        while (ip < matchLimit) {
            int anchor = ip;
            int seq = (int) INT.get(src, ip);
            int h = hash(seq, hashLog);
            int ref = off + table[h];
            int distance = anchor - ref - 1; // stored biased: 0 means the previous byte, a run
            table[h] = anchor - off;
            int length = biasedLength(src, anchor, ref, seq, lastByte, shift);
            boolean match = length >= minLength && !(length <= 5 && distance >= MAX_DISTANCE);
            if (!match) {
                // one more literal byte; a full run of 32 closes and the next opens
                if (op + 2 > outLimit) return 0;
                dst[op++] = src[anchor];
                ip = anchor + 1;
                if (++literals == MAX_LITERALS) {
                    literals = 0;
                    dst[op++] = MAX_LITERALS - 1;
                }
                continue;
            }
            // close the literal run before the match (or drop its unused control byte)
            if (literals > 0) dst[op - literals - 1] = (byte) (literals - 1);
            else op--;
            literals = 0;
            op = writeMatch(dst, op, outLimit, length, distance);
            if (op < 0) return 0;
            ip = anchor + length;

            // index the bytes where the next search starts
            seq = (int) INT.get(src, ip);
            table[hash(seq, hashLog)] = ip - off;
            ip++;
            if (level == 9) table[hash(seq >>> 8, hashLog)] = ip - off;
            ip++;
            if (op + 1 > outLimit) return 0;
            dst[op++] = MAX_LITERALS - 1; // a literal run is assumed next
        }
        while (ip <= lastByte) {
            if (op + 2 > outLimit) return 0;
            dst[op++] = src[ip++];
            if (++literals == MAX_LITERALS) {
                literals = 0;
                dst[op++] = MAX_LITERALS - 1;
            }
        }
        if (literals > 0) dst[op - literals - 1] = (byte) (literals - 1);
        else op--;
        dst[dOff] |= 1 << 5; // BloscLZ's marker in the first control byte
        return op - dOff;
    }

    /**
     * Writes a match of biased length {@code length} (decoded as length + 2 bytes) at biased
     * {@code distance}; returns the new output position, or -1 when it would pass {@code outLimit}.
     */
    private static int writeMatch(byte[] dst, int op, int outLimit, int length, int distance) {
        boolean far = distance >= MAX_DISTANCE;
        if (far) distance -= MAX_DISTANCE;
        int high = far ? 31 : distance >>> 8;
        if (length < 7) {
            if (op + (far ? 4 : 2) > outLimit) return -1;
            dst[op++] = (byte) ((length << 5) + high);
        } else {
            if (op + 1 > outLimit) return -1;
            dst[op++] = (byte) ((7 << 5) + high);
            int rest = length - 7;
            for (; rest >= 255; rest -= 255) {
                if (op + 1 > outLimit) return -1;
                dst[op++] = (byte) 255;
            }
            if (op + (far ? 4 : 2) > outLimit) return -1;
            dst[op++] = (byte) rest;
        }
        if (far) {
            dst[op++] = (byte) 255;
            dst[op++] = (byte) (distance >>> 8);
        }
        dst[op++] = (byte) distance;
        return op;
    }

    /**
     * The biased length of the match of the bytes at {@code anchor} (whose first four are
     * {@code seq}) against the candidate {@code ref}: cut {@code shift} bytes before the first
     * byte that differs; -1 when the candidate is no match (itself, too far, or another sequence).
     */
    private static int biasedLength(byte[] src, int anchor, int ref, int seq, int lastByte, int shift) {
        int distance = anchor - ref;
        if (distance == 0 || distance >= MAX_FAR_DISTANCE || (int) INT.get(src, ref) != seq) return -1;
        int end = distance == 1 ? runEnd(src, anchor + 4, lastByte, ref + 4) : matchEnd(src, anchor + 4, lastByte, ref + 4);
        return end - shift - anchor;
    }

    /**
     * Where a match starting at {@code ip} (against {@code ref}) ends: one past the first byte
     * that differs, or {@code bound} if none does before it.
     */
    static int matchEnd(byte[] src, int ip, int bound, int ref) {
        while (ip < bound - 8) {
            long diff = (long) LONG.get(src, ip) ^ (long) LONG.get(src, ref);
            if (diff != 0) return ip + (Long.numberOfTrailingZeros(diff) >>> 3) + 1;
            ip += 8;
            ref += 8;
        }
        while (ip < bound) {
            if (src[ip++] != src[ref++]) return ip;
        }
        return ip;
    }

    /**
     * Where a run of the byte before {@code ip} ends, counting the bytes from {@code ref} (the
     * byte before {@code ip}) that equal it, capped at {@code bound}.
     */
    static int runEnd(byte[] src, int ip, int bound, int ref) {
        byte x = src[ip - 1];
        long pattern = (x & 0xffL) * 0x0101010101010101L;
        while (ip < bound - 8) {
            long diff = (long) LONG.get(src, ref) ^ pattern;
            if (diff != 0) return ip + (Long.numberOfTrailingZeros(diff) >>> 3);
            ip += 8;
            ref += 8;
        }
        while (ip < bound && src[ref++] == x) ip++;
        return ip;
    }

    private static int hash(int seq, int log) {
        return (seq * 0x9E3779B1) >>> (32 - log);
    }

    /**
     * The ratio a quick pass of the same matcher (shift and minimum length 3, a 2^12 table)
     * expects over {@code len} bytes at {@code base}, at most 4 KiB of them: bytes covered
     * over instruction bytes counted. Blocks too short to probe (under 13 bytes) estimate 0.
     */
    static double estimateRatio(byte[] src, int base, int len) {
        int limit = Math.min(len, 1 << PROBE_HASH_LOG);
        int lastByte = base + limit - 1;
        int matchLimit = base + limit - 12;
        int[] table = new int[1 << PROBE_HASH_LOG];
        int ip = base;
        int out = 5;
        int literals = 4;
        while (ip < matchLimit) {
            int anchor = ip;
            int seq = (int) INT.get(src, ip);
            int h = hash(seq, PROBE_HASH_LOG);
            int ref = base + table[h];
            int distance = anchor - ref - 1;
            table[h] = anchor - base;
            int length = biasedLength(src, anchor, ref, seq, lastByte, 3);
            if (length < 3) {
                out++;
                ip = anchor + 1;
                if (++literals == MAX_LITERALS) {
                    literals = 0;
                    out++;
                }
                continue;
            }
            if (literals == 0) out--;
            literals = 0;
            ip = anchor + length;
            if (length >= 7) out += (length - 7) / 255 + 1;
            out += distance < MAX_DISTANCE ? 2 : 4;
            seq = (int) INT.get(src, ip);
            table[hash(seq, PROBE_HASH_LOG)] = ip - base;
            ip += 2;
            out++;
        }
        return (double) (ip - base) / out;
    }
}
