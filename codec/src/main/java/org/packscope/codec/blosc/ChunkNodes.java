package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.store.StoreColumn;

/** Records a Blosc chunk into inspection nodes: header fields bit by bit, bstarts, blocks and their split streams. */
public final class ChunkNodes {
    private ChunkNodes() { }

    /** Blocks whose bstarts are listed one field each; past this the table and children still cover all. */
    private static final int MAX_BSTART_FIELDS = 4096;
    private static final int MAX_TABLE_ROWS = 65536;

    /** Fills {@code n} (whose source is the chunk's source) with everything about the chunk. */
    public static Node fill(Node n, BloscChunk c, String valuesName) {
        long base = c.base();
        n.source(c.source()).span(Span.bytes(base, c.end() - base));
        c.problems().forEach(n::diagnose);
        ChunkHeader h = c.header();
        if (h == null) {
            n.summary("truncated Blosc chunk");
            return n;
        }
        n.field("version", Span.bytes(base, 1), h.version(), "Blosc format version (2 for c-blosc 1.x)");
        n.field("versionlz", Span.bytes(base + 1, 1), h.versionlz(), "format version of the codec's stream");
        n.field("flags", Span.bytes(base + 2, 1), String.format(Locale.ROOT, "0x%02x", h.flags()), "bit field: filters, memcpy, split mode, codec");
        long fb = (base + 2) * 8;
        n.field("flags.shuffle", Span.bits(fb, 1), h.shuffle(), "bit 0: byte shuffle applied (only when typesize > 1 and not memcpyed)");
        n.field("flags.memcpyed", Span.bits(fb + 1, 1), h.memcpyed(), "bit 1: data stored uncompressed right after the header, unfiltered, no bstarts");
        n.field("flags.bitshuffle", Span.bits(fb + 2, 1), h.bitshuffle(), "bit 2: bit shuffle applied (blocks of a multiple of 8 elements)");
        n.field("flags.reserved", Span.bits(fb + 3, 1), h.reservedBit(), "bit 3: reserved, 0");
        n.field("flags.dont_split", Span.bits(fb + 4, 1), h.dontSplit(), "bit 4: blocks are never split into typesize streams");
        Compformat cf = h.compformat();
        n.field("flags.compformat", Span.bits(fb + 5, 3), h.compformatCode() + " (" + (cf == null ? "unknown" : cf.label()) + ")",
                "bits 5-7: codec of the streams (0 blosclz, 1 lz4/lz4hc, 2 snappy, 3 zlib, 4 zstd)");
        n.field("typesize", Span.bytes(base + 3, 1), h.typesize(), "bytes per element; the shuffle and the split work on this unit");
        n.field("nbytes", Span.bytes(base + 4, 4), h.nbytes(), "uncompressed size of the data");
        n.field("blocksize", Span.bytes(base + 8, 4), h.blocksize(), "uncompressed size of each block (the last may be shorter)");
        n.field("cbytes", Span.bytes(base + 12, 4), h.cbytes(), "compressed size of the chunk, header included");
        if (h.nbytes() > 0 && h.cbytes() > 0) {
            n.field("ratio", null, String.format(Locale.ROOT, "%.3f", (double) h.nbytes() / h.cbytes()), "nbytes / cbytes");
        }
        int nblocks = c.nblocks();
        if (!h.memcpyed()) {
            n.field("nblocks", null, h.nblocks(), "ceil(nbytes / blocksize)");
            n.field("leftover", null, h.leftover(), "size of a last, shorter block (0: all blocks full)");
            int[] bstarts = c.bstarts();
            for (int b = 0; b < Math.min(nblocks, MAX_BSTART_FIELDS); b++) {
                n.field("bstarts[" + b + "]", Span.bytes(base + 16 + 4L * b, 4), bstarts[b] < 0 ? "invalid" : bstarts[b],
                        "offset of block " + b + " from the chunk start");
            }
        } else if (h.nbytes() > 0) {
            n.field("data", Span.bytes(base + 16, Math.max(0, Math.min(h.nbytes(), c.end() - base - 16))),
                    FileNames.size(h.nbytes()), "memcpyed: the raw bytes, not shuffled even if a shuffle flag is set");
        }
        n.summary(summary(c));
        if (nblocks > 0 && c.fatal() == null) {
            n.table(blockTable(c));
            n.lazyChildren(nblocks, b -> blockNode(c, b)).drillDown(true);
        }
        StoreColumn col = ChunkStore.column(valuesName, c);
        n.facet(ValueColumn.class, col);
        n.facet(ValueTracer.class, ChunkTrace.forChunk(c, col, n.name()));
        n.facet(FieldExplainer.class, BloscExplainer.CHUNK);
        n.facet(Verifier.class, (sink, progress) -> c.verify(sink, Codecs.local()));
        n.facet(BulkDecoder.class, (progress, threads) -> bulk(c, progress, threads) / Math.max(1, col.type().byteWidth()));
        return n;
    }

    /**
     * Gives a chunk node's values (and their trace) the element type someone else knows: a
     * Blosc header knows only the element size, a bcolz carray knows its dtype.
     */
    public static void typeAs(Node n, BloscChunk c, ValueType t, String label) {
        if (!(n.values() instanceof StoreColumn own)) return;
        StoreColumn typed = own.as(t);
        if (typed == null) return;
        n.facet(ValueColumn.class, typed);
        n.facet(ValueTracer.class, ChunkTrace.forChunk(c, typed, label));
    }

    /**
     * Decodes every unit into a reused buffer, blocks spread over up to {@code threads}
     * threads (each with its own buffer and codec context); returns the bytes decoded.
     */
    static long bulk(BloscChunk c, org.packscope.codec.inspect.Progress progress, int threads) {
        long units = c.units();
        int bufSize = (int) Math.min(Math.max(1, c.nbytes()), c.unitSize());
        if (threads > 1 && !c.header().memcpyed() && c.fatal() == null && units > 1) {
            int blocks = (int) Math.min(units, c.nblocks());
            return org.packscope.codec.inspect.ParallelTasks.sum(blocks, threads, progress, worker -> {
                Codecs ctx = Codecs.local();
                byte[] buf = new byte[bufSize];
                return u -> {
                    try {
                        c.decodeUnit(u, buf, 0, ctx);
                        return c.unitLength(u);
                    } catch (BloscException e) {
                        return 0;
                    }
                };
            });
        }
        Codecs ctx = Codecs.local();
        byte[] buf = new byte[bufSize];
        long done = 0;
        for (long u = 0; u < units; u++) {
            progress.checkCancelled();
            if (!c.header().memcpyed() && c.fatal() == null && u >= c.nblocks()) break;
            try {
                c.decodeUnit(u, buf, 0, ctx);
                done += c.unitLength(u);
            } catch (BloscException e) {
                if (c.fatal() != null || c.header().memcpyed()) break;
            }
        }
        return done;
    }

    static String summary(BloscChunk c) {
        ChunkHeader h = c.header();
        Compformat cf = h.compformat();
        String filter = h.memcpyed() ? "memcpyed" : h.shuffle() && h.typesize() > 1 ? "shuffle" : h.bitshuffle() ? "bitshuffle" : "no filter";
        return (cf == null ? "codec " + h.compformatCode() : cf.label()) + " · " + filter + " · typesize " + h.typesize()
                + " · " + FileNames.size(h.nbytes()) + " → " + FileNames.size(h.cbytes())
                + (h.memcpyed() ? "" : " · " + c.nblocks() + (c.nblocks() == 1 ? " block" : " blocks"));
    }

    static DataTable blockTable(BloscChunk c) {
        List<List<Object>> rows = new ArrayList<>();
        // the block children cover every block; the map stops where a chart stops being readable
        for (int b = 0; b < Math.min(c.nblocks(), MAX_TABLE_ROWS); b++) {
            BlockLayout l = c.layout(b);
            double ratio = l.cbytes() == 0 ? 0 : (double) l.bsize() / l.cbytes();
            rows.add(List.of(b, l.start(), l.bsize(), l.cbytes(), Math.round(ratio * 1000) / 1000.0, l.nsplits(),
                    l.rawStreams(), l.problem() == null ? "" : l.problem().rule()));
        }
        return new DataTable("Blocks", List.of("block", "bstart", "nbytes", "cbytes", "ratio", "streams", "raw streams", "problem"),
                rows, "block", "ratio");
    }

    static Node blockNode(BloscChunk c, int b) {
        return Node.lazy("block " + b, "blosc-block", n -> {
            BlockLayout l = c.layout(b);
            ChunkHeader h = c.header();
            n.source(c.source()).span(Span.bytes(l.start(), Math.max(0, l.end() - l.start())));
            n.facet(FieldExplainer.class, BloscExplainer.BLOCK);
            n.field("bstart", Span.bytes(c.base() + 16 + 4L * b, 4), l.start() - c.base(), "offset of this block from the chunk start");
            n.field("nbytes", null, l.bsize(), l.leftoverBlock() ? "the leftover block: nbytes % blocksize" : "blocksize");
            n.field("streams", null, l.nsplits(), l.nsplits() > 1
                    ? "split into typesize streams (typesize ≤ 16, ≥ 128 elements, not the leftover block, dont_split clear)"
                    : "one stream");
            ChunkHeader.Filter f = h.filter(l.bsize());
            n.field("filter", null, f.name().toLowerCase(Locale.ROOT), switch (f) {
                case SHUFFLE -> "byte shuffle undone after decompressing";
                case BITSHUFFLE -> "bit shuffle undone after decompressing";
                case NONE -> h.bitshuffle() && !h.memcpyed() ? "bitshuffle flag set but this block is not a multiple of 8 elements: stored unfiltered" : "none";
            });
            int neblock = l.neblock();
            for (int j = 0; j < l.csizes().length; j++) {
                long at = l.streamOffsets()[j];
                int cs = l.csizes()[j];
                n.field("streams[" + j + "].csize", Span.bytes(at, 4), cs, "compressed size of stream " + j);
                boolean raw = cs == neblock;
                Compformat cf = h.compformat();
                n.field("streams[" + j + "].data", Span.bytes(at + 4, cs), raw ? "raw" : cf == null ? "unknown codec" : cf.label(),
                        raw ? "stored uncompressed (csize equals the stream's " + neblock + " bytes)"
                            : "compressed; decompresses to " + neblock + " bytes");
            }
            if (l.problem() != null) n.diagnose(l.problem());
            n.summary(l.bsize() + " → " + l.cbytes() + " bytes · " + l.nsplits() + (l.nsplits() == 1 ? " stream" : " streams")
                    + (l.rawStreams() > 0 ? " (" + l.rawStreams() + " raw)" : ""));
            n.facet(Verifier.class, (sink, progress) -> {
                try {
                    c.decodeBlock(b, new byte[l.bsize()], 0, Codecs.local());
                } catch (BloscException e) {
                    sink.accept(e.diagnostic());
                }
            });
        });
    }
}
