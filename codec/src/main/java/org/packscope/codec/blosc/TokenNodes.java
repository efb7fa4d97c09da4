package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * Step 4 of a Blosc lesson: each block's streams through the codec. A BloscLZ, LZ4 or
 * Snappy stream is cut into its literal runs and matches ({@link StreamTokens}), each a
 * field whose span is its bytes in the chunk and whose meaning says which bytes of the
 * filtered block it makes (which plane, which elements); a zlib or zstd stream shows its
 * wrapper's bytes and sizes. Blocks and streams are nodes made when opened.
 */
final class TokenNodes {
    private TokenNodes() { }

    /**
     * Tokens a stream lists one field each (a 2^20-value lesson's least compressible LZ4 stream
     * has about 10,000); past them a field says how many more the parse found.
     */
    static final int MAX_TOKEN_FIELDS = 16_384;
    /** Tokens parsed from one stream at most: bounds the lesson's memory on any input. */
    static final int MAX_TOKENS = 1 << 20;
    /** Literal bytes a token's value shows. */
    private static final int SHOWN_LITERALS = 16;

    static String spec(Compformat cf) {
        if (cf == null) return BloscDocs.BLOCKS;
        return switch (cf) {
            case BLOSCLZ -> "c-blosc blosc/blosclz.c, blosclz_decompress";
            case LZ4 -> "lz4 doc/lz4_Block_format.md";
            case SNAPPY -> "snappy format_description.txt";
            case ZLIB -> "RFC 1950 (zlib), RFC 1951 (deflate)";
            case ZSTD -> "RFC 8878 (Zstandard)";
        };
    }

    private static Field field(String key, int index, String label, Span span, Object value, String meaning) {
        return BloscLesson.field(key, index, label, span, value, meaning);
    }

    static Node streamsStep(BloscChunk chunk) {
        ChunkHeader h = chunk.header();
        Compformat cf = h.compformat();
        String codec = cf == null ? "codec " + h.compformatCode() : cf.label();
        Node s = BloscLesson.step("4 · streams through " + codec, spec(cf), chunk.source());
        s.span(Span.bytes(chunk.base(), chunk.end() - chunk.base()));
        if (h.memcpyed()) {
            s.addField(field("lesson.memcpyed", -1, "memcpyed", Span.bytes(h.end(), Math.max(0, chunk.end() - h.end())), true,
                    "no stream went through the codec: the bytes follow the header as typed"));
            return s.summary("a plain copy: nothing compressed");
        }
        s.addField(field("lesson.codec", -1, "codec", h.span(ChunkHeader.COMPFORMAT), codec,
                StreamTokens.parses(cf) ? "an LZ77 codec: each stream is literal runs and matches, one field each"
                        : "each stream is " + codec + "'s own format: its wrapper and sizes are shown"));
        s.lazyChildren(chunk.nblocks(), b -> blockNode(chunk, b));
        return s.summary(PlainText.count(chunk.nblocks(), "block") + ", each with its streams");
    }

    private static Node blockNode(BloscChunk chunk, int b) {
        return Node.lazy("block " + b, "blosc-step", n -> {
            ChunkHeader h = chunk.header();
            BlockLayout l = chunk.layout(b);
            n.facet(FieldExplainer.class, BloscLessonDocs.DOCS);
            n.source(chunk.source()).span(Span.bytes(l.start(), Math.max(0, l.end() - l.start())));
            n.addField(field("lesson.spec", -1, "spec", null, BloscDocs.BLOCKS, "where the format says so"));
            if (l.problem() != null) n.diagnose(l.problem());
            long first = (long) b * h.blocksize();
            n.addField(field("lesson.block", b, "block " + b, n.span(), PlainText.count(l.bsize(), "byte") + " → " + l.cbytes(),
                    "typed bytes " + first + ".." + (first + l.bsize() - 1) + "; " + PlainText.count(l.nsplits(), "stream") + " of " + l.neblock() + " bytes"));
            List<List<Object>> rows = new ArrayList<>();
            List<Node> kids = new ArrayList<>();
            for (int j = 0; j < l.streamsFound(); j++) {
                int stream = j;
                rows.add(List.of(j, l.streamOffsets()[j] - chunk.base(), l.csizes()[j], l.neblock(), l.raw(j) ? "raw" : "compressed"));
                kids.add(Node.lazy("stream " + j, "blosc-step", c -> fillStream(c, chunk, l, stream)));
            }
            n.table(DataTable.of("streams of block " + b, List.of("stream", "at", "stored bytes", "bytes", "how"), rows));
            n.children(kids);
            n.summary(l.bsize() + " → " + l.cbytes() + " bytes · " + PlainText.count(l.nsplits(), "stream"));
        });
    }

    private static void fillStream(Node n, BloscChunk chunk, BlockLayout l, int j) {
        ChunkHeader h = chunk.header();
        Compformat cf = h.compformat();
        long csizeAt = l.streamOffsets()[j];
        long dataAt = csizeAt + 4;
        int csize = l.csizes()[j];
        n.facet(FieldExplainer.class, BloscLessonDocs.DOCS);
        n.source(chunk.source()).span(Span.bytes(csizeAt, 4L + csize));
        n.addField(field("lesson.spec", -1, "spec", null, l.raw(j) ? BloscDocs.BLOCKS : spec(cf), "where the format says so"));
        Output out = new Output(h, l, j);
        n.addField(field("lesson.csize", -1, "csize", Span.bytes(csizeAt, 4), csize,
                "stored bytes of stream " + j + "; it makes " + l.neblock() + " bytes: " + out.where(0, l.neblock())));
        if (l.raw(j)) {
            n.addField(field("lesson.raw", -1, "raw bytes", Span.bytes(dataAt, csize), PlainText.count(csize, "byte"),
                    "csize = " + l.neblock() + ", the stream's own size: the codec could not shrink it, so the bytes are stored as they are"));
            n.summary("raw · " + PlainText.count(csize, "byte"));
            return;
        }
        if (cf == null) return;
        byte[] stream = new byte[csize];
        chunk.source().read(dataAt, stream, 0, csize);
        switch (cf) {
            case BLOSCLZ, LZ4, SNAPPY -> tokens(n, chunk.source(), cf, stream, dataAt, l, out);
            case ZLIB -> zlib(n, stream, dataAt, l);
            case ZSTD -> zstd(n, stream, dataAt, l);
        }
    }

    private static void tokens(Node n, ByteSource src, Compformat cf, byte[] stream, long dataAt, BlockLayout l, Output out) {
        StreamTokens.Parse p = StreamTokens.parse(cf, stream, 0, stream.length, l.neblock(), MAX_TOKENS);
        List<List<Object>> rows = new ArrayList<>();
        int literals = 0;
        int matches = 0;
        int k = 0;
        for (StreamTokens.Token t : p.tokens()) {
            Span span = Span.bytes(dataAt + t.start(), t.length());
            String head = BloscLesson.hex(src, dataAt + t.start(), Math.min(t.length() - (t.kind() == StreamTokens.Kind.LITERALS ? t.outLength() : 0), 8));
            String key;
            String label;
            String value;
            String meaning;
            switch (t.kind()) {
                case LITERALS -> {
                    literals++;
                    key = "lesson.literals";
                    label = "#" + k + " literals";
                    int shown = Math.min(t.outLength(), SHOWN_LITERALS);
                    value = PlainText.count(t.outLength(), "byte") + (shown == 0 ? "" : ": " + BloscLesson.hex(src, dataAt + t.literalFrom(), shown)
                            + (shown < t.outLength() ? " …" : ""));
                    meaning = "instruction " + head + ", then the bytes themselves → " + out.where(t.outPos(), t.outLength());
                }
                case MATCH -> {
                    matches++;
                    key = "lesson.match";
                    label = "#" + k + " match";
                    value = PlainText.count(t.outLength(), "byte") + " from " + t.distance() + " back";
                    meaning = "instruction " + head + ": copies what " + out.where(t.outPos() - t.distance(), t.outLength())
                            + " holds → " + out.where(t.outPos(), t.outLength());
                }
                default -> {
                    key = "lesson.preamble";
                    label = "#" + k + " preamble";
                    value = Integer.toString(l.neblock());
                    meaning = "varint " + head + ": the stream decompresses to " + l.neblock() + " bytes";
                }
            }
            if (k < MAX_TOKEN_FIELDS) n.addField(field(key, k, label, span, value, meaning));
            if (k < MAX_TOKEN_FIELDS) {
                rows.add(List.of(k, t.kind().name().toLowerCase(Locale.ROOT), span.byteOffset(), t.length(), t.outPos(), t.outLength(),
                        t.kind() == StreamTokens.Kind.MATCH ? t.distance() : ""));
            }
            k++;
        }
        if (p.tokens().size() > MAX_TOKEN_FIELDS) {
            n.addField(field("lesson.more_tokens", -1, "more tokens", null, p.tokens().size() - MAX_TOKEN_FIELDS,
                    "tokens past the first " + MAX_TOKEN_FIELDS + " are not listed one by one"));
        }
        if (!p.complete()) {
            long at = dataAt + Math.min(p.problemAt(), stream.length);
            n.diagnose(BloscRules.DECOMPRESS_FAILED.at(Span.bytes(at, 0), p.truncated()
                    ? "stream cut into " + MAX_TOKENS + " tokens; the rest is not listed"
                    : "the stream's instructions stop making sense at stream byte " + p.problemAt() + ": " + p.problem()));
        }
        n.table(new DataTable("tokens", List.of("#", "kind", "at", "stored bytes", "makes from", "makes bytes", "distance"), rows, "#", "makes bytes"));
        n.summary(String.format(Locale.ROOT, "%s · %s · %d → %d bytes", PlainText.count(literals, "literal run"), PlainText.count(matches, "match", "matches"),
                stream.length, p.produced()));
    }

    private static void zlib(Node n, byte[] s, long at, BlockLayout l) {
        n.summary("zlib · " + s.length + " → " + l.neblock() + " bytes");
        if (s.length < 6) {
            n.addField(field("lesson.compressed", -1, "compressed", Span.bytes(at, s.length), PlainText.count(s.length, "byte"), "too short for a zlib stream"));
            return;
        }
        int cmf = s[0] & 0xff;
        int flg = s[1] & 0xff;
        n.addField(field("lesson.zlib_header", -1, "CMF FLG", Span.bytes(at, 2), String.format("%02x %02x", cmf, flg),
                String.format(Locale.ROOT, "method %d (8 = deflate), window 2^%d; (CMF·256 + FLG) mod 31 = %d; level hint %d",
                        cmf & 15, (cmf >>> 4) + 8, (cmf * 256 + flg) % 31, flg >>> 6)));
        n.addField(field("lesson.deflate", -1, "deflate data", Span.bytes(at + 2, s.length - 6L), PlainText.count(s.length - 6, "byte"),
                "Huffman-coded literals and matches (zlib's own; not cut into tokens here) making " + l.neblock() + " bytes"));
        long adler = (s[s.length - 4] & 0xffL) << 24 | (s[s.length - 3] & 0xff) << 16 | (s[s.length - 2] & 0xff) << 8 | (s[s.length - 1] & 0xff);
        n.addField(field("lesson.adler32", -1, "Adler-32", Span.bytes(at + s.length - 4, 4), String.format("0x%08x", adler),
                "checksum of the " + l.neblock() + " bytes the stream makes, big-endian"));
    }

    private static void zstd(Node n, byte[] s, long at, BlockLayout l) {
        n.summary("zstd · " + s.length + " → " + l.neblock() + " bytes");
        if (s.length < 4) {
            n.addField(field("lesson.compressed", -1, "compressed", Span.bytes(at, s.length), PlainText.count(s.length, "byte"), "too short for a zstd frame"));
            return;
        }
        long magic = (s[0] & 0xffL) | (s[1] & 0xff) << 8 | (s[2] & 0xff) << 16 | (long) (s[3] & 0xff) << 24;
        n.addField(field("lesson.zstd_magic", -1, "magic", Span.bytes(at, 4), String.format("0x%08x", magic),
                magic == 0xFD2FB528L ? "a Zstandard frame starts here" : "not the Zstandard frame magic 0xfd2fb528"));
        n.addField(field("lesson.zstd_frame", -1, "frame", Span.bytes(at + 4, s.length - 4L), PlainText.count(s.length - 4, "byte"),
                "frame header and blocks (literals and sequences, entropy coded; not cut into tokens here) making " + l.neblock() + " bytes"));
    }

    /** What output bytes of one stream are in the filtered block: which plane and elements, or which bit-row. */
    record Output(ChunkHeader h, BlockLayout l, int stream) {
        /** Filtered block bytes {@code [from, from+len)} of this stream's output, in the block's terms. */
        String where(long from, long len) {
            long q0 = (long) stream * l.neblock() + from;
            long q1 = q0 + Math.max(1, len) - 1;
            return len <= 1 ? "block byte " + q0 + " (" + at(q0) + ")" : "block bytes " + q0 + ".." + q1 + " (" + at(q0) + " .. " + at(q1) + ")";
        }

        /** Filtered block byte {@code q}: elements numbered as typed (block b starts at b·blocksize / typesize). */
        private String at(long q) {
            int ts = Math.max(1, h.typesize());
            long n = l.bsize() / ts;
            long first = (long) l.index() * h.blocksize() / ts;
            if (q >= n * ts) return "trailing byte";
            return switch (h.filter(l.bsize())) {
                case SHUFFLE -> "plane " + q / n + ", x[" + (first + q % n) + "]";
                case BITSHUFFLE -> {
                    long rowBytes = n / 8;
                    long r = q / rowBytes;
                    long e = first + 8 * (q % rowBytes);
                    yield "byte " + r / 8 + " bit " + r % 8 + " of x[" + e + ".." + (e + 7) + "]";
                }
                case NONE -> "x[" + (first + q / ts) + "] byte " + q % ts;
            };
        }
    }
}
