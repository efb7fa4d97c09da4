package org.packscope.codec.binjson;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.packscope.codec.io.MemoryBudget;

/**
 * Reads and checks the string table: count and SJ length against the bytes left,
 * each entry's length, UTF-8 validity (offset of the first bad byte), duplicates, and
 * for SJ the entries length and every index entry against the real offsets.
 */
final class StringTableReader {
    private final BjReader r;
    private CharsetDecoder utf8;

    StringTableReader(BjReader r) {
        this.r = r;
    }

    /**
     * Reads the string table at {@code p}. A fatal problem is reported here and a
     * partial table comes back ({@link StringTable#complete()} false).
     */
    /** Duplicate strings warned about one by one; the rest are counted in one warning. */
    static final int REPORTED_DUPLICATES = 20;

    StringTable read(long p) {
        long countPos = p, lengthPos = -1, declared = -1, indexPos = -1, entriesStart = -1;
        long count = 0;
        int parsed = 0;
        String[] strs = new String[0];
        long[] pos = new long[1];
        pos[0] = p;
        boolean sj = r.header.seekable();
        try {
            count = r.uflex(p, "string count");
            p = r.next;
            if (Long.compareUnsigned(count, r.size - p) > 0) {
                throw BjReader.fatal(countPos, Rules.LENGTH_EXCEEDS_INPUT, "string count " + Long.toUnsignedString(count)
                        + " is larger than the " + (r.size - p) + " bytes left");
            }
            if (count > Integer.MAX_VALUE - 16) {
                throw BjReader.fatal(countPos, Rules.IMPLEMENTATION_LIMIT, "more than 2^31 strings are not supported");
            }
            if (sj) {
                lengthPos = p;
                declared = r.uflex(p, "string table length");
                p = r.next;
                if (Long.compareUnsigned(declared, r.size - p) > 0) {
                    throw BjReader.fatal(lengthPos, Rules.LENGTH_EXCEEDS_INPUT, "string table length "
                            + Long.toUnsignedString(declared) + " is larger than the " + (r.size - p) + " bytes left");
                }
                indexPos = p;
                long idxBytes = StringTable.indexEntries(count) * 4;
                r.need(p, idxBytes);
                p += idxBytes;
            }
            // a string can be one byte: the count is bounded by the file, not by what can be held
            if (!MemoryBudget.fits(count, 4 + 8 + 16)) {
                throw BjReader.fatal(countPos, MemoryBudget.RULE, MemoryBudget.tooLarge(count + " strings", count * 28));
            }
            entriesStart = p;
            strs = new String[(int) count];
            pos = new long[(int) count + 1];
            pos[0] = p;
            Map<String, Integer> seen = new HashMap<>();
            int duplicates = 0;
            long lastDuplicate = -1;
            for (int i = 0; i < count; i++) {
                pos[i] = p;
                long len = r.uflex(p, "length of string " + i);
                p = r.next;
                if (Long.compareUnsigned(len, r.size - p) > 0) {
                    throw BjReader.fatal(pos[i], Rules.LENGTH_EXCEEDS_INPUT, "string " + i + " claims "
                            + Long.toUnsignedString(len) + " bytes but only " + (r.size - p) + " are left");
                }
                if (len > Integer.MAX_VALUE - 16) {
                    throw BjReader.fatal(pos[i], Rules.IMPLEMENTATION_LIMIT, "strings above 2 GB are not supported");
                }
                strs[i] = decodeUtf8(p, (int) len, "string " + i);
                Integer first = seen.putIfAbsent(strs[i], i);
                if (first != null) {
                    strs[i] = strs[first]; // one instance for all copies
                    if (++duplicates <= REPORTED_DUPLICATES) {
                        r.warn(pos[i], Rules.DUPLICATE_STRING, "string " + i + " " + BjReader.quote(strs[i])
                                + " duplicates string " + first);
                    } else {
                        lastDuplicate = pos[i];
                    }
                }
                p += len;
                parsed = i + 1;
                pos[i + 1] = p;
            }
            if (duplicates > REPORTED_DUPLICATES) {
                r.warn(lastDuplicate, Rules.DUPLICATE_STRING, "and " + String.format(java.util.Locale.ROOT, "%,d",
                        duplicates - REPORTED_DUPLICATES) + " more duplicate strings (" + duplicates + " in all; the last is shown here)");
            }
        } catch (BjFatal f) {
            r.report(f.diagnostic());
            return new StringTable(count, parsed, strs, pos, countPos, lengthPos, declared, indexPos,
                    entriesStart, pos[parsed], false);
        }
        if (sj) {
            long actual = p - entriesStart;
            if (actual != declared) {
                r.error(lengthPos, Rules.SJ_LENGTH_MISMATCH, "string table length says " + declared
                        + " bytes but the entries take " + actual);
            }
            for (long k = 0; k < StringTable.indexEntries(count); k++) {
                long at = indexPos + 4 * k;
                long stored = r.src.u32le(at);
                long real = pos[(int) (16 * k)] - entriesStart;
                if (stored != real) {
                    r.error(at, Rules.SJ_INDEX_MISMATCH, "index entry " + k + " (string " + 16 * k + ") says offset "
                            + stored + " but the string starts at " + real);
                }
            }
        }
        return new StringTable(count, parsed, strs, pos, countPos, lengthPos, declared, indexPos,
                entriesStart, p, true);
    }

    private String decodeUtf8(long p, int len, String what) {
        byte[] b = r.src.bytes(p, len);
        boolean ascii = true;
        for (byte x : b) {
            if (x < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) return new String(b, StandardCharsets.ISO_8859_1);
        if (utf8 == null) {
            utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
        }
        ByteBuffer in = ByteBuffer.wrap(b);
        CharBuffer out = CharBuffer.allocate(len);
        utf8.reset();
        CoderResult res = utf8.decode(in, out, true);
        if (!res.isError()) res = utf8.flush(out);
        if (res.isError()) {
            r.error(p + in.position(), Rules.INVALID_UTF8, what + " is not valid UTF-8 (byte "
                    + String.format("0x%02X", b[in.position()] & 0xff) + " at position " + in.position() + ")");
            return new String(b, StandardCharsets.UTF_8);
        }
        out.flip();
        return out.toString();
    }
}
