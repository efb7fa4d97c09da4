package org.packscope.codec.binjson;

import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.io.ByteSource;

/**
 * The recording reader: positional reads over a {@link ByteSource}, every check of the
 * spec with its offset (section 7.12). Problems after which nothing can be read throw
 * {@link BjFatal}; the others go to the sink and reading goes on. Inside {@link #skip}
 * the sink is muted: a value's problems are reported by whoever reads that value.
 * One instance per thread.
 */
final class BjReader {
    static final long MAX_ELEMENTS = 1L << 48;
    static final int MAX_DEPTH = 1000;
    /**
     * Most empty lists an N-D array with a zero dimension may expand to. Conforming
     * writers never produce such arrays (spec 7.8), and a few bytes claiming millions
     * of them would cost seconds of output; a million is plenty for foreign writers.
     */
    static final long MAX_EMPTY_LISTS = 1L << 20;
    /** String-array index errors reported per array before they are only counted. */
    static final int MAX_INDEX_REPORTS = 20;

    final ByteSource src;
    final long size;
    private final Consumer<Diagnostic> sink;
    private int quiet;

    Header header;
    StringTable strings;

    /** Position after the last uflex or value read. */
    long next;
    /** Whether the last uflex had redundant trailing groups (already warned). */
    boolean lastNonCanonical;

    BjReader(ByteSource src, Consumer<Diagnostic> sink) {
        this.src = src;
        this.size = src.size();
        this.sink = sink;
    }

    BjReader(Document doc, Consumer<Diagnostic> sink) {
        this(doc.source(), sink);
        this.header = doc.header();
        this.strings = doc.strings();
    }

    // ------------------------------------------------------------------ reporting

    private boolean reporting() { return quiet == 0 && (!onlyInsideLarge || insideLarge > 0); }

    void report(Diagnostic d) {
        if (reporting()) sink.accept(d);
    }

    void error(long offset, String rule, String message) {
        if (reporting()) sink.accept(Diagnostic.errorAtByte(offset, rule, message));
    }

    void warn(long offset, String rule, String message) {
        if (reporting()) sink.accept(Diagnostic.warningAtByte(offset, rule, message));
    }

    /**
     * Containers with more children than this are drill-down nodes in the inspection
     * tree: a whole-tree walk does not visit their children, so the file's verifier
     * reports what lies inside them (see {@link #onlyInsideLarge}).
     */
    static final int LARGE_CONTAINER = 4096;

    /** Verifier mode: report only problems inside the children of a large container. */
    boolean onlyInsideLarge;
    /**
     * How many large containers' children the decoder is inside. Not unwound when a
     * fatal problem escapes, so the catcher can tell where it happened.
     */
    int insideLarge;

    static BjFatal fatal(long offset, String rule, String message) {
        return new BjFatal(Diagnostic.errorAtByte(offset, rule, message));
    }

    BjFatal eof() {
        return fatal(size, Rules.UNEXPECTED_EOF, "the file ends at byte " + size + " in the middle of a value");
    }

    // ------------------------------------------------------------------ primitives

    int u8(long p) {
        if (p < 0 || p >= size) throw eof();
        return src.get(p) & 0xff;
    }

    void need(long p, long n) {
        if (p > size || n > size - p) throw eof();
    }

    /** Reads the uflex at {@code p}; {@link #next} is set to the byte after it. */
    long uflex(long p, String what) {
        long v = 0;
        long q = p;
        for (int i = 0; ; i++) {
            if (i == 10) throw fatal(p, Rules.UFLEX_TOO_LONG, what + ": a uflex longer than 10 bytes");
            int b = u8(q++);
            if (i == 9 && (b & 0x7f) > 1) {
                throw fatal(p, Rules.UFLEX_OVERFLOW, what + ": uflex value above 2^64-1");
            }
            v |= (long) (b & 0x7f) << (7 * i);
            if ((b & 0x80) == 0) {
                lastNonCanonical = b == 0 && i > 0;
                if (lastNonCanonical) {
                    warn(p, Rules.NON_CANONICAL_UFLEX, what + ": uflex of " + (i + 1)
                            + " bytes has redundant trailing zero groups (value " + Long.toUnsignedString(v) + ")");
                }
                next = q;
                return v;
            }
        }
    }

    /** Bytes the uflex at p occupies (it has been read before, so it is well formed). */
    int uflexLength(long p) {
        int n = 1;
        while ((u8(p + n - 1) & 0x80) != 0 && n < 10) n++;
        return n;
    }

    /**
     * The inline flex of the type byte {@code t} at {@code p} with {@code vb} value bits:
     * low bits from the type byte, the rest from a continuation uflex when C is set.
     */
    private long inlineFlex(Head h, long p, int t, int vb) {
        long low = t & ((1 << vb) - 1);
        if ((t & (1 << vb)) == 0) {
            next = p + 1;
            return low;
        }
        h.contPos = p + 1;
        long hi = uflex(p + 1, "inline flex continuation");
        h.contEnd = next;
        if (hi == 0 && !lastNonCanonical) {
            warn(p + 1, Rules.NON_CANONICAL_UFLEX,
                    "continuation flag set but the continuation is 0: the value fits in the type byte");
        }
        if ((hi >>> (64 - vb)) != 0) {
            throw fatal(p, Rules.UFLEX_OVERFLOW, "inline flex reassembles to a value above 2^64-1");
        }
        return (hi << vb) | low;
    }

    // ------------------------------------------------------------------ header and strings

    Header readHeader() {
        if (size >= 1 && u8(0) != 'B' && u8(0) != 'S') throw badMagic();
        need(0, 2);
        int m0 = u8(0);
        if (u8(1) != 'J') throw badMagic();
        long version = uflex(2, "version");
        long fcPos = next;
        if (version != 1) {
            throw fatal(2, Rules.UNSUPPORTED_VERSION, "protocol version " + Long.toUnsignedString(version)
                    + " is not supported (only 1)");
        }
        long fc = uflex(fcPos, "float compression");
        if (Long.compareUnsigned(fc, 6) > 0) {
            throw fatal(fcPos, Rules.FLOAT_COMPRESSION_OUT_OF_RANGE, "float compression "
                    + Long.toUnsignedString(fc) + " is above the maximum 6");
        }
        header = new Header(m0 == 'S', version, (int) fc, 2, fcPos, next);
        return header;
    }

    private BjFatal badMagic() {
        String shown = size >= 2 ? printable(u8(0)) + printable(u8(1)) : printable(u8(0));
        return fatal(0, Rules.BAD_MAGIC, "magic '" + shown + "' is neither 'BJ' nor 'SJ'");
    }

    private static String printable(int b) {
        return b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02X", b);
    }

    static String quote(String s) {
        String shown = s.length() > 40 ? s.substring(0, 40) + "…" : s;
        return "\"" + shown + "\"";
    }

    /** Reads the string table at {@code p} (see {@link StringTableReader}). */
    StringTable readStrings(long p) {
        strings = new StringTableReader(this).read(p);
        return strings;
    }

    // ------------------------------------------------------------------ values

    /** Reads the head of the value at {@code p}: everything up to its body. */
    Head readHead(long p) {
        int t = u8(p);
        Head.Kind kind = Head.kindOf(t);
        if (kind == null) {
            throw fatal(p, Rules.RESERVED_TYPE_BYTE, String.format("type byte 0x%02X is reserved", t));
        }
        Head h = new Head(p, t, kind);
        switch (kind) {
            case NULL, FALSE, TRUE -> h.end = p + 1;
            case FLOAT -> readFloat(h, p, t);
            case INT -> {
                h.tagBits = 3;
                h.flex = inlineFlex(h, p, t, 4);
                h.end = next;
            }
            case STRING -> {
                h.tagBits = 3;
                h.flex = inlineFlex(h, p, t, 4);
                h.end = next;
                if (!strings.has(h.flex)) {
                    h.badIndex = true;
                    error(p, Rules.STRING_INDEX_OUT_OF_RANGE, "string index " + Long.toUnsignedString(h.flex)
                            + " is out of range (the table has " + strings.count() + " strings)");
                }
            }
            case F32 -> {
                if ((t & 0x0f) != 0) {
                    error(p, Rules.NONZERO_NIBBLE, String.format(
                            "f32 type byte 0x%02X: the low nibble must be 0", t));
                }
                need(p + 1, 4);
                h.bits = src.get(p + 1) & 0xffL;
                for (int i = 2; i <= 4; i++) h.bits = h.bits << 8 | (src.get(p + i) & 0xff);
                h.bodyStart = p + 1;
                h.end = p + 5;
            }
            case FLOAT_AS_INT -> {
                h.tagBits = 4;
                h.flex = inlineFlex(h, p, t, 3);
                h.end = next;
            }
            case MAP, LIST -> {
                h.tagBits = 3;
                h.flex = inlineFlex(h, p, t, 4);
                long q = next;
                String what = kind == Head.Kind.MAP ? "map entry count " : "list element count ";
                if (Long.compareUnsigned(h.flex, size - q) > 0) {
                    throw fatal(p, Rules.LENGTH_EXCEEDS_INPUT, what + Long.toUnsignedString(h.flex)
                            + " is larger than the " + (size - q) + " bytes left");
                }
                h.count = h.flex;
                h.bodyStart = sjLength(h, q);
                if (h.lengthPos >= 0) h.end = h.lengthEnd + h.length;
            }
            case NDARRAY -> readNdHead(h, p, t);
        }
        return h;
    }

    private void readFloat(Head h, long p, int t) {
        int hhhh = t & 0x0f;
        h.bodyStart = p + 1;
        if (header.floatComp() == 0) {
            if (hhhh != 0) {
                error(p, Rules.NONZERO_NIBBLE, String.format(
                        "float type byte 0x%02X: with float compression 0 the low nibble must be 0", t));
            }
            need(p + 1, 8);
            long bits = 0;
            for (int i = 1; i <= 8; i++) bits = bits << 8 | (src.get(p + i) & 0xff);
            h.bits = bits;
            h.end = p + 9;
        } else {
            int n = header.scalarFloatBytes();
            need(p + 1, n);
            long bits = (long) hhhh << 60;
            for (int i = 0; i < n; i++) bits |= (long) (src.get(p + 1 + i) & 0xff) << (52 - 8 * i);
            h.bits = bits;
            h.end = p + 1 + n;
        }
    }

    /** Reads the SJ body length at q (if seekable) and returns where the body starts. */
    private long sjLength(Head h, long q) {
        if (!header.seekable()) return q;
        h.lengthPos = q;
        h.length = uflex(q, "body length");
        h.lengthEnd = next;
        if (Long.compareUnsigned(h.length, size - next) > 0) {
            throw fatal(q, Rules.LENGTH_EXCEEDS_INPUT, "body length " + Long.toUnsignedString(h.length)
                    + " is larger than the " + (size - next) + " bytes left");
        }
        return next;
    }

    private void readNdHead(Head h, long p, int t) {
        h.elemType = (t >> 4) & 3;
        int d = t & 0x0f;
        if (d == 0) throw fatal(p, Rules.ZERO_DIMENSIONS, String.format("N-D array type byte 0x%02X has 0 dimensions", t));
        h.dims = new long[d];
        h.dimPos = new long[d];
        long q = p + 1;
        boolean zero = false;
        for (int k = 0; k < d; k++) {
            h.dimPos[k] = q;
            h.dims[k] = uflex(q, "dimension " + k);
            q = next;
            if (h.dims[k] == 0) zero = true;
        }
        long count = 1;
        if (zero) {
            count = 0;
            long lists = 1;
            for (int k = 0; k < d - 1 && h.dims[k] != 0; k++) {
                if (Long.compareUnsigned(h.dims[k], MAX_EMPTY_LISTS / lists) > 0) {
                    throw fatal(p, Rules.IMPLEMENTATION_LIMIT, "this N-D array has no elements but would expand to more than "
                            + MAX_EMPTY_LISTS + " empty lists");
                }
                lists *= h.dims[k];
            }
        } else {
            for (int k = 0; k < d; k++) {
                if (Long.compareUnsigned(h.dims[k], MAX_ELEMENTS / count) > 0) {
                    throw fatal(p, Rules.ELEMENT_COUNT_TOO_LARGE, "N-D array element count (product of dimensions "
                            + dimsText(h.dims) + ") is above 2^48");
                }
                count *= h.dims[k];
            }
        }
        h.count = count;
        q = sjLength(h, q);
        long dataBytes;
        switch (h.elemType) {
            case 0 -> dataBytes = count;
            case 1 -> dataBytes = (count + 7) / 8;
            case 2 -> {
                h.widthPos = q;
                int w = u8(q);
                if (w != 1 && w != 2 && w != 4 && w != 8) {
                    throw fatal(q, Rules.INVALID_INT_WIDTH, "int width " + w + " is not 1, 2, 4 or 8");
                }
                h.width = w;
                q++;
                dataBytes = count * w;
            }
            default -> dataBytes = count * header.planes();
        }
        if (dataBytes > size - q) {
            throw fatal(p, Rules.LENGTH_EXCEEDS_INPUT, "N-D array of " + count + " " + Head.ELEMENT_TYPES[h.elemType]
                    + "s needs " + (h.elemType == 0 ? "at least " : "") + dataBytes + " data bytes but only "
                    + (size - q) + " are left");
        }
        h.bodyStart = q;
        if (h.elemType != 0) {
            h.end = q + dataBytes;
            checkSjLength(h, h.end);
        }
    }

    static String dimsText(long[] dims) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < dims.length; k++) {
            if (k > 0) sb.append('×');
            sb.append(Long.toUnsignedString(dims[k]));
        }
        return sb.toString();
    }

    /** Compares an SJ body length with where the body really ends. */
    void checkSjLength(Head h, long realEnd) {
        if (h.lengthPos < 0) return;
        long real = realEnd - h.lengthEnd;
        if (real != h.length) {
            error(h.lengthPos, Rules.SJ_LENGTH_MISMATCH, "body length says " + h.length + " bytes but the body takes " + real);
        }
    }

    /** Padding checks of boolean and truncated-float N-D data (warnings). */
    void checkNdPadding(Head h) {
        if (h.count == 0) return;
        if (h.elemType == 1) {
            int used = (int) (h.count % 8);
            if (used != 0) {
                long at = h.bodyStart + h.count / 8;
                int b = u8(at);
                if ((b >>> used) != 0) {
                    warn(at, Rules.PADDING_BITS_SET, String.format(
                            "unused high bits of the last boolean byte are set (0x%02X); they are ignored", b));
                }
            }
        } else if (h.elemType == 3 && header.keptBits() % 8 == 4) {
            long plane = h.bodyStart + (header.planes() - 1) * h.count;
            long first = -1, n = 0;
            for (long i = 0; i < h.count; i++) {
                if ((src.get(plane + i) & 0x0f) != 0) {
                    if (first < 0) first = i;
                    n++;
                }
            }
            if (first >= 0) {
                warn(plane + first, Rules.PADDING_BITS_SET, "low nibble of the last byte plane is set for element "
                        + first + (n > 1 ? " and " + (n - 1) + " more" : "") + "; those removed bits read as 0");
            }
        }
    }

    /** Bits of float element i of an N-D array (removed bits zero). */
    long ndFloatBits(Head h, long i) {
        int planes = header.planes();
        long bits = 0;
        long at = h.bodyStart + i;
        for (int j = 0; j < planes; j++, at += h.count) bits |= (long) (src.get(at) & 0xff) << (56 - 8 * j);
        return bits & (-1L << header.removedBits());
    }

    long ndInt(Head h, long i) {
        long at = h.bodyStart + i * h.width;
        return switch (h.width) {
            case 1 -> src.get(at);
            case 2 -> (short) src.u16le(at);
            case 4 -> src.i32le(at);
            default -> src.i64le(at);
        };
    }

    boolean ndBool(Head h, long i) {
        return (src.get(h.bodyStart + (i >>> 3)) >>> (i & 7) & 1) != 0;
    }

    // ------------------------------------------------------------------ skipping

    /** The count of the map or list at p, read quietly (its problems are reported when it is read). */
    long skipHeadCount(long p) {
        quiet++;
        try {
            Head h = new Head(p, u8(p), Head.Kind.LIST);
            return inlineFlex(h, p, h.typeByte, 4);
        } finally {
            quiet--;
        }
    }

    /** The end of the value at p, with its own problems muted; fatal problems still throw. */
    long skip(long p, int depth) {
        quiet++;
        try {
            return skipValue(p, depth);
        } finally {
            quiet--;
        }
    }

    private long skipValue(long p, int depth) {
        if (depth > MAX_DEPTH) throw tooDeep(p);
        Head h = readHead(p);
        if (h.scalar()) return h.end;
        if (h.lengthPos >= 0) return h.lengthEnd + h.length;
        long q = h.bodyStart;
        switch (h.kind) {
            case MAP -> {
                for (long i = 0; i < h.count; i++) {
                    uflex(q, "key");
                    q = skipValue(next, depth + 1);
                }
            }
            case LIST -> {
                for (long i = 0; i < h.count; i++) q = skipValue(q, depth + 1);
            }
            default -> {
                if (h.elemType != 0) return h.end;
                for (long i = 0; i < h.count; i++) {
                    uflex(q, "string element");
                    q = next;
                }
            }
        }
        return q;
    }

    static BjFatal tooDeep(long p) {
        return fatal(p, Rules.TOO_DEEP, "values nested deeper than " + MAX_DEPTH + " levels are not read");
    }

    // ------------------------------------------------------------------ keys and string elements

    /**
     * Reads the map key uflex at q (next is set after it), checks its index and, with a
     * key set, duplicates. Returns the key text ("?index" for a bad index).
     */
    String readKey(long q, Set<String> keys) {
        long idx = uflex(q, "map key");
        long after = next;
        String key;
        if (!strings.has(idx)) {
            error(q, Rules.STRING_INDEX_OUT_OF_RANGE, "map key index " + Long.toUnsignedString(idx)
                    + " is out of range (the table has " + strings.count() + " strings)");
            key = "?" + Long.toUnsignedString(idx);
        } else {
            key = strings.get(idx);
            if (keys != null && !keys.add(key)) {
                error(q, Rules.DUPLICATE_MAP_KEY, "key " + quote(key) + " (string " + idx + ") appears twice in this map");
            }
        }
        next = after;
        return key;
    }

    private int ndIndexErrors;

    /** Starts counting string-index errors of one N-D array afresh. */
    void resetIndexErrors() { ndIndexErrors = 0; }

    /** String element i whose uflex is at q (next is set after it); null for a bad index. */
    String ndString(Head h, long q, long i) {
        long idx = uflex(q, "string element " + i);
        if (strings.has(idx)) return strings.get(idx);
        if (ndIndexErrors++ < MAX_INDEX_REPORTS) {
            error(q, Rules.STRING_INDEX_OUT_OF_RANGE, "element " + i + ": string index " + Long.toUnsignedString(idx)
                    + " is out of range (the table has " + strings.count() + " strings)");
        }
        return null;
    }

    void reportIndexErrorTail(Head h) {
        if (ndIndexErrors > MAX_INDEX_REPORTS) {
            error(h.offset, Rules.STRING_INDEX_OUT_OF_RANGE, (ndIndexErrors - MAX_INDEX_REPORTS)
                    + " more elements of this array have string indices out of range");
        }
    }

    /** Checks every string element of an N-D array (the inspection path); returns the data end. */
    long scanNdStrings(Head h) {
        ndIndexErrors = 0;
        long q = h.bodyStart;
        for (long i = 0; i < h.count; i++) {
            ndString(h, q, i);
            q = next;
        }
        reportIndexErrorTail(h);
        checkSjLength(h, q);
        return q;
    }
}
