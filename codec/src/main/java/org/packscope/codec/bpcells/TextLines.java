package org.packscope.codec.bpcells;

import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * The lines of a names file (one cell barcode or gene per line), read where they lie:
 * real barcode lists run to millions of lines, so only every {@link #STEP}-th line's
 * start is kept (a byte per 2 lines) and a line becomes a String when it is asked for.
 * A final line without a line end counts; an empty one after the last line end does not.
 * A CR before the LF is not part of the line.
 */
final class TextLines extends AbstractList<String> implements RandomAccess {
    static final int STEP = 16;
    private static final int BLOCK = 1 << 16;

    private final ByteSource src;
    private final long[] marks;
    private final int size;
    private final boolean crlf;

    private TextLines(ByteSource src, long[] marks, int size, boolean crlf) {
        this.src = src;
        this.marks = marks;
        this.size = size;
        this.crlf = crlf;
    }

    /** Indexes the lines of {@code src} in one pass over its bytes. */
    static TextLines of(ByteSource src) {
        long n = src.size();
        long[] marks = new long[16];
        int lines = 0;
        long lineStart = 0;
        boolean crlf = false;
        byte prev = 0;
        byte[] buf = new byte[(int) Math.min(BLOCK, Math.max(1, n))];
        for (long at = 0; at < n; at += buf.length) {
            int len = (int) Math.min(buf.length, n - at);
            src.read(at, buf, 0, len);
            for (int i = 0; i < len; i++) {
                byte b = buf[i];
                if (b == '\n') {
                    if (prev == '\r') crlf = true;
                    if (lines % STEP == 0) marks = mark(marks, lines / STEP, lineStart);
                    lines++;
                    if (lines == Integer.MAX_VALUE - 8) return new TextLines(src, marks, lines, crlf);
                    lineStart = at + i + 1;
                }
                prev = b;
            }
        }
        if (lineStart < n) {
            if (lines % STEP == 0) marks = mark(marks, lines / STEP, lineStart);
            lines++;
        }
        return new TextLines(src, marks, lines, crlf);
    }

    private static long[] mark(long[] marks, int k, long pos) {
        if (k == marks.length) marks = Arrays.copyOf(marks, marks.length * 2);
        marks[k] = pos;
        return marks;
    }

    @Override public int size() { return size; }

    /** Whether any line ends in CRLF. */
    boolean crlf() { return crlf; }

    @Override
    public String get(int index) {
        Span s = span(index);
        return new String(src.bytes(s.byteOffset(), (int) s.byteLength()), StandardCharsets.UTF_8);
    }

    /** Bytes of line {@code index}, its line end excluded. */
    Span span(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
        long p = marks[index / STEP];
        for (int k = index % STEP; k > 0; k--) p = lineEnd(p) + 1;
        long end = lineEnd(p);
        if (end > p && src.get(end - 1) == '\r') end--;
        return Span.bytes(p, end - p);
    }

    /** Position of the LF ending the line at {@code p}, or the end of the source. */
    private long lineEnd(long p) {
        long n = src.size();
        byte[] buf = new byte[256];
        while (p < n) {
            int len = (int) Math.min(buf.length, n - p);
            src.read(p, buf, 0, len);
            for (int i = 0; i < len; i++) if (buf[i] == '\n') return p + i;
            p += len;
        }
        return n;
    }
}
