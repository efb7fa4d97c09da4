package org.packscope.codec.bcolz;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkHeader;
import org.packscope.codec.blosc.Codecs;
import org.packscope.codec.blosc.Superchunk;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ByteStore;
import org.packscope.codec.store.UnitCache;

/**
 * The decompressed bytes of a carray in C order. Byte {@code p} lies in chunk
 * {@code p / (chunklen × rowsize)}; only the Blosc block holding it is decoded. Chunk
 * files are opened on demand and a few are kept open.
 */
final class CarrayStore implements ByteStore {
    private final Carray carray;
    private final long chunkBytes;
    private final UnitCache<Long, byte[]> cache = UnitCache.ofBytes(16, 64L << 20);
    private final java.util.concurrent.atomic.AtomicLong decoded = new java.util.concurrent.atomic.AtomicLong();
    /** Chunk files read lately (their headers and sources, not their values). */
    private final UnitCache<Long, Chunk> open = new UnitCache<>(64, Long.MAX_VALUE, c -> 0);

    /** A chunk file read and checked against the metadata; {@code problem} set when it cannot be used. */
    record Chunk(long index, BloscChunk blosc, Diagnostic problem) { }

    CarrayStore(Carray carray) {
        this.carray = carray;
        this.chunkBytes = carray.chunklen * carray.atomsize;
    }

    @Override public long size() { return carray.rows * carray.atomsize; }

    synchronized Chunk chunk(long k) {
        Chunk c = open.get(k);
        if (c == null) {
            c = load(k);
            open.put(k, c);
        }
        return c;
    }

    private Chunk load(long k) {
        var path = carray.files.get(k);
        String file = "data/__" + k + ".blp";
        if (path == null) return new Chunk(k, null, Diagnostic.error(null, BcolzRules.MISSING_CHUNK_FILE, file + " is missing"));
        ByteSource src;
        try {
            src = ByteSource.open(path);
        } catch (IOException | RuntimeException e) {
            return new Chunk(k, null, Diagnostic.error(null, RegularFiles.rule(e, BcolzRules.CHUNK_UNREADABLE.id()), file + " cannot be read: " + e.getMessage()));
        }
        Superchunk s = Superchunk.read(src);
        BloscChunk b = s.chunk();
        if (b == null || b.header() == null) {
            Diagnostic why = s.problems().isEmpty() ? null : s.problems().get(0);
            return new Chunk(k, null, Diagnostic.error(why != null && why.span() != null ? why.span() : Span.bytes(0, 0), BcolzRules.CHUNK_UNREADABLE,
                    file + " holds no readable Blosc chunk" + (why != null ? ": " + why.message() : "")).in(src));
        }
        long expected = carray.chunkBytes(k);
        if (b.header().nbytes() != expected) {
            return new Chunk(k, null, Diagnostic.error(b.header().span(ChunkHeader.NBYTES), BcolzRules.CHUNK_NBYTES_MISMATCH,
                    file + ": the chunk holds " + b.header().nbytes() + " bytes but shape and chunklen call for " + expected).in(src));
        }
        return new Chunk(k, b, null);
    }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        if (pos < 0 || len < 0 || pos + len > size()) throw new IndexOutOfBoundsException(pos + "+" + len);
        long stop = pos + len;
        while (pos < stop) {
            long k = pos / chunkBytes;
            long inChunk = pos - k * chunkBytes;
            long cb = carray.chunkBytes(k);
            int n = (int) Math.min(cb - inChunk, stop - pos);
            Chunk c = chunk(k);
            if (c.blosc() == null) {
                Arrays.fill(dst, off, off + n, (byte) 0);
            } else {
                readChunk(c, inChunk, n, dst, off);
            }
            pos += n;
            off += n;
        }
    }

    private void readChunk(Chunk c, long pos, int len, byte[] dst, int off) {
        BloscChunk b = c.blosc();
        int unit = b.unitSize();
        long stop = pos + len;
        while (pos < stop) {
            long u = pos / unit;
            long us = b.unitStart(u);
            int n = (int) (Math.min(us + b.unitLength(u), stop) - pos);
            byte[] bytes = unit(c, u);
            if (bytes == null) Arrays.fill(dst, off, off + n, (byte) 0);
            else System.arraycopy(bytes, (int) (pos - us), dst, off, n);
            pos += n;
            off += n;
        }
    }

    private static final byte[] FAILED = new byte[0];
    /** Why each failed block failed, by (chunk << 32 | block). */
    private final Map<Long, String> failures = new java.util.concurrent.ConcurrentHashMap<>();

    @Override public boolean mayFail() { return true; }

    @Override
    public String failure(long pos) {
        if (pos < 0 || pos >= size()) return null;
        long k = pos / chunkBytes;
        Chunk c = chunk(k);
        if (c.blosc() == null) return c.problem().message();
        long u = (pos - k * chunkBytes) / c.blosc().unitSize();
        return unit(c, u) == null ? failures.get((k << 32) | u) : null;
    }

    @Override
    public long unitEnd(long pos) {
        long k = pos / chunkBytes;
        Chunk c = chunk(k);
        long chunkEnd = Math.min(size(), k * chunkBytes + carray.chunkBytes(k));
        if (c.blosc() == null) return chunkEnd;
        long u = (pos - k * chunkBytes) / c.blosc().unitSize();
        return Math.min(chunkEnd, k * chunkBytes + c.blosc().unitStart(u) + c.blosc().unitLength(u));
    }

    /** The unit's bytes, or null when it cannot be decoded (it then reads as zeros). */
    private byte[] unit(Chunk c, long u) {
        long key = (c.index() << 32) | u;
        byte[] bytes = cache.get(key);
        if (bytes != null) return bytes == FAILED ? null : bytes;
        BloscChunk b = c.blosc();
        decoded.incrementAndGet();
        if (!b.unitLocatable(u)) {
            failures.put(key, "data/__" + c.index() + ".blp: block " + u + " cannot be located: the chunk's header or block starts are damaged");
            cache.put(key, FAILED);
            return null;
        }
        bytes = new byte[b.unitLength(u)];
        try {
            b.decodeUnit(u, bytes, 0, Codecs.local());
        } catch (ReadProblem e) {
            failures.put(key, "data/__" + c.index() + ".blp: block " + u + " could not be decoded: " + e.getMessage());
            bytes = FAILED;
        }
        cache.put(key, bytes);
        return bytes == FAILED ? null : bytes;
    }

    /** Blocks decoded so far for random access. */
    long decodedUnits() { return decoded.get(); }

    /** Decodes every chunk; missing or mismatched chunks and decode failures go to the sink. */
    @Override
    public long verify(Consumer<Diagnostic> sink, Progress progress) {
        long n = carray.nchunks();
        long done = 0;
        Codecs ctx = Codecs.local();
        long missing = n - carray.files.headMap(n).size();
        if (missing > 0) {
            sink.accept(Diagnostic.error(null, BcolzRules.MISSING_CHUNK_FILE, missing + " of the " + n + " chunk files are missing; their rows read as zeros"));
        }
        // only the files present: n comes from the metadata and may be huge
        for (long k : carray.files.headMap(n).keySet()) {
            progress.checkCancelled();
            progress.update((double) k / n, "chunk " + k);
            Chunk c = load(k);
            if (c.problem() != null) {
                sink.accept(c.problem());
                continue;
            }
            String file = "data/__" + k + ".blp: ";
            ByteSource src = c.blosc().source();
            // the chunk's header problems too: a memcpyed chunk decodes whatever its cbytes claims
            for (Diagnostic d : c.blosc().problems()) sink.accept(new Diagnostic(d.severity(), d.span(), d.rule(), file + d.message(), src));
            int failed = c.blosc().verify(d -> sink.accept(new Diagnostic(d.severity(), d.span(), d.rule(), file + d.message(), src)), ctx);
            if (failed == 0) done += c.blosc().nbytes();
        }
        return done;
    }

    /** Decodes everything into one reused buffer, results discarded; returns bytes decoded. */
    long bulk(Progress progress, int threads) {
        long n = carray.nchunks();
        Long[] keys = carray.files.headMap(n).keySet().toArray(new Long[0]);
        // a chunk per task; the chunks of one carray are independent files
        return ParallelTasks.sum(keys.length, threads, progress, worker -> {
            Codecs ctx = Codecs.local();
            byte[][] buf = {new byte[0]};
            return i -> {
                Chunk c = chunk(keys[i]);
                if (c.blosc() == null) return 0;
                BloscChunk b = c.blosc();
                int need = (int) Math.min(b.nbytes(), b.unitSize());
                if (buf[0].length < need) buf[0] = new byte[need];
                long done = 0;
                for (long u = 0; u < b.units(); u++) {
                    if (!b.header().memcpyed() && b.fatal() == null && u >= b.nblocks()) break;
                    try {
                        b.decodeUnit(u, buf[0], 0, ctx);
                        done += b.unitLength(u);
                    } catch (ReadProblem e) {
                        if (b.fatal() != null || b.header().memcpyed()) break;
                    }
                }
                return done;
            };
        });
    }
}
