package org.packscope.codec.pco;

import java.util.LinkedHashMap;
import java.util.Map;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * The numbers of a Pco file (or of one chunk) with random access: a request decodes
 * only the chunks holding the rows asked for, keeping the last few decoded chunks.
 * A chunk that fails to decode yields the numbers decoded before the damage and
 * zeros after it (the Verifier reports the damage). Thread-safe.
 */
public final class PcoValues implements ValueColumn {
    private static final int CACHED_CHUNKS = 4;
    private static final long MAX_CACHED_NUMBERS = 1L << 25;

    private final String name;
    private final PcoFile file;
    private final NumberType type;
    private final int firstChunk;
    private final int chunkCount;
    private final long rowBase;
    private final long count;
    private final java.util.concurrent.atomic.AtomicInteger decodes = new java.util.concurrent.atomic.AtomicInteger();
    private final Map<Integer, long[]> cache = new LinkedHashMap<>(8, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<Integer, long[]> e) {
            long held = 0;
            for (long[] v : values()) held += v.length;
            // a few chunks, but never more than ~256 MB of decoded numbers (chunks hold up to 2^24)
            return size() > CACHED_CHUNKS || (size() > 1 && held > MAX_CACHED_NUMBERS);
        }
    };

    private PcoValues(String name, PcoFile file, NumberType type, int firstChunk, int chunkCount) {
        this.name = name;
        this.file = file;
        this.type = type;
        this.firstChunk = firstChunk;
        this.chunkCount = chunkCount;
        long base = chunkCount == 0 ? 0 : file.chunks().get(firstChunk).firstRow();
        long c = 0;
        for (int i = firstChunk; i < firstChunk + chunkCount; i++) c += file.chunks().get(i).n();
        this.rowBase = base;
        this.count = c;
    }

    /** All numbers of the file; null when chunks have different types. */
    public static PcoValues ofFile(PcoFile file, String name) {
        NumberType t = file.numberType();
        // An empty file without a uniform type records no number type: offer zero u8 values.
        if (t == null && file.chunks().isEmpty() && file.version() != null) t = NumberType.U8;
        if (t == null) return null;
        return new PcoValues(name, file, t, 0, file.chunks().size());
    }

    public static PcoValues ofChunk(PcoFile file, int chunk, String name) {
        return new PcoValues(name, file, file.chunks().get(chunk).type(), chunk, 1);
    }

    /** How many chunk decodes this column has run (for tests of its laziness). */
    int chunkDecodes() { return decodes.get(); }

    @Override public String name() { return name; }

    @Override public ValueType type() { return type.valueType; }

    @Override public long count() { return count; }

    long[] chunkValues(int index) {
        synchronized (cache) {
            long[] v = cache.get(index);
            if (v != null) return v;
        }
        PcoFile.Chunk c = file.chunks().get(index);
        decodes.incrementAndGet();
        long[] v = new long[c.n()];
        try {
            file.decodeChunk(c, v, 0);
        } catch (PcoException e) {
            // keep what decoded before the damage; the Verifier reports it
        }
        synchronized (cache) {
            cache.put(index, v);
        }
        return v;
    }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start + len > count) {
            throw new IndexOutOfBoundsException("rows " + start + ".." + (start + len) + " of " + count);
        }
        long row = start + rowBase;
        int done = 0;
        while (done < len) {
            int ci = file.chunkOfRow(row);
            PcoFile.Chunk c = file.chunks().get(ci);
            long[] v = chunkValues(ci);
            int from = (int) (row - c.firstRow());
            int take = Math.min(len - done, c.n() - from);
            System.arraycopy(v, from, dst, off + done, take);
            done += take;
            row += take;
        }
    }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        int w = type.bits / 8;
        long[] page = new long[Math.min(len, 1 << 16)];
        int done = 0;
        while (done < len) {
            int take = Math.min(page.length, len - done);
            read(start + done, page, 0, take);
            int p = off + done * w;
            for (int i = 0; i < take; i++) {
                long v = page[i];
                for (int b = 0; b < w; b++) dst[p++] = (byte) (v >>> (8 * b));
            }
            done += take;
        }
    }
}
