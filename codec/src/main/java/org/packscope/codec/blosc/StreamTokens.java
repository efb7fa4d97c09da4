package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;

/**
 * A compressed stream of an LZ77 codec (BloscLZ, LZ4, Snappy) cut into its instructions:
 * literal runs (bytes copied from the stream) and matches (bytes copied from earlier
 * output, {@code distance} back). Each token knows the bytes of the stream it takes, so
 * the tokens tile the stream; and the output it makes, so a view can say which bytes each
 * one produces. Nothing is decoded: the parse only walks the instructions, with the
 * decoders' checks, and stops at the first one that is wrong or at {@code maxTokens}.
 * Every loop consumes stream bytes, so no input, however hostile, makes it run longer
 * than the stream or throw.
 */
public final class StreamTokens {
    private StreamTokens() { }

    public enum Kind { LITERALS, MATCH, PREAMBLE }

    /**
     * One instruction: stream bytes {@code [start, start+length)} (relative to the stream),
     * producing output bytes {@code [outPos, outPos+outLength)}; literals come from stream
     * byte {@code literalFrom}, a match from output byte {@code outPos - distance}.
     */
    public record Token(Kind kind, int start, int length, int outPos, int outLength, int distance, int literalFrom) {
        public int end() { return start + length; }
    }

    /**
     * The tokens found, how many stream bytes and output bytes they account for (a token cut
     * short by a problem is not listed), and the
     * first thing wrong ({@code problem}, at stream byte {@code problemAt}), or null when
     * the stream was walked to its end (or to {@code maxTokens}, then {@code truncated}).
     */
    public record Parse(List<Token> tokens, int consumed, int produced, String problem, int problemAt, boolean truncated) {
        public Parse {
            tokens = List.copyOf(tokens);
        }

        public boolean complete() { return problem == null && !truncated; }
    }

    /** Which codecs' streams can be cut into tokens. */
    public static boolean parses(Compformat f) {
        return f == Compformat.BLOSCLZ || f == Compformat.LZ4 || f == Compformat.SNAPPY;
    }

    /** The tokens of {@code src[off, off+len)}, a stream of {@code f} that decodes to {@code outLen} bytes. */
    public static Parse parse(Compformat f, byte[] src, int off, int len, int outLen, int maxTokens) {
        if (off < 0 || len < 0 || off > src.length - len) return new Parse(List.of(), 0, 0, "stream outside its buffer", 0, false);
        return switch (f) {
            case BLOSCLZ -> new Walk(src, off, len, outLen, maxTokens).bloscLz();
            case LZ4 -> new Walk(src, off, len, outLen, maxTokens).lz4();
            case SNAPPY -> new Walk(src, off, len, outLen, maxTokens).snappy();
            case ZLIB, ZSTD -> new Parse(List.of(), 0, 0, f.label() + " streams are not cut into tokens here", 0, false);
        };
    }

    /** The output {@code tokens} make, for checking a parse against the decoder (tokens must be complete). */
    public static byte[] replay(List<Token> tokens, byte[] src, int off, int outLen) {
        byte[] out = new byte[outLen];
        for (Token t : tokens) {
            switch (t.kind()) {
                case LITERALS -> System.arraycopy(src, off + t.literalFrom(), out, t.outPos(), t.outLength());
                // byte by byte: a match may overlap the output it makes (a run)
                case MATCH -> { for (int i = 0; i < t.outLength(); i++) out[t.outPos() + i] = out[t.outPos() - t.distance() + i]; }
                case PREAMBLE -> { }
            }
        }
        return out;
    }

    /** One walk over one stream: positions relative to the stream. */
    private static final class Walk {
        private final byte[] src;
        private final int off;
        private final int end;
        private final int outLen;
        private final int maxTokens;
        private final List<Token> tokens = new ArrayList<>();
        private int ip;
        private int op;

        Walk(byte[] src, int off, int len, int outLen, int maxTokens) {
            this.src = src;
            this.off = off;
            this.end = len;
            this.outLen = Math.max(0, outLen);
            this.maxTokens = Math.max(1, maxTokens);
        }

        private int u8(int at) { return src[off + at] & 0xff; }

        /** The stream bytes the tokens account for: a token cut short by a problem is not one. */
        private int consumed() { return tokens.isEmpty() ? 0 : tokens.get(tokens.size() - 1).end(); }

        private Parse stop(String problem, int at) {
            return new Parse(tokens, consumed(), op, problem, at, false);
        }

        private Parse done() {
            return new Parse(tokens, consumed(), op, null, ip, ip < end);
        }

        private boolean full() { return tokens.size() >= maxTokens; }

        private String literalsFit(long n) {
            if (n > end - ip) return "literal run of " + n + " bytes runs past the end of the stream";
            if (n > outLen - op) return "literal run of " + n + " bytes overruns the " + outLen + "-byte output";
            return null;
        }

        private String matchFits(long length, long distance) {
            if (distance <= 0 || distance > op) return "match at output " + op + " refers " + distance + " bytes back, before the start";
            if (length > outLen - op) return "match of " + length + " bytes overruns the " + outLen + "-byte output";
            return null;
        }

        private void literals(int at, int literalFrom, int n) {
            tokens.add(new Token(Kind.LITERALS, at, literalFrom + n - at, op, n, 0, literalFrom));
            op += n;
        }

        private void match(int at, int length, int distance) {
            tokens.add(new Token(Kind.MATCH, at, ip - at, op, length, distance, 0));
            op += length;
        }

        /** BloscLZ: the top three bits of a control byte say literal run (0) or match (1-7, 7 with more length bytes). */
        Parse bloscLz() {
            if (end == 0) return done();
            int at = ip;
            int ctrl = u8(ip++) & 31; // the first control byte carries a marker in its top bits: always a literal run
            while (true) {
                if (ctrl >= 32) {
                    long len = (ctrl >>> 5) - 1;
                    int ofs = (ctrl & 31) << 8;
                    if (len == 6) {
                        int code;
                        do {
                            if (ip >= end) return stop("match length runs past the end of the stream", ip);
                            code = u8(ip++);
                            len += code;
                            if (len > outLen) return stop("match length beyond the output", ip);
                        } while (code == 255);
                    }
                    if (ip >= end) return stop("match distance missing at the end of the stream", ip);
                    int code = u8(ip++);
                    len += 3;
                    long dist = ofs + code + 1;
                    if (code == 255 && ofs == (31 << 8)) {
                        if (end - ip < 2) return stop("far match distance cut off", ip);
                        dist = ((u8(ip) << 8) | u8(ip + 1)) + BloscLz.MAX_DISTANCE + 1;
                        ip += 2;
                    }
                    String wrong = matchFits(len, dist);
                    if (wrong != null) return stop(wrong, at);
                    match(at, (int) len, (int) dist);
                } else {
                    int n = ctrl + 1;
                    String wrong = literalsFit(n);
                    if (wrong != null) return stop(wrong, at);
                    literals(at, ip, n);
                    ip += n;
                }
                if (ip >= end || full()) return done();
                at = ip;
                ctrl = u8(ip++);
            }
        }

        /** An LZ4 length: a nibble, and when it is 15, bytes that follow added while they are 255. */
        private long extended(int nibble) {
            long n = nibble;
            if (nibble != 15) return n;
            int b;
            do {
                if (ip >= end) return -1;
                b = u8(ip++);
                n += b;
                if (n > outLen + 15L) return -2;
            } while (b == 255);
            return n;
        }

        /**
         * LZ4 block format: a token byte (literal count high nibble, match length − 4 low),
         * the literals, a 2-byte distance, more length bytes. A sequence's literal run takes
         * its token byte; with no literals the token byte goes to the match.
         */
        Parse lz4() {
            while (ip < end && !full()) {
                int at = ip;
                int token = u8(ip++);
                long lit = extended(token >>> 4);
                if (lit < 0) return stop(lit == -1 ? "literal length runs past the end of the stream" : "literal length beyond the output", ip);
                String wrong = literalsFit(lit);
                if (wrong != null) return stop(wrong, at);
                int litFrom = ip;
                ip += (int) lit;
                boolean last = ip == end;
                if (lit > 0 || last) literals(at, litFrom, (int) lit);
                if (last) return done();
                int matchAt = lit > 0 ? ip : at;
                if (end - ip < 2) return stop("match distance cut off at the end of the stream", ip);
                int dist = u8(ip) | u8(ip + 1) << 8;
                ip += 2;
                long len = extended(token & 15);
                if (len < 0) return stop(len == -1 ? "match length runs past the end of the stream" : "match length beyond the output", ip);
                len += 4;
                wrong = matchFits(len, dist);
                if (wrong != null) return stop(wrong, matchAt);
                match(matchAt, (int) len, dist);
            }
            return done();
        }

        /** Snappy: a varint of the output size, then elements whose tag's low two bits say literal (0) or copy (1-3). */
        Parse snappy() {
            long size = 0;
            for (int shift = 0; ; shift += 7) {
                if (ip >= end || shift > 28) return stop("the size preamble is cut off or longer than 5 bytes", ip);
                int b = u8(ip++);
                size |= (long) (b & 0x7f) << shift;
                if (b < 0x80) break;
            }
            if (size != outLen) return stop("the preamble says " + size + " bytes, the stream should make " + outLen, 0);
            tokens.add(new Token(Kind.PREAMBLE, 0, ip, 0, 0, 0, 0));
            while (ip < end && !full()) {
                int at = ip;
                int tag = u8(ip++);
                int type = tag & 3;
                if (type == 0) {
                    long n = tag >>> 2;
                    if (n >= 60) {
                        int bytes = (int) n - 59;
                        if (end - ip < bytes) return stop("literal length cut off at the end of the stream", ip);
                        n = 0;
                        for (int k = 0; k < bytes; k++) n |= (long) u8(ip + k) << (8 * k);
                        ip += bytes;
                    }
                    n += 1;
                    String wrong = literalsFit(n);
                    if (wrong != null) return stop(wrong, at);
                    literals(at, ip, (int) n);
                    ip += (int) n;
                    continue;
                }
                int distBytes = type == 1 ? 1 : type == 2 ? 2 : 4;
                if (end - ip < distBytes) return stop("copy distance cut off at the end of the stream", ip);
                long len;
                long dist;
                if (type == 1) {
                    len = ((tag >>> 2) & 7) + 4;
                    dist = (long) (tag >>> 5) << 8 | u8(ip);
                } else {
                    len = (tag >>> 2) + 1;
                    dist = 0;
                    for (int k = 0; k < distBytes; k++) dist |= (long) u8(ip + k) << (8 * k);
                }
                ip += distBytes;
                String wrong = matchFits(len, dist);
                if (wrong != null) return stop(wrong, at);
                match(at, (int) len, (int) dist);
            }
            return done();
        }
    }
}
