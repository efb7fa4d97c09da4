package org.packscope.codec.rds;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.airlift.compress.bzip2.BZip2HadoopStreams;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;
import org.tukaani.xz.XZInputStream;

/**
 * Takes the serialization stream out of a gzip, xz or bzip2 wrapper into memory, keeping
 * whatever decompresses before a corrupt or truncated spot. Memory is bounded: a stream
 * that decompresses (or claims to) beyond {@link #DEFAULT_LIMIT} is refused.
 */
public final class RdsUnwrapper {

    /**
     * The per-open memory budget: the largest decompressed stream held in memory, a
     * quarter of the heap (64 MB in a 256 MB heap; between 16 and 256 MB). What a stream
     * decompresses to beyond it is not held: a {@code too_large_to_hold} error says so and
     * the part before it is read.
     */
    public static final long DEFAULT_LIMIT = Math.min(256L << 20, Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 4));
    private static final int PIECE = 1 << 16;
    private static final long MAX_DEFLATE_RATIO = 1032;
    /** Output per decompressor call; each call leaves a (decompressed, compressed) mark. */
    private static final int STEP = 1 << 18;
    /** Compressed bytes given to the inflater at a time: fine marks, but at most about 2^20 of them (16 MB) per file. */
    private static final int MIN_FEED = 64;

    static int feedStride(long compressedSize) {
        return (int) Math.min(PIECE, Math.max(MIN_FEED, compressedSize >>> 20));
    }
    /** Decoder memory (dictionary) allowed to xz: R's xz preset 9 needs about 65 MiB. */
    private static final int XZ_MEMORY_LIMIT_KIB = 300 * 1024;

    private final long limit;

    public RdsUnwrapper(long limit) {
        this.limit = Math.min(limit, Integer.MAX_VALUE - 64);
    }

    public static Unwrapped unwrap(ByteSource file) {
        return new RdsUnwrapper(DEFAULT_LIMIT).open(file);
    }

    public Unwrapped open(ByteSource file) {
        byte[] head = file.bytes(0, (int) Math.min(8, file.size()));
        Compression c = Compression.sniff(head, head.length);
        List<Diagnostic> diags = new ArrayList<>();
        String name = "decompressed " + baseName(file.name());
        try {
            return switch (c) {
                case NONE -> new Unwrapped(c, file, file, 0, file.size(), diags);
                case GZIP -> gunzip(file, name, diags);
                case XZ, BZIP2 -> streamed(c, file, name, diags);
            };
        } catch (OutOfRangeException e) {
            diags.add(Diagnostic.errorAtByte(e.offset(), RdsRules.truncated(c),
                    "the " + c.label() + " wrapper ends early: " + e.getMessage()));
            return new Unwrapped(c, file, ByteSource.of(new byte[0], name), 0, file.size(), diags);
        }
    }

    // ------------------------------------------------------------------ gzip (RFC 1952)

    private Unwrapped gunzip(ByteSource file, String name, List<Diagnostic> diags) {
        long size = file.size();
        long claimed = size >= 18 ? file.u32le(size - 4) : 0;
        // A trailer claiming more than deflate can produce from this file (1032:1 at best)
        // is not a trailer (truncated or damaged file): then it is not even a hint.
        if (claimed > MAX_DEFLATE_RATIO * size) claimed = 0;
        if (claimed > limit) {
            diags.add(Diagnostic.error(Span.bytes(size - 4, 4), RdsRules.TOO_LARGE_TO_HOLD, "the gzip trailer claims "
                    + claimed + " decompressed bytes, more than the " + limit + " PackScope holds in memory;"
                    + " only the first " + limit + " are decompressed"));
            claimed = limit;
        }
        Output out = new Output((int) Math.max(PIECE, Math.min(claimed + 16, 64L << 20)));
        long member = 0;
        long headerLength = 0;
        long end = 0;
        while (true) {
            long dataStart = gzipHeader(file, member, diags);
            if (dataStart < 0) break;
            if (member == 0) headerLength = dataStart;
            long memberOut = out.size;
            Inflater inf = new Inflater(true);
            long consumedEnd;
            try {
                consumedEnd = inflate(file, dataStart, inf, out, diags);
            } finally {
                inf.end();
            }
            if (consumedEnd < 0) {
                end = size;
                break;
            }
            // Trailer: CRC-32 and size mod 2^32 of this member's output, little-endian.
            if (!file.has(consumedEnd, 8)) {
                diags.add(Diagnostic.errorAtByte(consumedEnd, RdsRules.GZIP_TRUNCATED, "the gzip trailer (CRC-32, size) is missing"
                        + " after compressed byte " + consumedEnd + "; all " + out.size + " decompressed bytes are kept"));
                end = size;
                break;
            }
            CRC32 crc = new CRC32();
            crc.update(out.buf, (int) memberOut, (int) (out.size - memberOut));
            long storedCrc = file.u32le(consumedEnd), storedSize = file.u32le(consumedEnd + 4);
            if (storedCrc != crc.getValue()) {
                diags.add(Diagnostic.error(Span.bytes(consumedEnd, 4), RdsRules.GZIP_CRC_MISMATCH, String.format(
                        "gzip CRC-32 is 0x%08x but the decompressed bytes give 0x%08x (byte %d)", storedCrc, crc.getValue(), consumedEnd)));
            }
            if (storedSize != ((out.size - memberOut) & 0xffffffffL)) {
                diags.add(Diagnostic.error(Span.bytes(consumedEnd + 4, 4), RdsRules.GZIP_SIZE_MISMATCH,
                        "gzip trailer says " + storedSize + " bytes but " + (out.size - memberOut) + " were decompressed"));
            }
            end = consumedEnd + 8;
            if (end + 2 <= size && file.u8(end) == 0x1f && file.u8(end + 1) == 0x8b) {
                member = end;
                continue;
            }
            if (end < size) {
                diags.add(Diagnostic.warning(Span.bytes(end, size - end), RdsRules.TRAILING_BYTES,
                        (size - end) + " bytes follow the gzip stream (from byte " + end + ")"));
            }
            break;
        }
        return new Unwrapped(Compression.GZIP, file, out.source(name), headerLength, end, diags, out.marks());
    }

    /** Offset of the deflate data of the member at {@code at}, or -1 after a diagnostic. */
    private static long gzipHeader(ByteSource file, long at, List<Diagnostic> diags) {
        if (!file.has(at, 10)) {
            diags.add(Diagnostic.errorAtByte(at, RdsRules.GZIP_TRUNCATED, "the gzip header needs 10 bytes, "
                    + (file.size() - at) + " are present"));
            return -1;
        }
        int method = file.u8(at + 2), flg = file.u8(at + 3);
        if (method != 8) {
            diags.add(Diagnostic.error(Span.bytes(at + 2, 1), RdsRules.GZIP_BAD_METHOD,
                    "gzip compression method " + method + " is not deflate (8) (byte " + (at + 2) + ")"));
            return -1;
        }
        long p = at + 10;
        try {
            if ((flg & 4) != 0) p += 2 + file.u16le(p);            // FEXTRA
            if ((flg & 8) != 0) p = skipZeroTerminated(file, p);     // FNAME
            if ((flg & 16) != 0) p = skipZeroTerminated(file, p);    // FCOMMENT
            if ((flg & 2) != 0) p += 2;                              // FHCRC
            file.check(p, 0);
        } catch (OutOfRangeException e) {
            diags.add(Diagnostic.errorAtByte(file.size(), RdsRules.GZIP_TRUNCATED, "the gzip header starting at byte " + at
                    + " runs past the end of the file"));
            return -1;
        }
        return p;
    }

    private static long skipZeroTerminated(ByteSource file, long p) {
        while (file.get(p) != 0) p++;
        return p + 1;
    }

    /**
     * Inflates from {@code start}; returns the offset after the deflate data, or -1 when it did not end.
     * The inflater is fed {@link #feedStride} bytes at a time, so each mark brackets the
     * compressed bytes a stretch of output came from to within one stride (plus the few bytes
     * zlib holds in its bit buffer).
     */
    private long inflate(ByteSource file, long start, Inflater inf, Output out, List<Diagnostic> diags) {
        byte[] in = new byte[PIECE];
        int inLength = 0, inPos = 0;
        long next = start;
        long size = file.size();
        int stride = feedStride(size);
        try {
            while (!inf.finished()) {
                if (inf.needsInput()) {
                    if (inPos == inLength) {
                        if (next >= size) {
                            diags.add(Diagnostic.errorAtByte(size, RdsRules.GZIP_TRUNCATED, "the deflate stream ends early: the file stops at byte "
                                    + size + " after " + out.size + " decompressed bytes (the rest of the object is missing)"));
                            return -1;
                        }
                        inLength = (int) Math.min(PIECE, size - next);
                        file.read(next, in, 0, inLength);
                        inPos = 0;
                        next += inLength;
                    }
                    int k = Math.min(stride, inLength - inPos);
                    inf.setInput(in, inPos, k);
                    inPos += k;
                }
                int room = out.room(limit);
                if (room == 0) {
                    if (!diags.isEmpty() && diags.get(diags.size() - 1).rule().equals(RdsRules.TOO_LARGE_TO_HOLD.id())) return -1;
                    diags.add(Diagnostic.errorAtByte(start + inf.getBytesRead(), RdsRules.TOO_LARGE_TO_HOLD,
                            "the stream decompresses to more than " + limit + " bytes; only the first " + limit + " are kept"));
                    return -1;
                }
                out.mark(start + inf.getBytesRead());
                int n = inf.inflate(out.buf, (int) out.size, Math.min(room, STEP));
                out.size += n;
                if (n == 0 && inf.needsDictionary()) throw new DataFormatException("needs a preset dictionary");
            }
            return start + inf.getBytesRead();
        } catch (DataFormatException e) {
            long at = start + inf.getBytesRead();
            diags.add(Diagnostic.errorAtByte(at, RdsRules.GZIP_CORRUPT, "the deflate data is corrupt near compressed byte " + at
                    + " (" + e.getMessage() + "); the first " + out.size + " decompressed bytes are kept"));
            return -1;
        }
    }

    // ------------------------------------------------------------------ xz, bzip2

    private Unwrapped streamed(Compression c, ByteSource file, String name, List<Diagnostic> diags) {
        Output out = new Output((int) Math.min(Math.max(PIECE, file.size() * 4), 64L << 20));
        SourceInput raw = new SourceInput(file);
        try (InputStream in = c == Compression.XZ
                ? new XZInputStream(raw, XZ_MEMORY_LIMIT_KIB)
                : new BZip2HadoopStreams().createInputStream(raw)) {
            while (true) {
                int room = out.room(limit);
                if (room == 0) {
                    if (in.read() < 0) break; // exactly at the cap and the stream ends: nothing lost
                    diags.add(Diagnostic.errorAtByte(raw.pos, RdsRules.TOO_LARGE_TO_HOLD,
                            "the stream decompresses to more than " + limit + " bytes; only the first " + limit + " are kept"));
                    break;
                }
                out.mark(raw.pos);
                int n = in.read(out.buf, (int) out.size, Math.min(room, STEP));
                if (n < 0) break;
                out.size += n;
            }
        } catch (IOException | RuntimeException e) {
            boolean truncated = e instanceof java.io.EOFException || raw.pos >= file.size();
            diags.add(Diagnostic.errorAtByte(Math.min(raw.pos, file.size()), truncated ? RdsRules.truncated(c) : RdsRules.corrupt(c),
                    "the " + c.label() + " stream " + (truncated ? "ends early" : "is corrupt")
                            + " near compressed byte " + raw.pos + " (" + describe(e) + "); the first " + out.size
                            + " decompressed bytes are kept"));
        }
        return new Unwrapped(c, file, out.source(name), c.magicLength(), raw.pos, diags, out.marks());
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private static String baseName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash < 0 ? path : path.substring(slash + 1);
    }

    /** A growable output buffer with a hard cap. */
    private static final class Output {
        byte[] buf;
        long size;

        private long[] marks = new long[64];
        private int markCount;

        Output(int capacity) { buf = new byte[capacity]; }

        /** Notes that decompressed byte {@code size} comes from about compressed byte {@code in}. */
        void mark(long in) {
            if (markCount > 0 && marks[markCount - 2] == size) {
                return; // no output since the last mark: keep the earlier (closer) input position
            }
            if (markCount == marks.length) marks = Arrays.copyOf(marks, marks.length * 2);
            marks[markCount++] = size;
            marks[markCount++] = in;
        }

        long[] marks() { return Arrays.copyOf(marks, markCount); }

        /** Bytes that may be written at {@code size} (growing the buffer); 0 when the cap is reached. */
        int room(long cap) {
            if (size >= cap) return 0;
            if (size == buf.length) buf = Arrays.copyOf(buf, (int) Math.min(cap, Math.max(2L * buf.length, PIECE)));
            return (int) (Math.min(buf.length, cap) - size);
        }

        ByteSource source(String name) { return new ArraySource(buf, 0, (int) size, name); }
    }

    /** A byte source as a stream that knows how far it has been read. */
    private static final class SourceInput extends InputStream {
        private final ByteSource src;
        long pos;

        SourceInput(ByteSource src) { this.src = src; }

        @Override
        public int read() {
            return pos < src.size() ? src.u8(pos++) : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) return 0;
            long left = src.size() - pos;
            if (left <= 0) return -1;
            int k = (int) Math.min(len, left);
            src.read(pos, b, off, k);
            pos += k;
            return k;
        }
    }
}
