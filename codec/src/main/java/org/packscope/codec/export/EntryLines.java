package org.packscope.codec.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/**
 * Entry lines formatted into one growing
 * byte buffer, in MatrixMarket's style ({@code row col value}, 1-based) or as CSV rows
 * ({@code row,col,value}, 0-based): integers digit by digit with {@link DecimalText}, floats through
 * {@link MatrixMarket#formatG} (whose text is ASCII). With a {@link Block} target the
 * buffer ({@link #BLOCK} bytes) is handed on whenever it is full, so it stays small;
 * without one it holds a whole column range for a worker thread.
 */
final class EntryLines implements SparseMatrix.EntryVisitor {
    /** Bytes gathered before a streaming buffer is written out. */
    static final int BLOCK = 1 << 18;
    /** The longest line: two indices, a value (%.17g with sign, point and exponent is under 30) and the separators. */
    private static final int MAX_LINE = 2 * DecimalText.MAX_LENGTH + 40;

    /** Where a streaming buffer goes. */
    @FunctionalInterface
    interface Block {
        void write(byte[] b, int len) throws IOException;
    }

    private enum Kind { SIGNED, UNSIGNED, F32, F64 }

    /** How a line is laid out: the byte between fields and what is added to each index. */
    enum Style {
        MATRIX_MARKET((byte) ' ', 1), CSV((byte) ',', 0);

        final byte separator;
        final int indexBase;

        Style(byte separator, int indexBase) {
            this.separator = separator;
            this.indexBase = indexBase;
        }
    }

    private final Kind kind;
    private final byte separator;
    private final int indexBase;
    private Block target;
    byte[] bytes = new byte[1 << 16];
    int length;

    EntryLines(ValueType t) {
        this(t, Style.MATRIX_MARKET);
    }

    EntryLines(ValueType t, Style style) {
        separator = style.separator;
        indexBase = style.indexBase;
        if (t.kind() == ValueType.Kind.FLOAT) kind = t.byteWidth() == 4 ? Kind.F32 : Kind.F64;
        else kind = t.kind() == ValueType.Kind.INT ? Kind.SIGNED : Kind.UNSIGNED;
    }

    /** Streams to {@code target} from now on (null: gathers everything). */
    EntryLines streamTo(Block target) {
        this.target = target;
        if (target != null && bytes.length < BLOCK) bytes = Arrays.copyOf(bytes, BLOCK);
        return this;
    }

    void clear() {
        length = 0;
    }

    @Override
    public void entry(long row, long col, long value) {
        if (length > bytes.length - MAX_LINE) make(MAX_LINE);
        byte[] b = bytes;
        int at = DecimalText.putSigned(b, length, row + indexBase);
        b[at++] = separator;
        at = DecimalText.putSigned(b, at, col + indexBase);
        b[at++] = separator;
        switch (kind) {
            case SIGNED -> at = DecimalText.putSigned(b, at, value);
            case UNSIGNED -> at = DecimalText.putUnsigned(b, at, value);
            case F32 -> at = ascii(MatrixMarket.formatG(Float.intBitsToFloat((int) value), 9), b, at);
            case F64 -> at = ascii(MatrixMarket.formatG(Double.longBitsToDouble(value), 17), b, at);
        }
        b[at++] = '\n';
        length = at;
    }

    private static int ascii(String s, byte[] b, int at) {
        for (int i = 0, n = s.length(); i < n; i++) b[at++] = (byte) s.charAt(i);
        return at;
    }

    /** Writes what is gathered to the target (nothing without one). */
    void flush() {
        if (target == null || length == 0) return;
        try {
            target.write(bytes, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        length = 0;
    }

    /** Room for {@code need} more bytes: the block goes out when streaming, else the buffer grows. */
    private void make(int need) {
        if (target != null) {
            flush();
            if (bytes.length - length >= need) return;
        }
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + need));
    }
}
