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
import org.packscope.codec.read.ReadProblem;

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

    /** Duplicate strings warned about one by one; the rest are counted in one warning. */
    static final int REPORTED_DUPLICATES = 20;
    /** SJ index entries recorded one by one as fields (the index itself is one field). */
    static final int RECORDED_INDEX_ENTRIES = 64;

    /**
     * Reads the string table at the reader's position, recording count, SJ length and
     * index, and the entries as one field. A fatal problem is reported here and a
     * partial table comes back ({@link StringTable#complete()} false).
     */
    StringTable read() {
        long start = r.pos();
        long entriesStart = -1;
        long count = 0;
        int parsed = 0;
        String[] strs = new String[0];
        long[] pos = new long[1];
        pos[0] = start;
        boolean sj = r.header.seekable();
        Head.Uflex length = null;
        long indexPos = 0;
        try {
            count = r.uflex("strings.count", "count", "string count", "number of strings (uflex)");
            long p = r.pos();
            if (Long.compareUnsigned(count, r.size - p) > 0) {
                throw BjReader.fatal(start, BinaryJsonRules.LENGTH_EXCEEDS_INPUT, "string count " + Long.toUnsignedString(count)
                        + " is larger than the " + (r.size - p) + " bytes left");
            }
            if (count > Integer.MAX_VALUE - 16) {
                throw BjReader.fatal(start, BinaryJsonRules.IMPLEMENTATION_LIMIT, "more than 2^31 strings are not supported");
            }
            if (sj) {
                long declared = r.uflex("strings.length", "length", "string table length", "SJ: byte length of the entries (uflex)");
                length = new Head.Uflex(p, r.pos(), declared);
                p = r.pos();
                if (Long.compareUnsigned(declared, r.size - p) > 0) {
                    throw BjReader.fatal(length.start(), BinaryJsonRules.LENGTH_EXCEEDS_INPUT, "string table length "
                            + Long.toUnsignedString(declared) + " is larger than the " + (r.size - p) + " bytes left");
                }
                indexPos = p;
                long entries = StringTable.indexEntries(count);
                long idxBytes = entries * 4;
                r.need(p, idxBytes);
                if (r.recording()) {
                    r.record("strings.index", -1, "index", p, p + idxBytes, entries + " × i32",
                            "SJ: offset of every 16th string's entry from the start of the entries");
                    for (int k = 0; k < Math.min(entries, RECORDED_INDEX_ENTRIES); k++) {
                        long at = p + 4L * k;
                        r.record("strings.index_entry", k, "index " + k, at, at + 4, r.src.u32le(at), "offset of string " + 16 * k);
                    }
                }
                p += idxBytes;
            }
            // a string can be one byte: the count is bounded by the file, not by what can be held
            if (!MemoryBudget.fits(count, 4 + 8 + 16)) {
                throw BjReader.fatal(start, BinaryJsonRules.TOO_LARGE_TO_HOLD, MemoryBudget.tooLarge(count + " strings", count * 28));
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
                long len = r.at(p).uflex("length of string " + i);
                p = r.pos();
                if (Long.compareUnsigned(len, r.size - p) > 0) {
                    throw BjReader.fatal(pos[i], BinaryJsonRules.LENGTH_EXCEEDS_INPUT, "string " + i + " claims "
                            + Long.toUnsignedString(len) + " bytes but only " + (r.size - p) + " are left");
                }
                if (len > Integer.MAX_VALUE - 16) {
                    throw BjReader.fatal(pos[i], BinaryJsonRules.IMPLEMENTATION_LIMIT, "strings above 2 GB are not supported");
                }
                strs[i] = decodeUtf8(p, (int) len, "string " + i);
                Integer first = seen.putIfAbsent(strs[i], i);
                if (first != null) {
                    strs[i] = strs[first]; // one instance for all copies
                    if (++duplicates <= REPORTED_DUPLICATES) {
                        r.warn(pos[i], BinaryJsonRules.DUPLICATE_STRING, "string " + i + " " + BjReader.quote(strs[i])
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
                r.warn(lastDuplicate, BinaryJsonRules.DUPLICATE_STRING, "and " + String.format(java.util.Locale.ROOT, "%,d",
                        duplicates - REPORTED_DUPLICATES) + " more duplicate strings (" + duplicates + " in all; the last is shown here)");
            }
            r.at(p);
        } catch (ReadProblem f) {
            r.report(f.diagnostic());
            recordEntries(entriesStart, pos[parsed]);
            return new StringTable(count, parsed, strs, pos, start, pos[parsed], false);
        }
        long end = r.pos();
        recordEntries(entriesStart, end);
        if (sj) {
            long actual = end - entriesStart;
            if (actual != length.value()) {
                r.error(length.start(), BinaryJsonRules.SJ_LENGTH_MISMATCH, "string table length says " + length.value()
                        + " bytes but the entries take " + actual);
            }
            for (long k = 0; k < StringTable.indexEntries(count); k++) {
                long at = indexPos + 4 * k;
                long stored = r.src.u32le(at);
                long real = pos[(int) (16 * k)] - entriesStart;
                if (stored != real) {
                    r.error(at, BinaryJsonRules.SJ_INDEX_MISMATCH, "index entry " + k + " (string " + 16 * k + ") says offset "
                            + stored + " but the string starts at " + real);
                }
            }
        }
        return new StringTable(count, parsed, strs, pos, start, end, true);
    }

    /** The entries as one field, once reading got to them. */
    private void recordEntries(long entriesStart, long end) {
        if (entriesStart >= 0) {
            r.record("strings.entries", -1, "entries", entriesStart, end, (end - entriesStart) + " bytes",
                    "each string: uflex byte length, then UTF-8 bytes");
        }
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
            r.error(p + in.position(), BinaryJsonRules.INVALID_UTF8, what + " is not valid UTF-8 (byte "
                    + String.format("0x%02X", b[in.position()] & 0xff) + " at position " + in.position() + ")");
            return new String(b, StandardCharsets.UTF_8);
        }
        out.flip();
        return out.toString();
    }
}
