package org.packscope.codec.blosc;

import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.store.ByteStore;
import org.packscope.codec.store.StoreColumn;
import org.packscope.codec.store.UnitCache;

/** The decompressed bytes of one Blosc chunk, decoded block by block as asked. */
public final class ChunkStore implements ByteStore {
    private final BloscChunk chunk;
    private final UnitCache<Long, byte[]> cache = UnitCache.ofBytes(8, 32L << 20);
    private final java.util.concurrent.atomic.AtomicLong decoded = new java.util.concurrent.atomic.AtomicLong();

    public ChunkStore(BloscChunk chunk) { this.chunk = chunk; }

    @Override public long size() { return chunk.nbytes(); }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        if (pos < 0 || len < 0 || pos + len > size()) throw new IndexOutOfBoundsException(pos + "+" + len);
        int unit = chunk.unitSize();
        long stop = pos + len;
        while (pos < stop) {
            long u = pos / unit;
            long us = chunk.unitStart(u);
            int n = (int) (Math.min(us + chunk.unitLength(u), stop) - pos);
            byte[] b = unit(u);
            if (b == null) java.util.Arrays.fill(dst, off, off + n, (byte) 0);
            else System.arraycopy(b, (int) (pos - us), dst, off, n);
            off += n;
            pos += n;
        }
    }

    private static final byte[] FAILED = new byte[0];
    /** Why each failed unit failed, by unit. */
    private final java.util.Map<Long, String> failures = new java.util.concurrent.ConcurrentHashMap<>();

    @Override public boolean mayFail() { return true; }

    @Override
    public String failure(long pos) {
        if (pos < 0 || pos >= size()) return null;
        long u = pos / chunk.unitSize();
        return unit(u) == null ? failures.get(u) : null;
    }

    @Override
    public long unitEnd(long pos) {
        long u = pos / chunk.unitSize();
        return Math.min(size(), chunk.unitStart(u) + chunk.unitLength(u));
    }

    /** Units looked at, at most, by one {@link #failedEnd} call. */
    private static final int MAX_FAILED_WALK = 1 << 20;

    @Override
    public long failedEnd(long pos) {
        if (pos < 0 || pos >= size()) return pos;
        long u = pos / chunk.unitSize();
        long units = chunk.units();
        long stop = Math.min(units, u + MAX_FAILED_WALK);
        while (u < stop && !chunk.unitLocatable(u)) u++;
        long end = Math.min(size(), chunk.unitStart(u));
        return Math.max(pos, end);
    }

    /** The unit's bytes, or null when it cannot be decoded (it then reads as zeros). */
    private byte[] unit(long u) {
        byte[] b = cache.get(u);
        if (b != null) return b == FAILED ? null : b;
        decoded.incrementAndGet();
        // a unit that cannot be located gets no buffer: a damaged header may claim huge blocks
        if (!chunk.unitLocatable(u)) {
            failures.put(u, "block " + u + " cannot be located: the chunk's header or block starts are damaged");
            cache.put(u, FAILED);
            return null;
        }
        b = new byte[chunk.unitLength(u)];
        try {
            chunk.decodeUnit(u, b, 0, Codecs.local());
        } catch (ReadProblem e) {
            failures.put(u, "block " + u + " could not be decoded: " + e.getMessage());
            b = FAILED;
        }
        cache.put(u, b);
        return b == FAILED ? null : b;
    }

    /** Units decoded so far (blocks, or slices of a memcpyed chunk): what random access cost. */
    public long decodedUnits() { return decoded.get(); }

    @Override
    public long verify(Consumer<Diagnostic> sink, Progress progress) {
        chunk.verify(sink, Codecs.local());
        return chunk.nbytes();
    }

    /** The column for a chunk's elements: u8/u16/u32/u64 by typesize, else fixed bytes; u8 when nbytes is not a whole number of elements. */
    public static StoreColumn column(String name, BloscChunk chunk) {
        ChunkHeader h = chunk.header();
        long nbytes = chunk.nbytes();
        int ts = h == null ? 1 : h.typesize();
        if (ts <= 0 || nbytes % ts != 0) ts = 1;
        ValueType type = switch (ts) {
            case 1 -> ValueType.U8;
            case 2 -> ValueType.U16;
            case 4 -> ValueType.U32;
            case 8 -> ValueType.U64;
            default -> ValueType.bytes(ts);
        };
        return new StoreColumn(name, type, nbytes / ts, new ChunkStore(chunk));
    }

}
