package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * An opened standalone Pco file: its bytes (with decoder padding), header and chunk
 * index. Standalone chunks carry no length, so opening walks every page's bits once
 * (tANS symbols and offset widths only) to find where the next chunk starts; after
 * that any chunk decodes on its own. Immutable after {@link #open}; safe to share.
 */
public final class PcoFile {

    /**
     * Where one chunk lives and what it holds. A damaged chunk has {@code damage} set;
     * its {@code meta} is null when the metadata itself could not be read (then its
     * numbers read as zeros), otherwise the numbers before the damage still decode.
     * {@code n} of a chunk whose preamble is unreadable is 0.
     */
    public record Chunk(int index, NumberType type, int n, long firstRow, long startByte, long metaStartBit,
                        long pageStartBit, long pageBodyBit, long endBit, ChunkMeta meta, Diagnostic damage) {
        public long endByte() { return (endBit + 7) >>> 3; }

        public boolean damaged() { return damage != null; }

        /**
         * The chunk's tANS tables, built for each use and not kept: a file of 300,000 tiny
         * chunks would otherwise hold 300,000 sets of tables for as long as it is open.
         */
        public ChunkDecoder decoder() { return meta == null ? null : ChunkDecoder.of(meta); }

        Chunk withEnd(long bit) {
            return new Chunk(index, type, n, firstRow, startByte, metaStartBit, pageStartBit, pageBodyBit, bit, meta, damage);
        }
    }

    private final String name;
    private final byte[] data;
    private final ByteSource bytes;
    private final long size;
    private final StandaloneHeader header;
    private final FormatVersion version;
    private final long wrappedHeaderByte;
    private final List<Chunk> chunks;
    private final List<Diagnostic> diagnostics;
    private final long terminatorByte;
    private final long totalN;
    private final long brokenChunkStart;

    private PcoFile(String name, byte[] data, long size, StandaloneHeader header, FormatVersion version, long wrappedHeaderByte,
                    List<Chunk> chunks, List<Diagnostic> diagnostics, long terminatorByte, long brokenChunkStart) {
        this.name = name;
        this.data = data;
        this.bytes = bytesOf(data, size);
        this.size = size;
        this.header = header;
        this.version = version;
        this.wrappedHeaderByte = wrappedHeaderByte;
        this.chunks = List.copyOf(chunks);
        this.diagnostics = List.copyOf(diagnostics);
        this.terminatorByte = terminatorByte;
        this.brokenChunkStart = brokenChunkStart;
        long t = 0;
        for (Chunk c : chunks) t += c.n();
        this.totalN = t;
    }

    /** Largest file held in memory for decoding. */
    static final long MAX_SIZE = Integer.MAX_VALUE - PageDecoder.PADDING - 64;

    public static PcoFile open(ByteSource src) {
        long size = src.size();
        List<Diagnostic> diags = new ArrayList<>();
        if (size > MAX_SIZE) {
            diags.add(Diagnostic.error(Span.bytes(0, 0), PcoRules.FILE_TOO_LARGE, "files over 2 GB are not decoded by PackScope's Pco reader"));
            return new PcoFile(src.name(), new byte[PageDecoder.PADDING], 0, null, null, -1, List.of(), diags, -1, -1);
        }
        byte[] data = new byte[(int) size + PageDecoder.PADDING];
        src.read(0, data, 0, (int) size);
        return open(src.name(), data, size);
    }

    /** {@code data} must carry {@link PageDecoder#PADDING} zero bytes after {@code size}. */
    static PcoFile open(String name, byte[] data, long size) {
        List<Diagnostic> diags = new ArrayList<>();
        List<Chunk> chunks = new ArrayList<>();
        Map<MetaBits, ChunkMeta> metas = new HashMap<>();
        StandaloneHeader header = null;
        FormatVersion version = null;
        long wrappedAt = -1;
        long terminator = -1;
        long broken = -1;
        FieldReader r = new FieldReader(bytesOf(data, size), 0, Recorder.NONE);
        try {
            header = MetaParser.standaloneHeader(r);
            wrappedAt = r.bit() >>> 3;
            version = MetaParser.wrappedHeader(r);
            if (version.major() == FormatVersion.MAX_MAJOR && version.minor() > 1) {
                diags.add(Diagnostic.warningAtByte(wrappedAt + 1, PcoRules.NEWER_MINOR_VERSION, "format " + version
                        + " is newer than 4.1: it may use additions PackScope does not know"));
            }
        } catch (ReadProblem e) {
            diags.add(e.diagnostic());
            return new PcoFile(name, data, size, header, version, wrappedAt, chunks, diags, -1, -1);
        }
        long row = 0;
        while (true) {
            long start = r.bit() >>> 3;
            if (start >= size) {
                diags.add(Diagnostic.errorAtByte(start, PcoRules.MISSING_TERMINATOR,
                        "the file ends after " + chunks.size() + " chunks without the terminating 0 byte (truncated?)"));
                break;
            }
            int typeByte = data[(int) start] & 0xff;
            if (typeByte == 0) {
                terminator = start;
                if (start + 1 < size) {
                    diags.add(Diagnostic.warning(Span.bytes(start + 1, size - start - 1), PcoRules.TRAILING_BYTES,
                            (size - start - 1) + " bytes follow the terminating 0 byte"));
                }
                break;
            }
            Chunk c = shared(readChunk(data, size, start, header, version, chunks.size(), row), data, metas);
            row += c.n();
            if (c.damaged() && MemoryBudget.RULE.equals(c.damage().rule())) {
                // intact but too big to decode here: its end is known, so the next chunk follows it
                chunks.add(c);
                diags.add(c.damage());
                r.seek(c.endBit());
                continue;
            }
            if (!c.damaged()) {
                chunks.add(c);
                String late = anachronism(version, c.meta());
                if (late != null) {
                    diags.add(Diagnostic.warning(Span.bits(c.metaStartBit(), 8), PcoRules.FEATURE_NEWER_THAN_FORMAT,
                            "chunk " + c.index() + ": " + late));
                }
                r.seek(c.endBit());
                continue;
            }
            diags.add(c.damage());
            broken = start;
            // Standalone chunks carry no length: look for the next chunk that reads cleanly.
            long from = Math.max(start + 4, c.pageBodyBit() >>> 3);
            NumberType expect = header.uniformType() != null ? header.uniformType() : c.type();
            long next = resync(data, size, from, header, version, expect);
            if (next < 0) {
                chunks.add(c.withEnd(size * 8));
                diags.add(Diagnostic.warningAtByte(from, PcoRules.NO_RESYNC, "no readable chunk follows the damaged chunk "
                        + c.index() + "; the rest of the file is not decoded"));
                break;
            }
            chunks.add(c.withEnd(next * 8));
            diags.add(Diagnostic.warningAtByte(next, PcoRules.RESYNCHRONIZED, "after damaged chunk " + c.index()
                    + ", the next readable chunk starts at byte " + next + (c.n() > 0 ? "" : "; row numbers after it may be shifted")));
            r.seek(next * 8);
        }
        return new PcoFile(name, data, size, header, version, wrappedAt, chunks, diags, terminator, broken);
    }

    /** Reads and walks one chunk; problems come back as a damaged chunk, never as an exception. */
    /** Distinct chunk metadata kept for sharing at most: beyond, each chunk keeps its own. */
    static final int METAS_SHARED = 4096;

    /**
     * {@code c} with the metadata an earlier chunk stored in the same bits: 300,000 chunks of one
     * kind (one bin, no delta) then hold one copy of it, not 300,000 (about 160 bytes each).
     */
    private static Chunk shared(Chunk c, byte[] data, Map<MetaBits, ChunkMeta> metas) {
        if (c.meta() == null) return c;
        MetaBits stored = new MetaBits(c.type(), data, c.metaStartBit(), c.pageStartBit());
        ChunkMeta known = metas.get(stored);
        if (known == null) {
            if (metas.size() < METAS_SHARED) metas.put(stored, c.meta());
            return c;
        }
        return known == c.meta() ? c : new Chunk(c.index(), c.type(), c.n(), c.firstRow(), c.startByte(), c.metaStartBit(),
                c.pageStartBit(), c.pageBodyBit(), c.endBit(), known, c.damage());
    }

    private static Chunk readChunk(byte[] data, long size, long start, StandaloneHeader header, FormatVersion version,
                                   int index, long row) {
        FieldReader r = new FieldReader(bytesOf(data, size), start, Recorder.NONE);
        NumberType type = header.uniformType();
        int n = 0;
        long metaBit = start * 8 + 32;
        long pageBit = metaBit;
        long bodyBit = metaBit;
        ChunkMeta meta = null;
        try {
            type = MetaParser.chunkType(r, header);
            n = MetaParser.chunkN(r);
            metaBit = r.bit();
            pageBit = bodyBit = metaBit;
            meta = MetaParser.chunkMeta(r, version, type);
            pageBit = bodyBit = r.bit();
            PageDecoder pd = new PageDecoder(ChunkDecoder.of(meta), data, size, pageBit, n, Recorder.NONE);
            bodyBit = pd.bodyStartBit();
            pd.skipAll();
            // walking a page needs no window; decoding it does: a chunk too big to decode is still located
            ReadProblem tooLarge = holdProblem(meta, n, metaBit);
            Diagnostic d = tooLarge == null ? null : tooLarge.diagnostic();
            if (d != null) d = new Diagnostic(d.severity(), d.span(), d.rule(), "chunk " + index + ": " + d.message());
            return new Chunk(index, type, n, row, start, metaBit, pageBit, bodyBit, pd.bitPosition(), meta, d);
        } catch (ReadProblem e) {
            if (type == null) type = NumberType.U8;
            Diagnostic d = e.diagnostic();
            d = new Diagnostic(d.severity(), d.span(), d.rule(), "chunk " + index + ": " + d.message());
            return new Chunk(index, type, n, row, start, metaBit, pageBit, bodyBit, size * 8, meta, d);
        }
    }

    /** Bytes scanned at most when looking for the chunk after a damaged one. */
    private static final long RESYNC_SCAN_BYTES = 64L << 20;

    /**
     * The start of the first chunk at or after {@code from} that reads cleanly and is
     * followed by another chunk's type byte or the terminator; -1 when none.
     */
    static long resync(byte[] data, long size, long from, StandaloneHeader header, FormatVersion version, NumberType expect) {
        long end = Math.min(size, from + RESYNC_SCAN_BYTES);
        for (long p = from; p < end; p++) {
            int b = data[(int) p] & 0xff;
            if (expect != null ? b != expect.id : NumberType.ofId(b) == null) continue;
            Chunk c = readChunk(data, size, p, header, version, -1, 0);
            if (c.damaged()) continue;
            long after = c.endByte();
            if (after >= size) continue;
            int next = data[(int) after] & 0xff;
            if (next == 0 || NumberType.ofId(next) != null) return p;
        }
        return -1;
    }

    /** A feature the declared format version predates (legal to decode, but no real writer does it). */
    static String anachronism(FormatVersion v, ChunkMeta m) {
        int major = v.major();
        int bits = m.type().bits;
        if (m.mode() instanceof Mode.Dict && (major < 4 || (major == 4 && v.minor() < 1))) return "Dict mode appeared in format 4.1, but the file says " + v;
        if (bits == 8 && (major < 4 || (major == 4 && v.minor() < 1))) return "8-bit types appeared in format 4.1, but the file says " + v;
        if (m.mode() instanceof Mode.FloatQuant && major < 2) return "FloatQuant mode appeared in format 2, but the file says " + v;
        if (bits == 16 && major < 2) return "16-bit types appeared in format 2, but the file says " + v;
        if (m.deltaEncoding() instanceof DeltaEncoding.Conv1 && major < 4) return "Conv1 delta appeared in format 4, but the file says " + v;
        return null;
    }

    /** The file's bytes (without the decoder padding) as a source the field reader reads. */
    private static ByteSource bytesOf(byte[] data, long size) {
        return new ArraySource(data, 0, (int) size, "pco");
    }

    // ------------------------------------------------------------------ accessors

    public String name() { return name; }

    public long size() { return size; }

    byte[] data() { return data; }

    /** The file's bytes as a source (the same bytes as {@link #data()}, without the padding). */
    ByteSource bytes() { return bytes; }

    public StandaloneHeader header() { return header; }

    public FormatVersion version() { return version; }

    public long wrappedHeaderByte() { return wrappedHeaderByte; }

    public List<Chunk> chunks() { return chunks; }

    /** Problems found while indexing (header, chunk metadata, page structure, terminator). */
    public List<Diagnostic> diagnostics() { return diagnostics; }

    public long terminatorByte() { return terminatorByte; }

    /** Start byte of the first damaged chunk, or -1. */
    public long brokenChunkStart() { return brokenChunkStart; }

    public long totalN() { return totalN; }

    /** The single number type of all chunks (the uniform type if set), or null when mixed or none. */
    public NumberType numberType() {
        if (header != null && header.uniformType() != null) return header.uniformType();
        NumberType t = null;
        for (Chunk c : chunks) {
            if (c.damaged() && c.n() == 0) continue; // type byte unreadable
            if (t == null) t = c.type();
            else if (t != c.type()) return null;
        }
        return t;
    }

    /** Index of the chunk holding a row. */
    public int chunkOfRow(long row) {
        int lo = 0, hi = chunks.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (chunks.get(mid).firstRow() <= row) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    public PageDecoder pageDecoder(Chunk c, Recorder recorder) {
        if (c.meta() == null) {
            // the chunk's metadata did not parse: its page has no bins to decode with, for the reason the damage gives
            Diagnostic d = c.damage();
            String message = "chunk " + c.index() + "'s metadata is unreadable" + (d != null ? " (" + d.message() + ")" : "")
                    + "; its page cannot be decoded";
            if (d == null) throw PcoRules.problem(PcoRules.CHUNK_META_UNREADABLE, c.metaStartBit(), message);
            throw new ReadProblem(new Diagnostic(Severity.ERROR, Span.bits(c.metaStartBit(), 0), d.rule(), message));
        }
        return decoder(c.decoder(), data, size, c.pageStartBit(), c.n(), recorder);
    }

    /**
     * A decoder for a page of {@code n} numbers, refused ({@value MemoryBudget#RULE}) when
     * decoding it would need more memory than one unit may hold: a Lookback window of up
     * to 2^24 latents, claimed by a few metadata bits, is a buffer of twice that many longs.
     */
    static PageDecoder decoder(ChunkDecoder cd, byte[] data, long limitBytes, long startBit, int n, Recorder recorder) {
        ReadProblem e = holdProblem(cd.meta(), n, startBit);
        if (e != null) throw e;
        return new PageDecoder(cd, data, limitBytes, startBit, n, recorder);
    }

    /** Bytes a page decode holds beyond its batch buffers: the Lookback windows. */
    static long decodeBytes(ChunkMeta m, int n) {
        long total = 0;
        for (LatentVar v : m.latentVars()) {
            if (m.deltaFor(v.role()) instanceof DeltaEncoding.Lookback lb) {
                long win = Math.min(lb.windowN(), (long) n + m.stateN(v.role()));
                total += Math.max(win, PageDecoder.BATCH) * 2 * Long.BYTES;
            }
        }
        return total;
    }

    /** The too_large_to_hold problem of decoding a page of {@code n} numbers, or null. */
    static ReadProblem holdProblem(ChunkMeta m, int n, long bit) {
        long need = decodeBytes(m, n);
        if (MemoryBudget.fits(need, 1)) return null;
        return tooLarge(bit, MemoryBudget.tooLarge("the Lookback window of " + n + " numbers", need));
    }

    /** The shared {@value MemoryBudget#RULE} problem (an error, as every problem met while decoding is). */
    static ReadProblem tooLarge(long bit, String message) {
        return new ReadProblem(new Diagnostic(Severity.ERROR, Span.bits(Math.max(0, bit), 0), MemoryBudget.RULE, message));
    }

    /**
     * Decodes a chunk into {@code dst[off..]} (raw value bits). On corruption the
     * numbers decoded so far stay, the rest are 0, and the exception is rethrown.
     */
    public void decodeChunk(Chunk c, long[] dst, int off) {
        if (c.meta() == null) throw new ReadProblem(c.damage());
        PageDecoder pd = pageDecoder(c, Recorder.NONE);
        pd.decodeAll(dst, off);
    }

    /**
     * Decodes every chunk, batch by batch, results discarded, on up to {@code threads}
     * threads (a chunk per task, one batch buffer per thread); returns the numbers decoded.
     */
    public long decodeAllDiscard(Progress progress, int threads) {
        return ParallelTasks.sum(chunks.size(), threads, progress, worker -> {
            long[] out = new long[PageDecoder.BATCH];
            return i -> {
                Chunk c = chunks.get(i);
                if (c.meta() == null) return 0;
                try {
                    PageDecoder pd = pageDecoder(c, Recorder.NONE);
                    long count = 0;
                    int got;
                    while ((got = pd.decodeBatch(out, 0)) > 0) count += got;
                    return count;
                } catch (ReadProblem e) {
                    return 0;
                }
            };
        });
    }

    /** Decodes every chunk (on all cores, a chunk per task) and reports each one that fails, in chunk order. */
    public void verify(Consumer<Diagnostic> sink, Progress progress) {
        List<Diagnostic> found = ParallelTasks.map(chunks.size(),
                ParallelTasks.cores(), progress, i -> {
                    Chunk c = chunks.get(i);
                    if (c.damaged()) return null; // already reported when the file was indexed
                    long[] out = new long[PageDecoder.BATCH];
                    try {
                        PageDecoder pd = pageDecoder(c, Recorder.NONE);
                        if (pd.sameEveryBatch()) {
                            pd.decodeBatch(out, 0); // what a batch's numbers can meet, the first one meets
                            pageDecoder(c, Recorder.NONE).skipAll(); // and the page's bits must all be there
                            return null;
                        }
                        while (pd.decodeBatch(out, 0) > 0) { }
                        return null;
                    } catch (ReadProblem e) {
                        return chunkFailure(i, e);
                    }
                });
        for (Diagnostic d : found) if (d != null) sink.accept(d);
    }

    /** What decoding chunk {@code index} met, said of that chunk. */
    static Diagnostic chunkFailure(int index, ReadProblem e) {
        Diagnostic d = e.diagnostic();
        return new Diagnostic(d.severity(), d.span(), d.rule(), "chunk " + index + ": " + d.message());
    }
}
