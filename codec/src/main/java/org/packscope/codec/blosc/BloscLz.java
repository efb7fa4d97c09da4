package org.packscope.codec.blosc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.packscope.codec.compress.CodecException;

/**
 * BloscLZ decoder (the FastLZ-derived codec Blosc uses by default). The stream is a
 * series of instructions; the top three bits of a control byte select:
 * <ul>
 * <li>0: a literal run of {@code (ctrl & 31) + 1} bytes that follow;</li>
 * <li>1-6: a match of {@code len + 2} bytes, distance {@code ((ctrl & 31) << 8) + next + 1};</li>
 * <li>7: as above, the length extended by bytes that follow while they are 255.</li>
 * </ul>
 * A distance byte of 255 with high bits 31 means a far match: two more bytes hold a
 * big-endian distance above 8191. The first control byte carries a marker in its top bits
 * and is always a literal run. Every instruction is checked against both buffers before it
 * copies. Literal runs and matches of up to 32 bytes then copy 32 bytes as four longs,
 * past their end where the output has room (later instructions overwrite those bytes, and
 * a stream that stops early fails), so that the common short copy takes no branch on its
 * length; longer matches go to the bulk copy routine, those overlapping their own output as
 * doubling copies of their period.
 */
public final class BloscLz {
    private BloscLz() { }

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final int MAX_DISTANCE = 8191;
    /** No match is longer (blocks are at most 2 GB); checked as the length is read, before it can overflow. */
    static final int MAX_LENGTH = Integer.MAX_VALUE - 1024;

    /**
     * Decodes {@code src[sOff, sOff+sLen)} into at most {@code dLen} bytes at {@code dst[dOff]}.
     * Returns the number of bytes written.
     */
    public static int decompress(byte[] src, int sOff, int sLen, byte[] dst, int dOff, int dLen) throws CodecException {
        if (sLen == 0) return 0;
        int ip = sOff;
        final int ipEnd = sOff + sLen;
        int op = dOff;
        final int opEnd = dOff + dLen;
        int ctrl = src[ip++] & 31;
        while (true) {
            if (ctrl >= 32) {
                int len = (ctrl >>> 5) - 1;
                int ofs = (ctrl & 31) << 8;
                if (len == 6) {
                    int code;
                    do {
                        if (ip >= ipEnd) throw new CodecException("match length runs past the end of the stream", ip - sOff);
                        code = src[ip++] & 0xff;
                        len += code;
                        // millions of 255s would wrap the length round to a negative one
                        if (len > MAX_LENGTH) throw new CodecException("match length beyond any block", ip - sOff);
                    } while (code == 255);
                }
                if (ip >= ipEnd) throw new CodecException("match distance missing at the end of the stream", ip - sOff);
                int code = src[ip++] & 0xff;
                len += 3;
                int dist = ofs + code + 1;
                if (code == 255 && ofs == (31 << 8)) {
                    if (ip + 2 > ipEnd) throw new CodecException("far match distance cut off", ip - sOff);
                    dist = (((src[ip] & 0xff) << 8) | (src[ip + 1] & 0xff)) + MAX_DISTANCE + 1;
                    ip += 2;
                }
                int ref = op - dist;
                if (ref < dOff) {
                    throw new CodecException("match at output " + (op - dOff) + " refers " + dist + " bytes back, before the start", ip - sOff);
                }
                if (len > opEnd - op) {
                    throw new CodecException("match of " + len + " bytes overruns the " + dLen + "-byte output", ip - sOff);
                }
                int end = op + len;
                if (len <= 32 && dist >= 8 && opEnd - op >= 32) {
                    // 32 bytes whatever the length, without a branch on it: each 8-byte read
                    // lies wholly in bytes already written (the distance is at least 8), and the
                    // bytes past the match are output the following instructions write
                    LONG.set(dst, op, (long) LONG.get(dst, ref));
                    LONG.set(dst, op + 8, (long) LONG.get(dst, ref + 8));
                    LONG.set(dst, op + 16, (long) LONG.get(dst, ref + 16));
                    LONG.set(dst, op + 24, (long) LONG.get(dst, ref + 24));
                } else if (dist >= len) {
                    System.arraycopy(dst, ref, dst, op, len);
                } else if (dist == 1) {
                    Arrays.fill(dst, op, end, dst[ref]);
                } else {
                    repeat(dst, op, dist, len);
                }
                op = end;
            } else {
                int n = ctrl + 1;
                if (n > ipEnd - ip) throw new CodecException("literal run of " + n + " bytes runs past the end of the stream", ip - sOff);
                if (n > opEnd - op) throw new CodecException("literal run of " + n + " bytes overruns the " + dLen + "-byte output", ip - sOff);
                if (ipEnd - ip >= 32 && opEnd - op >= 32) {
                    LONG.set(dst, op, (long) LONG.get(src, ip));
                    LONG.set(dst, op + 8, (long) LONG.get(src, ip + 8));
                    LONG.set(dst, op + 16, (long) LONG.get(src, ip + 16));
                    LONG.set(dst, op + 24, (long) LONG.get(src, ip + 24));
                } else {
                    System.arraycopy(src, ip, dst, op, n);
                }
                ip += n;
                op += n;
            }
            if (ip >= ipEnd) break;
            ctrl = src[ip++] & 0xff;
        }
        return op - dOff;
    }

    /**
     * The byte value (0-255) that {@code src[sOff, sOff+sLen)} decodes to at every one of
     * exactly {@code dLen} output bytes, or -1 when it decodes to anything else or fails:
     * the instructions are walked as {@link #decompress} walks them, with the same checks,
     * but nothing is written. Every literal byte must be the first one; a match then copies
     * only bytes of that value, as it refers to earlier output of the same stream. Costs a
     * step per instruction and literal byte, so callers keep it for highly compressed streams.
     */
    public static int constantValue(byte[] src, int sOff, int sLen, int dLen) {
        if (sLen == 0 || dLen == 0) return -1;
        int ip = sOff;
        final int ipEnd = sOff + sLen;
        int op = 0;
        int ctrl = src[ip++] & 31;
        int value = ip < ipEnd ? src[ip] & 0xff : -1;
        while (true) {
            if (ctrl >= 32) {
                int len = (ctrl >>> 5) - 1;
                int ofs = (ctrl & 31) << 8;
                if (len == 6) {
                    int code;
                    do {
                        if (ip >= ipEnd) return -1;
                        code = src[ip++] & 0xff;
                        len += code;
                        if (len > dLen) return -1;
                    } while (code == 255);
                }
                if (ip >= ipEnd) return -1;
                int code = src[ip++] & 0xff;
                len += 3;
                int dist = ofs + code + 1;
                if (code == 255 && ofs == (31 << 8)) {
                    if (ip + 2 > ipEnd) return -1;
                    dist = (((src[ip] & 0xff) << 8) | (src[ip + 1] & 0xff)) + MAX_DISTANCE + 1;
                    ip += 2;
                }
                if (dist > op || len > dLen - op) return -1;
                op += len;
            } else {
                int n = ctrl + 1;
                if (n > ipEnd - ip || n > dLen - op) return -1;
                for (int k = 0; k < n; k++) if ((src[ip + k] & 0xff) != value) return -1;
                ip += n;
                op += n;
            }
            if (ip >= ipEnd) break;
            ctrl = src[ip++] & 0xff;
        }
        return op == dLen ? value : -1;
    }

    /**
     * Writes {@code len} bytes at {@code op} that repeat the {@code dist} bytes before it
     * (a match overlapping its own output): the period is copied once, then the span written
     * so far is copied after itself, doubling each time. The copies never overlap, so the
     * bulk copy routine does the work whatever the distance.
     */
    private static void repeat(byte[] dst, int op, int dist, int len) {
        int done = Math.min(dist, len);
        System.arraycopy(dst, op - dist, dst, op, done);
        while (done < len) {
            // done is a whole number of periods, so the bytes from op repeat at op + done
            int n = Math.min(done, len - done);
            System.arraycopy(dst, op, dst, op + done, n);
            done += n;
        }
    }
}
