package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;
import org.packscope.codec.store.UnitCache;

/**
 * The numbers of a Pco file (or of one chunk) with random access: a request decodes
 * only the chunks holding the rows asked for, keeping the last few decoded chunks.
 * A chunk that fails to decode reads as the numbers decoded before the damage and
 * zeros after it, and all its values are gaps ({@link #UNDECODABLE}) with the damage
 * as their reason: none of them can be trusted (the Verifier reports the damage).
 * Thread-safe.
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
    /** Why a chunk could not be decoded, by chunk index (chunks that decoded are absent). */
    private final Map<Integer, String> damaged = new java.util.concurrent.ConcurrentHashMap<>();
    /** Chunks being decoded right now, so parallel readers of one chunk decode it once. */
    private final Map<Integer, java.util.concurrent.CompletableFuture<long[]>> loading = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger decodes = new java.util.concurrent.atomic.AtomicInteger();
    /** A few chunks, but never more than ~256 MB of decoded numbers (chunks hold up to 2^24). */
    private final UnitCache<Integer, long[]> cache = new UnitCache<>(CACHED_CHUNKS, MAX_CACHED_NUMBERS * Long.BYTES,
            v -> (long) v.length * Long.BYTES);

    /** Chunks of more numbers than one unit may hold are read batch by batch, never whole. */
    private final Streamed stream = new Streamed();

    /**
     * A decoder kept where the last read of a big chunk stopped, so reading such a chunk
     * front to back decodes it once; a read before that point starts the page again.
     */
    private final class Streamed {
        private PageDecoder decoder;
        private int chunk = -1;
        /** Numbers decoded so far; the last batch covers [done - batchLen, done). */
        private int done;
        private int batchLen;
        private final long[] batch = new long[PageDecoder.BATCH];

        synchronized void read(int ci, PcoFile.Chunk c, int from, long[] dst, int off, int len) {
            try {
                if (chunk != ci || from < done - batchLen) {
                    chunk = -1;
                    decoder = file.pageDecoder(c, Recorder.NONE);
                    decodes.incrementAndGet();
                    chunk = ci;
                    done = 0;
                    batchLen = 0;
                }
                int pos = from;
                int end = from + len;
                while (pos < end) {
                    if (pos >= done - batchLen && pos < done) {
                        int k = Math.min(done - pos, end - pos);
                        System.arraycopy(batch, pos - (done - batchLen), dst, off + (pos - from), k);
                        pos += k;
                        continue;
                    }
                    batchLen = decoder.decodeBatch(batch, 0);
                    if (batchLen == 0) break;
                    done += batchLen;
                }
                if (pos < end) java.util.Arrays.fill(dst, off + (pos - from), off + len, 0L);
            } catch (ReadProblem e) {
                // damaged or too large to decode: zeros, marked as gaps, as for any damaged chunk (the Verifier reports it)
                damaged.put(ci, "chunk " + ci + " could not be decoded: " + e.getMessage());
                chunk = -1;
                java.util.Arrays.fill(dst, off, off + len, 0L);
            }
        }
    }

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

    /** For tests of waiting readers: chunk {@code index} is being decoded elsewhere until the future completes. */
    java.util.concurrent.CompletableFuture<long[]> decodingElsewhere(int index) {
        java.util.concurrent.CompletableFuture<long[]> f = new java.util.concurrent.CompletableFuture<>();
        loading.put(index, f);
        return f;
    }

    /** Whether chunk {@code index}'s numbers are kept (for tests). */
    boolean holds(int index) { return cache.contains(index); }

    @Override public String name() { return name; }

    @Override public ValueType type() { return type.valueType; }

    @Override public long count() { return count; }

    /**
     * The end of the run of rows from {@code start} that are one value, known without
     * decoding: chunks of Classic mode with no delta whose one latent variable has one bin
     * and no offset bits hold their bin's lower bound at every row, whatever their count, so
     * a file of such chunks (33 billion numbers in 26 KB) is summarised chunk by chunk.
     */
    @Override
    public long uniformEnd(long start) {
        if (start < 0 || start >= count) return start;
        long end = start;
        Long value = null;
        for (int ci = file.chunkOfRow(start + rowBase); ci < firstChunk + chunkCount; ci++) {
            Long v = constant(file.chunks().get(ci));
            if (v == null || value != null && v.longValue() != value.longValue()) break;
            value = v;
            PcoFile.Chunk c = file.chunks().get(ci);
            end = c.firstRow() + c.n() - rowBase;
            if (end >= count) break;
        }
        return Math.max(start, Math.min(count, end));
    }

    /** The one value every row of chunk {@code c} holds, as its raw bits, or null when its rows may differ. */
    private static Long constant(PcoFile.Chunk c) {
        ChunkMeta m = c.meta();
        if (m == null || c.damaged() || !(m.mode() instanceof Mode.Classic) || !(m.deltaEncoding() instanceof DeltaEncoding.None)) return null;
        List<Bin> bins = m.primary().bins();
        if (bins.size() != 1 || bins.get(0).offsetBits() != 0) return null;
        return c.type().fromLatent(bins.get(0).lower());
    }

    long[] chunkValues(int index) {
        long[] v0 = cache.get(index);
        if (v0 != null) return v0;
        // readers paging ahead in parallel ask for the same chunk at once: one decodes it, the others wait
        java.util.concurrent.CompletableFuture<long[]> mine = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<long[]> theirs = loading.putIfAbsent(index, mine);
        if (theirs != null) {
            if (!theirs.isDone()) decodeAhead(index);
            try {
                return theirs.join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                if (e.getCause() instanceof Error r) throw r;
                throw e;
            }
        }
        try {
            long[] v = decodeChunk(index);
            mine.complete(v);
            return v;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            loading.remove(index, mine);
        }
    }

    /**
     * While another reader decodes chunk {@code index}, decodes a chunk after it that a
     * reader has said it will read ({@link #readingAhead}) and no one has decoded or is
     * decoding, and keeps it. A chunk is many export pages (250,000 numbers against 65,536):
     * readers paging in parallel met in one chunk and all but one waited, so an export,
     * a plot or a histogram of a Pco file decoded on one core however many were given.
     */
    private void decodeAhead(int index) {
        for (int ahead = index + 1; ahead <= index + AHEAD && ahead < firstChunk + chunkCount; ahead++) {
            PcoFile.Chunk c = file.chunks().get(ahead);
            if (!expected(c.firstRow() - rowBase) || !MemoryBudget.fits(c.n(), Long.BYTES)) return;
            if (cache.contains(ahead)) continue;
            java.util.concurrent.CompletableFuture<long[]> mine = new java.util.concurrent.CompletableFuture<>();
            if (loading.putIfAbsent(ahead, mine) != null) continue;
            try {
                mine.complete(decodeChunk(ahead));
            } catch (RuntimeException e) {
                mine.completeExceptionally(e); // the reader of that chunk meets it, as if it had decoded it
            } catch (Error e) {
                mine.completeExceptionally(e);
                throw e;
            } finally {
                loading.remove(ahead, mine);
            }
            return;
        }
    }

    /** Chunks decoded ahead at most past the one being waited for: the cache keeps the one in use and these. */
    private static final int AHEAD = CACHED_CHUNKS - 2;

    /** Row ranges readers said they will read through, {start, end} each, by identity. */
    private final java.util.Set<long[]> expected = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private boolean expected(long row) {
        for (long[] r : expected) if (row >= r[0] && row < r[1]) return true;
        return false;
    }

    @Override
    public ReadingAhead readingAhead(long start, long end) {
        long[] range = {start, end};
        expected.add(range);
        return () -> expected.remove(range);
    }

    private long[] decodeChunk(int index) {
        long[] cached = cache.get(index);
        if (cached != null) return cached; // decoded by a reader that finished between our look and our claim
        PcoFile.Chunk c = file.chunks().get(index);
        decodes.incrementAndGet();
        long[] v = new long[c.n()];
        try {
            file.decodeChunk(c, v, 0);
        } catch (ReadProblem e) {
            // keep what decoded before the damage; the Verifier reports it, gaps() marks it
            damaged.put(index, "chunk " + index + " could not be decoded: " + e.getMessage());
        }
        cache.put(index, v);
        return v;
    }

    /** One stretch of requested rows inside one chunk: chunk index, the chunk, first number in it, where in the request, how many. */
    private interface ChunkRun {
        void take(int ci, PcoFile.Chunk chunk, int from, int done, int take);
    }

    /** Walks rows {@code [start, start+len)} chunk by chunk. */
    private void eachChunk(long start, int len, ChunkRun run) {
        if (start < 0 || len < 0 || start + len > count) {
            throw new IndexOutOfBoundsException("rows " + start + ".." + (start + len) + " of " + count);
        }
        long row = start + rowBase;
        int done = 0;
        while (done < len) {
            int ci = file.chunkOfRow(row);
            PcoFile.Chunk c = file.chunks().get(ci);
            int from = (int) (row - c.firstRow());
            int take = Math.min(len - done, c.n() - from);
            run.take(ci, c, from, done, take);
            done += take;
            row += take;
        }
    }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        eachChunk(start, len, (ci, c, from, done, take) -> {
            if (MemoryBudget.fits(c.n(), Long.BYTES)) {
                System.arraycopy(chunkValues(ci), from, dst, off + done, take);
            } else if (constant(c) != null) {
                // a chunk too big to hold whose every number is its one bin's bound: no bits to decode
                java.util.Arrays.fill(dst, off + done, off + done + take, constant(c));
            } else {
                stream.read(ci, c, from, dst, off + done, take);
            }
        });
    }

    /** Any chunk may turn out damaged when decoded. */
    @Override public boolean mayHaveGaps() { return true; }

    @Override
    public void gaps(long start, byte[] dst, int off, int len) {
        eachChunk(start, len, (ci, c, from, done, take) -> {
            // a chunk within the budget is decoded to learn; a streamed one is known once read
            if (MemoryBudget.fits(c.n(), Long.BYTES)) chunkValues(ci);
            boolean gap = damaged.containsKey(ci) || c.meta() == null;
            java.util.Arrays.fill(dst, off + done, off + done + take, gap ? UNDECODABLE : PRESENT);
        });
    }

    @Override
    public String gapReason(long index) {
        if (index < 0 || index >= count) return null;
        int ci = file.chunkOfRow(index + rowBase);
        PcoFile.Chunk c = file.chunks().get(ci);
        if (MemoryBudget.fits(c.n(), Long.BYTES)) chunkValues(ci);
        return damaged.getOrDefault(ci, c.meta() == null ? "chunk " + ci + "'s metadata is unreadable: " + c.damage().message() : null);
    }

    /**
     * The tracer of this column: value k's chunk and page position, then the page's own
     * steps ({@link PcoTracer}); spans are bits of {@code src}, the file.
     */
    public ValueTracer tracer(ByteSource src) {
        return (k, progress) -> {
            if (k < 0 || k >= count) throw new IndexOutOfBoundsException("value " + k + " of " + count);
            long row = k + rowBase;
            int ci = file.chunkOfRow(row);
            PcoFile.Chunk c = file.chunks().get(ci);
            int i = (int) (row - c.firstRow());
            List<Trace.Step> steps = new ArrayList<>();
            steps.add(new Trace.Step("chunk", "chunk " + ci + ", number " + i + " of " + c.n(),
                    chunkCount == 1 ? "This column is chunk " + ci + " alone: value " + k + " is its number " + i + "."
                            : "Chunks follow each other in the file; chunk " + ci + " holds rows " + c.firstRow() + "–"
                            + (c.firstRow() + c.n() - 1) + ", so row " + row + " is its number " + row + " − " + c.firstRow() + " = " + i + ".",
                    src, Span.bits(c.startByte() * 8, Math.max(0, Math.min(c.endBit(), src.size() * 8) - c.startByte() * 8))));
            long raw = 0;
            if (c.meta() == null) {
                steps.add(new Trace.Step("damage", c.damage().rule(), "The chunk's metadata is unreadable (" + c.damage().message()
                        + "), so none of its numbers decode; the value column marks them as gaps.", src, c.damage().span()));
                steps.add(new Trace.Step("number", type.valueType.format(0), "Not decodable: a gap in the value column (its bits read as 0).", src, null));
            } else {
                Map<String, Span> meta = metaSpans(c);
                ChunkMeta m = c.meta();
                steps.add(new Trace.Step("chunk metadata", m.mode().name() + " · " + PcoNodes.describe(m.deltaEncoding()),
                        "The chunk metadata says how the numbers became latents: mode " + m.mode().name() + " (" + m.mode().latentVars()
                                + " mode latent" + (m.mode().latentVars() == 1 ? "" : "s") + "), delta encoding "
                                + PcoNodes.describe(m.deltaEncoding()) + ", and each latent variable's bins.",
                        src, Span.bits(c.metaStartBit(), c.pageStartBit() - c.metaStartBit())));
                PcoTracer.Page pg = new PcoTracer.Page(src, file.data(), file.size(), 0, c.decoder(), c.pageStartBit(),
                        Math.min(c.endBit(), file.size() * 8), c.n(), meta);
                raw = PcoTracer.trace(pg, i, steps, progress).raw();
            }
            return new Trace(k, type.valueType.format(raw), steps);
        };
    }

    /** The chunk metadata's fields by key and index ({@link PcoTracer#fieldId}), read again for their positions. */
    private Map<String, Span> metaSpans(PcoFile.Chunk c) {
        Map<String, Span> spans = new HashMap<>();
        FieldReader r = new FieldReader(file.bytes(), c.metaStartBit(), file.size() * 8,
                (key, index, label, bit, bits, value, meaning) -> spans.put(PcoTracer.fieldId(key, index), Span.bits(bit, bits)));
        try {
            MetaParser.chunkMeta(r, file.version(), c.type());
        } catch (ReadProblem e) {
            // the chunk's metadata parsed once already; keep whatever positions were found
        }
        return spans;
    }

    /**
     * Each thread's numbers on their way to bytes: an export reads every page through here,
     * and a fresh half-MB array a page was half of what a one-shot decode allocated (on a
     * VM where fresh memory costs its page faults, a fifth of the run).
     */
    private static final ThreadLocal<long[]> RAW_PAGE = ThreadLocal.withInitial(() -> new long[1 << 16]);

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        int w = type.bits / 8;
        long[] page = RAW_PAGE.get();
        int done = 0;
        while (done < len) {
            int take = Math.min(page.length, len - done);
            read(start + done, page, 0, take);
            type.valueType.writeLE(page, 0, dst, off + done * w, take);
            done += take;
        }
    }
}
