package org.packscope.codec.inspect;

/**
 * A typed column of decoded values with random, paged access: the values table asks
 * for row 5,000,000 and only the unit that holds it is decoded. Implementations are
 * thread-safe and hold no more than a bounded cache.
 */
public interface ValueColumn {

    /** {@link #gaps} mark: a value is present. */
    byte PRESENT = 0;
    /** {@link #gaps} mark: the value is absent by the format's own rules (R's {@code NA}). */
    byte MISSING = 1;
    /** {@link #gaps} mark: the value's unit could not be decoded (damaged chunk, failing block). */
    byte UNDECODABLE = 2;

    String name();

    ValueType type();

    long count();

    /**
     * Raw bit patterns (see {@link ValueType}) of values {@code [start, start+len)} into
     * {@code dst[off..]}. Only for numeric types.
     */
    void read(long start, long[] dst, int off, int len);

    /**
     * The stored little-endian bytes of values {@code [start, start+len)}, {@code len *
     * type().byteWidth()} of them. Fixed-width string columns override this.
     */
    default void readRaw(long start, int len, byte[] dst, int off) {
        long[] page = new long[len];
        read(start, page, 0, len);
        type().writeLE(page, 0, dst, off, len);
    }

    /** One value as text (used by tables and CSV; not a fast path). */
    default String text(long index) {
        ValueType t = type();
        if (t.numeric()) {
            long[] one = new long[1];
            read(index, one, 0, 1);
            return t.format(one[0]);
        }
        byte[] b = new byte[t.byteWidth()];
        readRaw(index, 1, b, 0);
        return t.formatBytes(b, 0);
    }

    /**
     * True when some values may be gaps ({@link #MISSING} or {@link #UNDECODABLE}).
     * Columns that can have none answer false, so views and exports skip {@link #gaps}.
     */
    default boolean mayHaveGaps() { return false; }

    /**
     * Marks values {@code [start, start+len)} in {@code dst[off..]}: {@link #PRESENT},
     * {@link #MISSING} or {@link #UNDECODABLE}. A gap still has bits in {@link #read}
     * (R's sentinel, or zero for an undecodable value), but they are not a value: views
     * show a gap, statistics leave it out, exports write an empty field, {@code null} or NaN.
     */
    default void gaps(long start, byte[] dst, int off, int len) {
        java.util.Arrays.fill(dst, off, off + len, PRESENT);
    }

    /**
     * The end of the run of values from {@code start} known, without decoding, to equal
     * value {@code start} and to be present (a Zarr chunk that is not stored reads as its
     * fill value); {@code start} when no such run is known. Comparisons skip such runs.
     */
    default long uniformEnd(long start) { return start; }

    /**
     * The end of the run of values from {@code start} known, without decoding, to be
     * undecodable (the blocks holding them cannot even be located); {@code start} when no
     * such run is known. Summaries count such runs as gaps in bulk instead of reading them.
     */
    default long undecodableEnd(long start) { return start; }

    /** Why value {@code index} is a gap, in words for people (null when it is present). */
    default String gapReason(long index) { return null; }

    /**
     * Says that values {@code [start, end)} are about to be read front to back, page by page,
     * on several threads at once; closing the result withdraws it. A column whose values decode
     * in units of many pages may then decode the next unit on a thread that would otherwise
     * wait for the one before; without the hint it decodes only what is asked for.
     */
    default ReadingAhead readingAhead(long start, long end) { return ReadingAhead.NONE; }

    /** A {@link #readingAhead} hint in force until closed. */
    interface ReadingAhead extends AutoCloseable {
        ReadingAhead NONE = () -> { };

        @Override void close();
    }

    /** Strings held in memory as a text column. */
    static ValueColumn texts(String name, java.util.List<String> values) {
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return ValueType.TEXT; }
            @Override public long count() { return values.size(); }
            @Override public void read(long start, long[] dst, int off, int len) {
                throw new UnsupportedOperationException("text column");
            }
            @Override public void readRaw(long start, int len, byte[] dst, int off) {
                throw new UnsupportedOperationException("text column");
            }
            @Override public String text(long index) { return values.get((int) index); }
        };
    }
}
