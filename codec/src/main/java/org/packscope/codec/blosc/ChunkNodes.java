package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.analysis.ElementReading;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;
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
        // the header's fields come from reading it, by the same reader the decoder uses
        NodeRecorder rec = new NodeRecorder(n);
        c.recordHeader(rec);
        if (h.nbytes() > 0 && h.cbytes() > 0) {
            n.addField(derived(BloscDocs.RATIO, "ratio", String.format(Locale.ROOT, "%.3f", (double) h.nbytes() / h.cbytes()), "nbytes / cbytes"));
        }
        if (!h.memcpyed()) {
            n.addField(derived(BloscDocs.NBLOCKS, "nblocks", h.nblocks(), "ceil(nbytes / blocksize)"));
            n.addField(derived(BloscDocs.LEFTOVER, "leftover", h.leftover(), "size of a last, shorter block (0: all blocks full)"));
            c.recordBstarts(rec, MAX_BSTART_FIELDS);
        } else if (h.nbytes() > 0) {
            long from = h.end();
            n.addField(new Field(BloscDocs.DATA, -1, "data", Span.bytes(from, Math.max(0, Math.min(h.nbytes(), c.end() - from))),
                    FileNames.size(h.nbytes()), "memcpyed: the raw bytes, not shuffled even if a shuffle flag is set"));
        }
        n.summary(summary(c));
        int nblocks = c.nblocks();
        if (nblocks > 0 && c.fatal() == null) {
            n.table(blockTable(c));
            n.lazyChildren(nblocks, b -> blockNode(c, b)).drillDown(true);
        }
        StoreColumn col = ChunkStore.column(valuesName, c);
        n.facet(ValueColumn.class, col);
        n.facet(ValueTracer.class, ChunkTrace.forChunk(c, col, n.name()));
        String label = n.name();
        n.facet(ElementReading.class, new ElementReading(col, (t, big) -> {
            StoreColumn typed = col.as(t, big);
            return typed == null ? null : new ElementReading.Read(typed, ChunkTrace.forChunk(c, typed, label, big));
        }));
        n.facet(FieldExplainer.class, BloscDocs.DOCS);
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
        // the type is known now: no other reading is offered
        n.facet(ElementReading.class, ElementReading.fixed(typed));
    }

    /**
     * Decodes every unit into a reused buffer, blocks spread over up to {@code threads}
     * threads (each with its own buffer and codec context); returns the bytes decoded.
     */
    static long bulk(BloscChunk c, Progress progress, int threads) {
        long units = c.units();
        int bufSize = (int) Math.min(Math.max(1, c.nbytes()), c.unitSize());
        if (threads > 1 && !c.header().memcpyed() && c.fatal() == null && units > 1) {
            int blocks = (int) Math.min(units, c.nblocks());
            return ParallelTasks.sum(blocks, threads, progress, worker -> {
                Codecs ctx = Codecs.local();
                byte[] buf = ctx.unit(bufSize);
                return u -> {
                    try {
                        c.decodeUnit(u, buf, 0, ctx);
                        return c.unitLength(u);
                    } catch (ReadProblem e) {
                        return 0;
                    }
                };
            });
        }
        Codecs ctx = Codecs.local();
        byte[] buf = ctx.unit(bufSize);
        long done = 0;
        for (long u = 0; u < units; u++) {
            progress.checkCancelled();
            if (!c.header().memcpyed() && c.fatal() == null && u >= c.nblocks()) break;
            try {
                c.decodeUnit(u, buf, 0, ctx);
                done += c.unitLength(u);
            } catch (ReadProblem e) {
                if (c.fatal() != null || c.header().memcpyed()) break;
            }
        }
        return done;
    }

    /** A field computed from others: it has no bits of its own. */
    static Field derived(String key, String label, Object value, String meaning) {
        return new Field(key, -1, label, null, String.valueOf(value), meaning);
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
            ChunkHeader h = c.header();
            n.facet(FieldExplainer.class, BloscDocs.DOCS);
            NodeRecorder rec = new NodeRecorder(n);
            c.recordBstart(b, rec);
            n.addField(derived(BloscDocs.BLOCK_NBYTES, "nbytes", h.blockSize(b), h.isLeftoverBlock(b) ? "the leftover block: nbytes % blocksize" : "blocksize"));
            int nsplits = h.nsplits(b);
            n.addField(derived(BloscDocs.STREAMS, "streams", nsplits, nsplits > 1
                    ? "split into typesize streams (typesize ≤ 16, ≥ 128 elements, not the leftover block, dont_split clear)"
                    : "one stream"));
            ChunkHeader.Filter f = h.filter(h.blockSize(b));
            n.addField(derived(BloscDocs.FILTER, "filter", f.name().toLowerCase(Locale.ROOT), switch (f) {
                case SHUFFLE -> "byte shuffle undone after decompressing";
                case BITSHUFFLE -> "bit shuffle undone after decompressing";
                case NONE -> h.bitshuffle() && !h.memcpyed() ? "bitshuffle flag set but this block is not a multiple of 8 elements: stored unfiltered" : "none";
            }));
            // walking the streams records each csize and stream where it is read
            BlockLayout l = c.layout(b, rec);
            n.source(c.source()).span(Span.bytes(l.start(), Math.max(0, l.end() - l.start())));
            if (l.problem() != null) n.diagnose(l.problem());
            n.summary(l.bsize() + " → " + l.cbytes() + " bytes · " + l.nsplits() + (l.nsplits() == 1 ? " stream" : " streams")
                    + (l.rawStreams() > 0 ? " (" + l.rawStreams() + " raw)" : ""));
            n.facet(Verifier.class, (sink, progress) -> {
                try {
                    c.decodeBlock(b, new byte[l.bsize()], 0, Codecs.local());
                } catch (ReadProblem e) {
                    sink.accept(e.diagnostic());
                }
            });
        });
    }
}
