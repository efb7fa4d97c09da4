package org.packscope.codec.binjson;

import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * Binary JSON's reader: reads uflexes, heads, keys and string elements at the position of
 * a {@link FieldReader} and leaves it after what it read, with every check of the spec and
 * its offset (section 7.12). Given a {@link Recorder}, it records each field of a head (the
 * type byte's tag and payload bits, continuation, SJ length, dimensions, int width, float
 * payload) as it reads it; with {@link Recorder#NONE} it is the decoder's fast path.
 * Problems after which nothing can be read throw {@link ReadProblem}; the others go to the
 * sink and reading goes on. Inside {@link #skip} the sink is muted: a value's problems are
 * reported by whoever reads that value. One instance per thread.
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
    private final FieldReader in;
    private final Consumer<Diagnostic> sink;
    private int quiet;

    Header header;
    StringTable strings;

    /** Whether the last uflex had redundant trailing groups (already warned). */
    private boolean lastNonCanonical;

    BjReader(ByteSource src, Consumer<Diagnostic> sink) {
        this(src, sink, Recorder.NONE);
    }

    BjReader(ByteSource src, Consumer<Diagnostic> sink, Recorder recorder) {
        this.src = src;
        this.size = src.size();
        this.sink = sink;
        this.in = new FieldReader(src, 0, recorder);
    }

    BjReader(Document doc, Consumer<Diagnostic> sink) {
        this(doc, sink, Recorder.NONE);
    }

    BjReader(Document doc, Consumer<Diagnostic> sink, Recorder recorder) {
        this(doc.source(), sink, recorder);
        this.header = doc.header();
        this.strings = doc.strings();
    }

    /** A reader that reports nothing and records nothing (for offsets and values already checked). */
    static BjReader silent(Document doc) {
        return new BjReader(doc, d -> { });
    }

    // ------------------------------------------------------------------ position

    /** The byte the next read starts at: after the last uflex, head or value read. */
    long pos() { return in.byteOffset(); }

    /** Moves to byte {@code p}; returns this, so a read can follow. */
    BjReader at(long p) {
        in.seekByte(p);
        return this;
    }

    /** Whether fields are recorded: never while skipping (see {@link #skip}), where values are only stepped over. */
    boolean recording() { return quiet == 0 && in.recording(); }

    /** Records a field over bytes [from, to) already read (made only when recording). */
    void record(String key, int index, String label, long from, long to, Object value, String meaning) {
        if (recording()) in.recordSpan(key, index, label, from, to, value, meaning);
    }

    /** Records a field of {@code bits} bits at absolute bit {@code bit} (bit fields of a type byte). */
    private void recordBits(String key, String label, long bit, int bits, Object value, String meaning) {
        in.recorder().field(key, -1, label, bit, bits, value, meaning);
    }

    // ------------------------------------------------------------------ reporting

    private boolean reporting() { return quiet == 0 && (!onlyInsideLarge || insideLarge > 0); }

    void report(Diagnostic d) {
        if (reporting()) sink.accept(d);
    }

    void error(long offset, Rule rule, String message) {
        if (reporting()) sink.accept(Diagnostic.errorAtByte(offset, rule, message));
    }

    void warn(long offset, Rule rule, String message) {
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

    static ReadProblem fatal(long offset, Rule rule, String message) {
        return ReadProblem.atByte(rule, offset, message);
    }

    ReadProblem eof() {
        return fatal(size, BinaryJsonRules.UNEXPECTED_EOF, "the file ends at byte " + size + " in the middle of a value");
    }

    // ------------------------------------------------------------------ primitives

    int u8(long p) {
        if (p < 0 || p >= size) throw eof();
        return src.get(p) & 0xff;
    }

    /** The byte at the position, which moves past it. */
    private int nextU8() {
        long p = in.byteOffset();
        int b = u8(p);
        in.seekByte(p + 1);
        return b;
    }

    void need(long p, long n) {
        if (p > size || n > size - p) throw eof();
    }

    /** Reads the uflex at the position, which moves past it. */
    long uflex(String what) {
        long p = in.byteOffset();
        if (p >= 0 && p < size) {
            byte b = src.get(p);
            if (b >= 0) { // one byte, high bit clear: most counts, lengths and indices
                lastNonCanonical = false;
                in.seekByte(p + 1);
                return b;
            }
        }
        return uflexGroups(p, what);
    }

    /** A uflex of more than one byte (or one past the end), group by group with every check. */
    private long uflexGroups(long p, String what) {
        long v = 0;
        long q = p;
        for (int i = 0; ; i++) {
            if (i == 10) throw fatal(p, BinaryJsonRules.UFLEX_TOO_LONG, what + ": a uflex longer than 10 bytes");
            int b = u8(q++);
            if (i == 9 && (b & 0x7f) > 1) {
                throw fatal(p, BinaryJsonRules.UFLEX_OVERFLOW, what + ": uflex value above 2^64-1");
            }
            v |= (long) (b & 0x7f) << (7 * i);
            if ((b & 0x80) == 0) {
                lastNonCanonical = b == 0 && i > 0;
                if (lastNonCanonical) {
                    warn(p, BinaryJsonRules.NON_CANONICAL_UFLEX, what + ": uflex of " + (i + 1)
                            + " bytes has redundant trailing zero groups (value " + Long.toUnsignedString(v) + ")");
                }
                in.seekByte(q);
                return v;
            }
        }
    }

    /** Reads the uflex at the position ({@code what} names it in problems) and records it as one field. */
    long uflex(String key, String label, String what, String meaning) {
        long p = in.byteOffset();
        long v = uflex(what);
        record(key, -1, label, p, in.byteOffset(), recording() ? Long.toUnsignedString(v) : null, meaning);
        return v;
    }

    /** Reads the uflex at the position with its problems muted (they belong to whoever owns it). */
    long uflexQuietly(String what) {
        quiet++;
        try {
            return uflex(what);
        } finally {
            quiet--;
        }
    }

    // ------------------------------------------------------------------ header and strings

    /** Reads the file header at byte 0, recording magic, version and float compression. */
    Header readHeader() {
        if (size >= 2 && recording()) {
            int a = u8(0), b = u8(1);
            boolean ok = (a == 'B' || a == 'S') && b == 'J';
            record("magic", -1, "magic", 0, 2, ok ? (char) a + "J" : printable(a) + printable(b), !ok
                    ? "file identifier, must be BJ or SJ" : a == 'S'
                    ? "SJ: seekable binary JSON (containers carry byte lengths, strings an index)"
                    : "BJ: plain binary JSON");
        }
        if (size >= 1 && u8(0) != 'B' && u8(0) != 'S') throw badMagic();
        need(0, 2);
        int m0 = u8(0);
        if (u8(1) != 'J') throw badMagic();
        boolean seekable = m0 == 'S';
        at(2);
        long version = uflex("version");
        record("version", -1, "version", 2, pos(), version, "protocol version (uflex), must be 1");
        long fcPos = pos();
        if (version != 1) {
            throw fatal(2, BinaryJsonRules.UNSUPPORTED_VERSION, "protocol version " + Long.toUnsignedString(version)
                    + " is not supported (only 1)");
        }
        long fc = uflex("float compression");
        if (Long.compareUnsigned(fc, 6) > 0) {
            throw fatal(fcPos, BinaryJsonRules.FLOAT_COMPRESSION_OUT_OF_RANGE, "float compression "
                    + Long.toUnsignedString(fc) + " is above the maximum 6");
        }
        header = new Header(seekable, version, (int) fc, pos());
        record("floatcomp", -1, "floatcomp", fcPos, pos(), header.floatComp(), recording()
                ? "float compression c: removes r(c) = " + header.removedBits() + " low bits of every f64, keeping K = "
                        + header.keptBits() : null);
        return header;
    }

    private ReadProblem badMagic() {
        String shown = size >= 2 ? printable(u8(0)) + printable(u8(1)) : printable(u8(0));
        return fatal(0, BinaryJsonRules.BAD_MAGIC, "magic '" + shown + "' is neither 'BJ' nor 'SJ'");
    }

    static String printable(int b) {
        return b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02X", b);
    }

    static String quote(String s) {
        String shown = s.length() > 40 ? s.substring(0, 40) + "…" : s;
        return "\"" + shown + "\"";
    }

    /** Reads the string table at the position (see {@link StringTableReader}). */
    StringTable readStrings() {
        strings = new StringTableReader(this).read();
        return strings;
    }

    // ------------------------------------------------------------------ values

    /** Reads (and records) the type byte at the position. */
    int typeByte() {
        long p = pos();
        int t = nextU8();
        if (recording()) recordTypeByte(p, t);
        return t;
    }

    // Recording is kept out of the reading methods, so that those stay small enough for the
    // JIT to inline into the decoder's loop, which records nothing.

    private void recordTypeByte(long p, int t) {
        record("type_byte", -1, "type byte", p, p + 1, String.format("0x%02X", t), describeType(t));
    }

    private void recordFlexBits(long p, int t, int tagBits) {
        int vb = 7 - tagBits;
        long bit0 = p * 8;
        recordBits(tagBits == 3 ? "flex.tag" : "fai.tag", "tag", bit0 + 8 - tagBits, tagBits, bin(t >> (8 - tagBits), tagBits),
                describeType(t));
        recordBits("flex.c", "C", bit0 + vb, 1, (t >> vb) & 1, "continuation flag: 1 = a uflex with the high bits follows");
        recordBits("flex.low_bits", "low bits", bit0, vb, bin(t & ((1 << vb) - 1), vb), "low " + vb + " bits of the inline flex");
    }

    private void recordUflex(String key, String label, long from, long to, long value, String meaning) {
        record(key, -1, label, from, to, Long.toUnsignedString(value), meaning);
    }

    /** What the type byte {@code t} says, for its field. */
    static String describeType(int t) {
        Head.Kind k = Head.kindOf(t);
        if (k == null) return "reserved type byte (0x01, 0x04..0x0F): corruption";
        return switch (k) {
            case NULL -> "null";
            case FALSE -> "false";
            case TRUE -> "true";
            case FLOAT -> "0001 hhhh: float, truncated binary64";
            case INT -> "001 C pppp: int, inline flex of zigzag(n)";
            case STRING -> "010 C pppp: string, inline flex of the string index";
            case F32 -> "0110 0000: float stored as binary32";
            case FLOAT_AS_INT -> "0111 C ppp: float-as-int, inline flex of zigzag(n)";
            case MAP -> "100 C pppp: map, inline flex of the entry count";
            case LIST -> "101 C pppp: inhomogeneous list, inline flex of the element count";
            case NDARRAY -> "11 tt dddd: homogeneous N-D array";
        };
    }

    /** Reads the head of the value at the position: everything up to its body, where the position is left. */
    Head readHead() {
        long p = pos();
        int t = typeByte();
        Head.Kind kind = Head.kindOf(t);
        if (kind == null) {
            throw fatal(p, BinaryJsonRules.RESERVED_TYPE_BYTE, String.format("type byte 0x%02X is reserved", t));
        }
        return switch (kind) {
            case NULL, FALSE, TRUE -> new Head(p, t, kind, 0, 0, null, null, null, 0, p + 1, 0, false);
            case FLOAT -> readFloat(p, t);
            case F32 -> readF32(p, t);
            case INT, FLOAT_AS_INT -> {
                int tagBits = kind == Head.Kind.INT ? 3 : 4;
                Head.Uflex cont = inlineFlex(p, t, tagBits);
                long flex = flexValue(t, tagBits, cont);
                yield new Head(p, t, kind, tagBits, flex, cont, null, null, 0, pos(), 0, false);
            }
            case STRING -> {
                Head.Uflex cont = inlineFlex(p, t, 3);
                long flex = flexValue(t, 3, cont);
                boolean bad = !strings.has(flex);
                if (bad) {
                    error(p, BinaryJsonRules.STRING_INDEX_OUT_OF_RANGE, "string index " + Long.toUnsignedString(flex)
                            + " is out of range (the table has " + strings.count() + " strings)");
                }
                yield new Head(p, t, kind, 3, flex, cont, null, null, 0, pos(), 0, bad);
            }
            case MAP, LIST -> {
                Head.Uflex cont = inlineFlex(p, t, 3);
                long flex = flexValue(t, 3, cont);
                long q = pos();
                String what = kind == Head.Kind.MAP ? "map entry count " : "list element count ";
                if (Long.compareUnsigned(flex, size - q) > 0) {
                    throw fatal(p, BinaryJsonRules.LENGTH_EXCEEDS_INPUT, what + Long.toUnsignedString(flex)
                            + " is larger than the " + (size - q) + " bytes left");
                }
                Head.Uflex length = sjLength();
                yield new Head(p, t, kind, 3, flex, cont, length, null, flex, pos(), 0, false);
            }
            case NDARRAY -> readNdHead(p, t);
        };
    }

    /**
     * Records the tag, C and low bits of an inline-flex type byte {@code t} at {@code p}
     * and reads the continuation uflex after it when C is set (null otherwise).
     */
    private Head.Uflex inlineFlex(long p, int t, int tagBits) {
        int vb = 7 - tagBits;
        if (recording()) recordFlexBits(p, t, tagBits);
        if ((t & (1 << vb)) == 0) return null;
        long start = pos();
        long hi = uflex("inline flex continuation");
        if (hi == 0 && !lastNonCanonical) {
            warn(p + 1, BinaryJsonRules.NON_CANONICAL_UFLEX,
                    "continuation flag set but the continuation is 0: the value fits in the type byte");
        }
        if ((hi >>> (64 - vb)) != 0) {
            throw fatal(p, BinaryJsonRules.UFLEX_OVERFLOW, "inline flex reassembles to a value above 2^64-1");
        }
        if (recording()) recordUflex("flex.continuation", "continuation", start, pos(), hi, "uflex: the value shifted right by " + vb);
        return new Head.Uflex(start, pos(), hi);
    }

    /** The inline flex u: the low bits of the type byte, below the continuation's when there is one. */
    private static long flexValue(int t, int tagBits, Head.Uflex cont) {
        int vb = 7 - tagBits;
        long low = t & ((1 << vb) - 1);
        return cont == null ? low : (cont.value() << vb) | low;
    }

    static String bin(int v, int bits) {
        StringBuilder sb = new StringBuilder();
        for (int i = bits - 1; i >= 0; i--) sb.append((v >> i) & 1);
        return sb.toString();
    }

    private Head readFloat(long p, int t) {
        int hhhh = t & 0x0f;
        boolean exact = header.floatComp() == 0;
        int n = exact ? 8 : header.scalarFloatBytes();
        if (exact && hhhh != 0) {
            error(p, BinaryJsonRules.NONZERO_NIBBLE, String.format(
                    "float type byte 0x%02X: with float compression 0 the low nibble must be 0", t));
        }
        need(p + 1, n);
        long bits;
        if (exact) {
            bits = 0;
            for (int i = 1; i <= 8; i++) bits = bits << 8 | (src.get(p + i) & 0xff);
        } else {
            bits = (long) hhhh << 60;
            for (int i = 0; i < n; i++) bits |= (long) (src.get(p + 1 + i) & 0xff) << (52 - 8 * i);
        }
        at(p + 1 + n);
        if (recording()) recordFloat(p, t, n);
        return new Head(p, t, Head.Kind.FLOAT, 0, 0, null, null, null, 0, p + 1 + n, bits, false);
    }

    private void recordFloat(long p, int t, int n) {
        boolean exact = header.floatComp() == 0;
        recordBits("float.tag", "tag", p * 8 + 4, 4, "0001", "float");
        recordBits("float.hhhh", "hhhh", p * 8, 4, bin(t & 0x0f, 4), exact
                ? "must be 0000 with float compression 0" : "the 4 most significant bits (sign, top exponent bits)");
        record("float.payload", -1, "payload", p + 1, p + 1 + n, hex(p + 1, n), exact
                ? "the binary64, big-endian" : "the next " + (n * 8) + " bits, most significant first; "
                + header.removedBits() + " low bits were removed");
    }

    private Head readF32(long p, int t) {
        if (recording()) {
            recordBits("f32.tag", "tag", p * 8 + 4, 4, "0110", "float stored as binary32");
            recordBits("f32.nibble", "nibble", p * 8, 4, bin(t & 15, 4), "must be 0000");
        }
        if ((t & 0x0f) != 0) {
            error(p, BinaryJsonRules.NONZERO_NIBBLE, String.format("f32 type byte 0x%02X: the low nibble must be 0", t));
        }
        need(p + 1, 4);
        long bits = src.get(p + 1) & 0xffL;
        for (int i = 2; i <= 4; i++) bits = bits << 8 | (src.get(p + i) & 0xff);
        at(p + 5);
        if (recording()) record("f32.binary32", -1, "binary32", p + 1, p + 5, String.format("0x%08X", bits), "big-endian binary32");
        return new Head(p, t, Head.Kind.F32, 0, 0, null, null, null, 0, p + 5, bits, false);
    }

    /** Space-separated hex of n bytes at p. */
    String hex(long p, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(' ');
            sb.append(String.format("%02X", u8(p + i)));
        }
        return sb.toString();
    }

    /** Reads the SJ body length at the position (if seekable), leaving the position at the body. */
    private Head.Uflex sjLength() {
        if (!header.seekable()) return null;
        long q = pos();
        long length = uflex("body length");
        long after = pos();
        if (Long.compareUnsigned(length, size - after) > 0) {
            throw fatal(q, BinaryJsonRules.LENGTH_EXCEEDS_INPUT, "body length " + Long.toUnsignedString(length)
                    + " is larger than the " + (size - after) + " bytes left");
        }
        if (recording()) recordUflex("body_length", "body length", q, after, length, "SJ: bytes of the body after this field (uflex)");
        return new Head.Uflex(q, after, length);
    }

    private Head readNdHead(long p, int t) {
        int elemType = (t >> 4) & 3;
        int d = t & 0x0f;
        if (recording()) recordNdBits(p, elemType, d);
        if (d == 0) throw fatal(p, BinaryJsonRules.ZERO_DIMENSIONS, String.format("N-D array type byte 0x%02X has 0 dimensions", t));
        long[] dims = new long[d];
        long[] dimPos = new long[d];
        boolean zero = false;
        for (int k = 0; k < d; k++) {
            dimPos[k] = pos();
            dims[k] = uflex("dimension " + k);
            if (recording()) recordDim(k, dimPos[k], dims[k]);
            if (dims[k] == 0) zero = true;
        }
        long count = 1;
        if (zero) {
            count = 0;
            long lists = 1;
            for (int k = 0; k < d - 1 && dims[k] != 0; k++) {
                if (Long.compareUnsigned(dims[k], MAX_EMPTY_LISTS / lists) > 0) {
                    throw fatal(p, BinaryJsonRules.IMPLEMENTATION_LIMIT, "this N-D array has no elements but would expand to more than "
                            + MAX_EMPTY_LISTS + " empty lists");
                }
                lists *= dims[k];
            }
        } else {
            for (int k = 0; k < d; k++) {
                if (Long.compareUnsigned(dims[k], MAX_ELEMENTS / count) > 0) {
                    throw fatal(p, BinaryJsonRules.ELEMENT_COUNT_TOO_LARGE, "N-D array element count (product of dimensions "
                            + dimsText(dims) + ") is above 2^48");
                }
                count *= dims[k];
            }
        }
        Head.Uflex length = sjLength();
        int width = 0;
        long dataBytes;
        switch (elemType) {
            case 0 -> dataBytes = count;
            case 1 -> dataBytes = (count + 7) / 8;
            case 2 -> {
                long q = pos();
                int w = u8(q);
                if (w != 1 && w != 2 && w != 4 && w != 8) {
                    throw fatal(q, BinaryJsonRules.INVALID_INT_WIDTH, "int width " + w + " is not 1, 2, 4 or 8");
                }
                at(q + 1);
                record("nd.width", -1, "width", q, q + 1, w, "bytes per int (1, 2, 4 or 8)");
                width = w;
                dataBytes = count * w;
            }
            default -> dataBytes = count * header.planes();
        }
        long q = pos();
        if (dataBytes > size - q) {
            throw fatal(p, BinaryJsonRules.LENGTH_EXCEEDS_INPUT, "N-D array of " + count + " " + Head.ELEMENT_TYPES[elemType]
                    + "s needs " + (elemType == 0 ? "at least " : "") + dataBytes + " data bytes but only "
                    + (size - q) + " are left");
        }
        Head h = new Head(p, t, Head.Kind.NDARRAY, 0, 0, null, length, new Head.Nd(elemType, dims, dimPos, width, dataBytes),
                count, q, 0, false);
        if (elemType != 0) checkSjLength(h, q + dataBytes);
        return h;
    }

    private void recordNdBits(long p, int elemType, int d) {
        long bit0 = p * 8;
        recordBits("nd.tag", "tag", bit0 + 6, 2, "11", "homogeneous N-D array");
        recordBits("nd.tt", "tt", bit0 + 4, 2, bin(elemType, 2), "element type: " + Head.ELEMENT_TYPES[elemType]);
        recordBits("nd.dddd", "dddd", bit0, 4, d, "number of dimensions");
    }

    private void recordDim(int k, long from, long size) {
        in.recordSpan("nd.dim", k, "dim " + k, from, pos(), Long.toUnsignedString(size), "size of dimension " + k + " (uflex)");
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
        Head.Uflex length = h.bodyLength();
        if (length == null) return;
        long real = realEnd - length.end();
        if (real != length.value()) {
            error(length.start(), BinaryJsonRules.SJ_LENGTH_MISMATCH, "body length says " + length.value()
                    + " bytes but the body takes " + real);
        }
    }

    /** Padding checks of boolean and truncated-float N-D data (warnings). */
    void checkNdPadding(Head h) {
        if (h.count() == 0) return;
        int elemType = h.nd().elemType();
        if (elemType == 1) {
            int used = (int) (h.count() % 8);
            if (used != 0) {
                long at = h.bodyStart() + h.count() / 8;
                int b = u8(at);
                if ((b >>> used) != 0) {
                    warn(at, BinaryJsonRules.PADDING_BITS_SET, String.format(
                            "unused high bits of the last boolean byte are set (0x%02X); they are ignored", b));
                }
            }
        } else if (elemType == 3 && header.keptBits() % 8 == 4) {
            long plane = h.bodyStart() + (header.planes() - 1) * h.count();
            long first = -1, n = 0;
            for (long i = 0; i < h.count(); i++) {
                if ((src.get(plane + i) & 0x0f) != 0) {
                    if (first < 0) first = i;
                    n++;
                }
            }
            if (first >= 0) {
                warn(plane + first, BinaryJsonRules.PADDING_BITS_SET, "low nibble of the last byte plane is set for element "
                        + first + (n > 1 ? " and " + (n - 1) + " more" : "") + "; those removed bits read as 0");
            }
        }
    }

    /** Bits of float element i of an N-D array (removed bits zero). */
    long ndFloatBits(Head h, long i) {
        int planes = header.planes();
        long count = h.count();
        long bits = 0;
        long at = h.bodyStart() + i;
        for (int j = 0; j < planes; j++, at += count) bits |= (long) (src.get(at) & 0xff) << (56 - 8 * j);
        return bits & (-1L << header.removedBits());
    }

    long ndInt(Head h, long i) {
        int width = h.nd().width();
        long at = h.bodyStart() + i * width;
        return switch (width) {
            case 1 -> src.get(at);
            case 2 -> (short) src.u16le(at);
            case 4 -> src.i32le(at);
            default -> src.i64le(at);
        };
    }

    boolean ndBool(Head h, long i) {
        return (src.get(h.bodyStart() + (i >>> 3)) >>> (i & 7) & 1) != 0;
    }

    // ------------------------------------------------------------------ skipping

    /** The count of the map or list at p, read quietly (its problems are reported when it is read). */
    long skipHeadCount(long p) {
        quiet++;
        try {
            int t = u8(p);
            at(p + 1);
            int low = t & 0x0f;
            if ((t & 0x10) == 0) return low;
            long hi = uflex("inline flex continuation");
            if ((hi >>> 60) != 0) throw fatal(p, BinaryJsonRules.UFLEX_OVERFLOW, "inline flex reassembles to a value above 2^64-1");
            return hi << 4 | low;
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
        Head h = at(p).readHead();
        if (h.scalar()) return h.bodyStart();
        if (h.bodyLength() != null) return h.bodyLength().end() + h.bodyLength().value();
        long q = h.bodyStart();
        switch (h.kind()) {
            case MAP -> {
                for (long i = 0; i < h.count(); i++) {
                    at(q).uflex("key");
                    q = skipValue(pos(), depth + 1);
                }
            }
            case LIST -> {
                for (long i = 0; i < h.count(); i++) q = skipValue(q, depth + 1);
            }
            default -> {
                if (!h.nd().strings()) return h.bodyStart() + h.nd().dataBytes();
                at(q);
                for (long i = 0; i < h.count(); i++) uflex("string element");
                q = pos();
            }
        }
        return q;
    }

    static ReadProblem tooDeep(long p) {
        return fatal(p, BinaryJsonRules.TOO_DEEP, "values nested deeper than " + MAX_DEPTH + " levels are not read");
    }

    // ------------------------------------------------------------------ keys and string elements

    /**
     * Reads the map key uflex at the position (which moves past it), checks its index and,
     * with a key set, duplicates. Returns the key text ("?index" for a bad index).
     */
    String readKey(Set<String> keys) {
        long q = pos();
        long idx = uflex("map key");
        if (!strings.has(idx)) {
            error(q, BinaryJsonRules.STRING_INDEX_OUT_OF_RANGE, "map key index " + Long.toUnsignedString(idx)
                    + " is out of range (the table has " + strings.count() + " strings)");
            return "?" + Long.toUnsignedString(idx);
        }
        String key = strings.get(idx);
        if (keys != null && !keys.add(key)) {
            error(q, BinaryJsonRules.DUPLICATE_MAP_KEY, "key " + quote(key) + " (string " + idx + ") appears twice in this map");
        }
        return key;
    }

    private int ndIndexErrors;

    /** Starts counting string-index errors of one N-D array afresh. */
    void resetIndexErrors() { ndIndexErrors = 0; }

    /** String element i whose uflex is at the position (which moves past it); null for a bad index. */
    String ndString(long i) {
        long q = pos();
        long idx = uflex("string element " + i);
        if (strings.has(idx)) return strings.get(idx);
        if (ndIndexErrors++ < MAX_INDEX_REPORTS) {
            error(q, BinaryJsonRules.STRING_INDEX_OUT_OF_RANGE, "element " + i + ": string index " + Long.toUnsignedString(idx)
                    + " is out of range (the table has " + strings.count() + " strings)");
        }
        return null;
    }

    void reportIndexErrorTail(Head h) {
        if (ndIndexErrors > MAX_INDEX_REPORTS) {
            error(h.offset(), BinaryJsonRules.STRING_INDEX_OUT_OF_RANGE, (ndIndexErrors - MAX_INDEX_REPORTS)
                    + " more elements of this array have string indices out of range");
        }
    }

    /** Checks every string element of an N-D array (the inspection path); returns the data end. */
    long scanNdStrings(Head h) {
        ndIndexErrors = 0;
        at(h.bodyStart());
        for (long i = 0; i < h.count(); i++) ndString(i);
        long end = pos();
        reportIndexErrorTail(h);
        checkSjLength(h, end);
        return end;
    }
}
