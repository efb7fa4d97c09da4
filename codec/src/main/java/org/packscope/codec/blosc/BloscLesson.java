package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.compress.CodecException;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * Blosc's steps on the numbers typed, as inspection nodes beside the chunk's own: the
 * first block as a typesize grid (elements × bytes), the same bytes after the filter
 * (byte planes, or bit planes for a window of elements), the cut into blocks and split
 * streams, and each stream through the codec as its literal runs and matches
 * ({@link TokenNodes}). Every number is computed from the typed values or read from the
 * encoded chunk; the filtered block is the chunk's own streams decompressed, not a
 * recomputation, so what the steps show is what Blosc stored. The header's bits and the
 * bstarts stay where the chunk view shows them; the steps point at them by span.
 */
final class BloscLesson {
    /** Elements the grid lists one by one: a teaching window, not a data set. */
    static final int MAX_GRID_ROWS = 256;
    /** Elements the bit-plane step shows bit by bit: 8 bytes of each bit-row. */
    static final int BIT_WINDOW = 64;
    /** Elements a byte-plane row shows. */
    static final int PLANE_WINDOW = 16;
    /** Blocks the block step lists one by one (the table and step 4 cover all). */
    static final int MAX_BLOCK_FIELDS = 256;

    private final BloscChunk chunk;
    private final ChunkHeader header;
    private final ValueType type;
    private final ByteSource typed;

    private BloscLesson(BloscChunk chunk, byte[] raw, ValueType type) {
        this.chunk = chunk;
        this.header = chunk.header();
        this.type = type;
        this.typed = ByteSource.of(raw, "typed values");
    }

    /** Puts a "steps" node first among {@code chunkNode}'s children (the blocks stay lazy after it). */
    static void addSteps(Node chunkNode, BloscChunk chunk, byte[] raw, ValueType type) {
        if (chunk.header() == null || chunk.fatal() != null) return;
        BloscLesson lesson = new BloscLesson(chunk, raw, type);
        Node steps = Node.lazy("steps", "blosc-steps", lesson::fillSteps);
        List<Node> blocks = chunkNode.children();
        chunkNode.lazyChildren(blocks.size() + 1, i -> i == 0 ? steps : blocks.get(i - 1));
    }

    // ---------------------------------------------------------------- shared facts

    /** The bytes of block 0 (the whole data of a memcpyed chunk, which has no blocks but is read as one). */
    int block0Size() {
        long n = header.nbytes();
        return (int) (header.blocksize() == 0 ? n : Math.min(n, header.blocksize()));
    }

    /** Elements in block 0 (its trailing bytes, when blocksize is not a multiple of typesize, are left as they are). */
    int block0Elements() { return block0Size() / header.typesize(); }

    ChunkHeader.Filter filter0() { return header.filter(block0Size()); }

    static Field field(String key, int index, String label, Span span, Object value, String meaning) {
        return new Field(key, index, label, span, String.valueOf(value), meaning);
    }

    private static Field field(String key, String label, Span span, Object value, String meaning) {
        return field(key, -1, label, span, value, meaning);
    }

    static Node step(String name, String spec, ByteSource source) {
        Node s = Node.of(name, "blosc-step").source(source);
        s.facet(FieldExplainer.class, BloscLessonDocs.DOCS);
        s.addField(field("lesson.spec", "spec", null, spec, "where the format says so"));
        return s;
    }

    static String hex(ByteSource src, long from, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : " ").append(String.format("%02x", src.u8(from + i)));
        return sb.toString();
    }

    private static String bits(int b) {
        return String.format("%8s", Integer.toBinaryString(b & 0xff)).replace(' ', '0');
    }

    // ---------------------------------------------------------------- the steps node

    private void fillSteps(Node n) {
        n.source(chunk.source()).span(Span.bytes(chunk.base(), chunk.end() - chunk.base()));
        n.facet(FieldExplainer.class, BloscLessonDocs.DOCS);
        Compformat cf = header.compformat();
        n.addField(field("lesson.typesize", "typesize", header.span(ChunkHeader.TYPESIZE), header.typesize(),
                type.label() + ": " + PlainText.count(header.typesize(), "byte") + " per element"));
        Span flagBit = header.span(switch (filter0()) {
            case SHUFFLE -> ChunkHeader.SHUFFLE;
            case BITSHUFFLE -> ChunkHeader.BITSHUFFLE;
            case NONE -> ChunkHeader.FLAGS;
        });
        n.addField(field("lesson.filter", "filter", flagBit, filterName(filter0()), filterWhy(filter0())));
        n.addField(field("lesson.codec", "codec", header.span(ChunkHeader.COMPFORMAT), cf == null ? "?" : cf.label(),
                header.memcpyed() ? "not used: the chunk is a plain copy" : "compresses every stream"));
        n.summary("1 grid · 2 " + filterName(filter0()) + " · 3 blocks · 4 " + (cf == null ? "codec" : cf.label()));
        n.add(gridStep());
        n.add(filterStep());
        n.add(blocksStep());
        n.add(TokenNodes.streamsStep(chunk));
    }

    private static String filterName(ChunkHeader.Filter f) {
        return switch (f) {
            case SHUFFLE -> "byte shuffle";
            case BITSHUFFLE -> "bit shuffle";
            case NONE -> "no shuffle";
        };
    }

    private String filterWhy(ChunkHeader.Filter f) {
        if (header.memcpyed()) return "none: a plain copy is stored as typed, whatever the flags say";
        return switch (f) {
            case SHUFFLE -> "flags bit 0: byte j of every element together, plane after plane";
            case BITSHUFFLE -> "flags bit 2: bit k of byte j of every element together, bit-row after bit-row";
            case NONE -> header.shuffle() ? "typesize 1: a byte shuffle has nothing to regroup"
                    : header.bitshuffle() ? "the block's element count is not a multiple of 8: stored unfiltered"
                    : "flags bits 0 and 2 clear";
        };
    }

    // ---------------------------------------------------------------- 1 · the grid

    private Node gridStep() {
        int ts = header.typesize();
        int n = block0Elements();
        Node s = step("1 · typesize grid", BloscDocs.SHUFFLE, typed).span(Span.bytes(0, block0Size()));
        s.addField(field("lesson.elements", "elements", null, n, String.format(Locale.ROOT, "block 0: %,d bytes / typesize %d", block0Size(), ts)));
        int rows = Math.min(n, MAX_GRID_ROWS);
        List<String> columns = new ArrayList<>(List.of("i", "value"));
        for (int j = 0; j < ts; j++) columns.add("byte " + j);
        List<List<Object>> table = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long at = (long) i * ts;
            String value = valueOf(i);
            List<Object> row = new ArrayList<>(List.of(i, value));
            for (int j = 0; j < ts; j++) row.add(String.format("%02x", typed.u8(at + j)));
            table.add(row);
            s.addField(field("lesson.element", i, "x[" + i + "]", Span.bytes(at, ts), value,
                    "bytes " + hex(typed, at, ts) + " (byte 0 first) → " + goesTo(i)));
        }
        s.table(DataTable.of(rows < n ? "block 0, the first " + rows + " of " + n + " elements" : "block 0", columns, table));
        s.summary(String.format(Locale.ROOT, "%,d elements × %d bytes", n, ts));
        return s;
    }

    /** Where element {@code i}'s bytes go in the filtered block. */
    private String goesTo(int i) {
        int n = block0Elements();
        return switch (filter0()) {
            case SHUFFLE -> "byte j to filtered byte j·" + n + " + " + i;
            case BITSHUFFLE -> "bit k of byte j to bit " + (i % 8) + " of filtered byte (8j + k)·" + (n / 8) + " + " + (i / 8);
            case NONE -> "unchanged, bytes " + (long) i * header.typesize() + ".." + ((long) (i + 1) * header.typesize() - 1);
        };
    }

    // ---------------------------------------------------------------- 2 · the filter

    /** Block 0 as the codec saw it: its streams decompressed one after another (the filter not undone). */
    private byte[] filteredBlock0(Node s) {
        int bsize = block0Size();
        byte[] out = new byte[bsize];
        if (header.memcpyed()) {
            chunk.source().read(header.end(), out, 0, bsize);
            return out;
        }
        BlockLayout l = chunk.layout(0);
        if (l.problem() != null) {
            s.diagnose(l.problem());
            return null;
        }
        Codecs ctx = Codecs.local();
        for (int j = 0; j < l.nsplits(); j++) {
            int csize = l.csizes()[j];
            byte[] in = new byte[csize];
            chunk.source().read(l.streamOffsets()[j] + 4, in, 0, csize);
            if (l.raw(j)) {
                System.arraycopy(in, 0, out, j * l.neblock(), csize);
                continue;
            }
            try {
                ctx.decompress(header.compformat(), in, 0, csize, out, j * l.neblock(), l.neblock());
            } catch (CodecException e) {
                s.diagnose(BloscRules.DECOMPRESS_FAILED.at(Span.bytes(l.streamOffsets()[j] + 4, csize), "block 0 stream " + j + ": " + e.getMessage()));
                return null;
            }
        }
        return out;
    }

    private Node filterStep() {
        ChunkHeader.Filter f = filter0();
        String name = switch (f) {
            case SHUFFLE -> "2 · byte shuffle: byte planes";
            case BITSHUFFLE -> "2 · bit shuffle: bit planes";
            case NONE -> "2 · no shuffle";
        };
        Node s = step(name, BloscDocs.SHUFFLE, null);
        byte[] filtered = filteredBlock0(s);
        if (filtered == null) return s.summary("block 0 cannot be decoded");
        ByteSource src = ByteSource.of(filtered, "block 0 filtered");
        s.source(src).span(Span.bytes(0, filtered.length));
        s.addField(field("lesson.filter", "filter", null, filterName(f), filterWhy(f)));
        switch (f) {
            case SHUFFLE -> bytePlanes(s, src);
            case BITSHUFFLE -> bitPlanes(s, src);
            case NONE -> s.summary(PlainText.count(filtered.length, "byte") + " as typed");
        }
        return s;
    }

    /** Where filtered bytes {@code [from, from+len)} of block 0 went: which stream, or the one stream. */
    private String streamOf(long from) {
        if (header.memcpyed()) return "stored as they are after the header";
        int streams = header.nsplits(0);
        int neblock = block0Size() / streams;
        int j = (int) Math.min(streams - 1, from / neblock);
        return streams == 1 ? "compressed together in block 0's one stream" : "compressed on their own as block 0's stream " + j;
    }

    private void bytePlanes(Node s, ByteSource src) {
        int ts = header.typesize();
        int n = block0Elements();
        int shown = Math.min(n, PLANE_WINDOW);
        List<String> columns = new ArrayList<>(List.of("plane", "filtered bytes"));
        for (int i = 0; i < shown; i++) columns.add("x[" + i + "]");
        columns.add("distinct");
        List<List<Object>> rows = new ArrayList<>();
        for (int j = 0; j < ts; j++) {
            long from = (long) j * n;
            int distinct = distinct(src, from, n);
            List<Object> row = new ArrayList<>(List.of("byte " + j, from + ".." + (from + n - 1)));
            for (int i = 0; i < shown; i++) row.add(String.format("%02x", src.u8(from + i)));
            row.add(distinct);
            rows.add(row);
            s.addField(field("lesson.plane", j, "plane " + j, Span.bytes(from, n), hex(src, from, shown) + (shown < n ? " …" : ""),
                    "byte " + j + " of elements 0.." + (n - 1) + ", " + PlainText.count(distinct, "distinct value") + "; " + streamOf(from)));
        }
        s.table(DataTable.of("byte planes of block 0 (first " + shown + " elements)", columns, rows));
        s.summary(ts + " planes × " + PlainText.count(n, "byte"));
    }

    private static int distinct(ByteSource src, long from, int n) {
        boolean[] seen = new boolean[256];
        int count = 0;
        for (int i = 0; i < n; i++) {
            int b = src.u8(from + i);
            if (!seen[b]) {
                seen[b] = true;
                count++;
            }
        }
        return count;
    }

    /** Each bit-row (bit k of byte j of every element), its first {@link #BIT_WINDOW} elements bit by bit. */
    private void bitPlanes(Node s, ByteSource src) {
        int ts = header.typesize();
        int n = block0Elements();
        int rowBytes = n / 8;
        int shownBytes = Math.min(rowBytes, BIT_WINDOW / 8);
        List<List<Object>> rows = new ArrayList<>();
        for (int j = 0; j < ts; j++) {
            for (int k = 0; k < 8; k++) {
                int r = 8 * j + k;
                long from = (long) r * rowBytes;
                StringBuilder elementBits = new StringBuilder();
                for (int q = 0; q < shownBytes; q++) {
                    int b = src.u8(from + q);
                    // element 8q + t is bit t: written element by element, lowest bit first
                    for (int t = 0; t < 8; t++) elementBits.append((b >>> t) & 1);
                    if (q + 1 < shownBytes) elementBits.append(' ');
                }
                rows.add(List.of(r, j, k, elementBits.toString(), hex(src, from, shownBytes)));
                s.addField(field("lesson.bitrow", r, "byte " + j + " bit " + k, Span.bytes(from, rowBytes), elementBits.toString(),
                        "bit " + k + " of byte " + j + " of elements 0.." + (n - 1) + ": filtered bytes " + from + ".." + (from + rowBytes - 1)
                                + ", elements 8q..8q+7 in byte q, element 8q+t at bit t; " + streamOf(from)));
            }
        }
        for (int q = 0; q < shownBytes; q++) {
            for (int t = 0; t < 8; t++) {
                int i = 8 * q + t;
                s.addField(field("lesson.bit", i, "x[" + i + "] byte 0 bit 0", Span.bits(8 * (long) q + t, 1), (typed.u8((long) i * ts) & 1),
                        "element " + i + " (" + valueOf(i) + ", byte 0 = " + bits(typed.u8((long) i * ts)) + "): its lowest bit is bit " + t + " of byte " + q + " of bit-row 0"));
            }
        }
        s.table(DataTable.of("bit planes of block 0, elements 0.." + (8 * shownBytes - 1) + " (each bit-row's bits element by element)",
                List.of("bit-row", "byte j", "bit k", "bits of x[0], x[1], …", "filtered bytes"), rows));
        s.summary(8 * ts + " bit-rows × " + PlainText.count(rowBytes, "byte"));
    }

    /** Element {@code i} as typed, from its little-endian bytes. */
    private String valueOf(int i) {
        int ts = header.typesize();
        long v = 0;
        for (int j = 0; j < Math.min(ts, 8); j++) v |= (long) typed.u8((long) i * ts + j) << (8 * j);
        return type.format(type.normalize(v));
    }

    // ---------------------------------------------------------------- 3 · blocks and streams

    private Node blocksStep() {
        Node s = step("3 · blocks and streams", BloscDocs.BLOCKS, chunk.source());
        s.span(Span.bytes(chunk.base(), chunk.end() - chunk.base()));
        long nbytes = header.nbytes();
        s.addField(field("lesson.nbytes", "nbytes", header.span(ChunkHeader.NBYTES), nbytes, "the typed values' size"));
        s.addField(field("lesson.blocksize", "blocksize", header.span(ChunkHeader.BLOCKSIZE), header.blocksize(), "bytes per block"));
        if (header.memcpyed()) {
            s.addField(field("lesson.memcpyed", "memcpyed", Span.bytes(header.end(), Math.max(0, chunk.end() - header.end())), true,
                    "no block compressed smaller (or level 0): the " + PlainText.count(nbytes, "byte") + " follow the header as they are"));
            return s.summary("a plain copy: no blocks, no streams");
        }
        long nblocks = header.nblocks();
        s.addField(field("lesson.nblocks", "blocks", null, nblocks, String.format(Locale.ROOT, "⌈%d / %d⌉", nbytes, header.blocksize())));
        s.addField(field("lesson.leftover", "leftover", null, header.leftover(), header.leftover() == 0 ? "nbytes is a multiple of blocksize: every block full"
                : String.format(Locale.ROOT, "%d mod %d: the last block holds %d bytes and is never split", nbytes, header.blocksize(), header.leftover())));
        s.addField(field("lesson.bstarts", "bstarts", Span.bytes(header.end(), 4L * chunk.nblocks()), PlainText.count(chunk.nblocks(), "entry", "entries"),
                "one int32 per block after the header: where the block's first stream starts (the chunk's own fields list them one by one)"));
        s.addField(field("lesson.split", "split", header.span(ChunkHeader.DONT_SPLIT), header.nsplits(0), splitWhy()));
        int ts = header.typesize();
        List<List<Object>> rows = new ArrayList<>();
        int listed = (int) Math.min(nblocks, MAX_BLOCK_FIELDS);
        for (int b = 0; b < chunk.nblocks(); b++) {
            BlockLayout l = chunk.layout(b);
            long first = (long) b * header.blocksize();
            rows.add(List.of(b, first / ts + ".." + ((first + l.bsize()) / ts - 1), l.bsize(), l.nsplits(), l.neblock(), l.cbytes(),
                    l.start() - chunk.base()));
            if (b < listed) {
                s.addField(field("lesson.block", b, "block " + b, Span.bytes(l.start(), l.cbytes()), PlainText.count(l.bsize(), "byte") + " → " + l.cbytes(),
                        String.format(Locale.ROOT, "values %d..%d (bytes %d..%d); %s of %d bytes%s", first / ts, (first + l.bsize()) / ts - 1, first,
                                first + l.bsize() - 1, PlainText.count(l.nsplits(), "stream"), l.neblock(), l.leftoverBlock() ? "; the leftover block" : "")));
            }
        }
        s.table(new DataTable("blocks", List.of("block", "values", "bytes", "streams", "stream bytes", "stored bytes", "bstart"), rows, "block", "stored bytes"));
        return s.summary(PlainText.count(nblocks, "block") + " × " + PlainText.count(header.nsplits(0), "stream"));
    }

    /** Why block 0 has the streams it has, in its numbers (the rule {@link ChunkHeader#nsplits} applies). */
    private String splitWhy() {
        int ts = header.typesize();
        int bsize = header.blockSize(0);
        String rule = String.format(Locale.ROOT, "typesize %d ≤ %d: %s; elements per block %d ≥ %d: %s; dont_split: %s; block 0 the leftover block: %s",
                ts, ChunkHeader.MAX_SPLITS, ts <= ChunkHeader.MAX_SPLITS, bsize / Math.max(1, ts), ChunkHeader.MIN_BUFFERSIZE,
                bsize / Math.max(1, ts) >= ChunkHeader.MIN_BUFFERSIZE, header.dontSplit(), header.isLeftoverBlock(0));
        return (header.nsplits(0) > 1 ? "split into one stream per byte plane, " : "one stream per block, ") + rule;
    }
}
