package org.packscope.codec.bpcells;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Encoder;
import org.packscope.codec.bpcells.bp128.Bp128Stream;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * One BP128 lesson as an inspection tree: a node per 128-value block, each with the four
 * steps of the encoding (the values, the variant's transform, the width, the interleaved
 * words), then the {@code idx}, {@code idx_offsets} and {@code starts} pointers. The arrays
 * are the files a BPCells folder holds (8-byte header, then little-endian numbers), and
 * every field's span is the bits it became in them, so the hex view shows where each
 * number went. The numbers shown are computed here from the typed values; the bytes are
 * the stream's encoder's (the tests hold one against the other).
 */
final class Bp128Lesson {
    /** BPCells' folder files start with an 8-byte type header. */
    static final int HEADER = 8;

    private final Bp128Variant variant;
    private final int[] values;
    private final Bp128Stream stream;
    private final ByteSource data;
    private final ByteSource idx;
    private final ByteSource idxOffsets;
    private final ByteSource starts;
    private final String spec;

    Bp128Lesson(Bp128Variant variant, int[] values, Bp128Stream stream) {
        this.variant = variant;
        this.values = values;
        this.stream = stream;
        data = file("data", "UINT32v1", stream.data(), null);
        idx = file("idx", "UINT32v1", stream.idx(), null);
        idxOffsets = file("idx_offsets", "UINT64v1", null, stream.idxOffsets());
        starts = stream.starts() == null ? null : file("starts", "UINT32v1", stream.starts(), null);
        spec = switch (variant) {
            case VANILLA -> BpcellsDocs.BP128;
            case D1 -> BpcellsDocs.D1;
            case D1Z -> BpcellsDocs.D1Z;
            case FOR -> BpcellsDocs.FOR;
        };
    }

    private static ByteSource file(String name, String header, int[] ints, long[] longs) {
        int n = ints != null ? ints.length * 4 : longs.length * 8;
        ByteBuffer b = ByteBuffer.allocate(HEADER + n).order(ByteOrder.LITTLE_ENDIAN);
        b.put(header.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        if (ints != null) for (int v : ints) b.putInt(v);
        else for (long v : longs) b.putLong(v);
        return ByteSource.of(b.array(), name);
    }

    /** The bytes the stream takes without the files' headers: its four arrays' numbers. */
    long payloadBytes() {
        return 4L * stream.data().length + 4L * stream.idx().length + 8L * stream.idxOffsets().length
                + (stream.starts() == null ? 0 : 4L * stream.starts().length);
    }

    String sizes() {
        StringBuilder widths = new StringBuilder();
        int shown = Math.min(stream.chunks(), 8);
        for (int k = 0; k < shown; k++) widths.append(k == 0 ? "" : ", ").append(block(k).bits);
        if (shown < stream.chunks()) widths.append(", …");
        return String.format(Locale.ROOT, "%s = %,d bytes as uint32 · %s: %s of %s bits · data %s, idx %d, idx_offsets %d%s · %,d bytes (%.0f%%)",
                PlainText.count(values.length, "value"), 4L * values.length, variant.label(), PlainText.count(stream.chunks(), "block"), widths,
                PlainText.count(stream.data().length, "word"), stream.idx().length, stream.idxOffsets().length,
                starts == null ? "" : ", starts " + stream.starts().length, payloadBytes(), 100.0 * payloadBytes() / (4.0 * values.length));
    }

    Node root() {
        Node n = Node.of(variant.label() + " lesson", "bp128-lesson").source(data).span(Span.bytes(0, data.size()));
        n.facet(FieldExplainer.class, Bp128LessonDocs.DOCS);
        n.summary(PlainText.count(values.length, "value") + " · " + PlainText.count(stream.chunks(), "block") + " · "
                + PlainText.count(data.size(), "byte") + " of data");
        BpcellsDocs.field(n, "lesson.variant", "variant", null, variant.label(), variant.meaning());
        BpcellsDocs.field(n, "lesson.spec", "spec", null, spec, "where the format says so");
        BpcellsDocs.field(n, "lesson.values", "values", null, values.length, "the integers typed, as unsigned 32-bit numbers");
        BpcellsDocs.field(n, "lesson.blocks", "blocks", null, stream.chunks(), "⌈" + values.length + " / 128⌉"
                + (values.length % Bp128.CHUNK == 0 ? "" : "; the last one padded with its last value"));
        BpcellsDocs.field(n, "lesson.header", "header", Span.bytes(0, HEADER), "UINT32v1", "the data file's type header (BPCells' folder format)");
        BpcellsDocs.field(n, "lesson.data", "data words", Span.bytes(HEADER, data.size() - HEADER), stream.data().length, "4·b words per block, block after block");
        long[] decoded = new long[values.length];
        int[] out = new int[Bp128.CHUNK];
        for (int k = 0; k < stream.chunks(); k++) {
            Block b = block(k);
            Bp128.decode(variant, b.bits, stream.starts() == null ? 0 : stream.starts()[k], stream.data(), (int) b.firstWord, out, 0);
            for (int i = 0; i < b.count; i++) decoded[k * Bp128.CHUNK + i] = out[i] & 0xffffffffL;
        }
        n.facet(ValueColumn.class, MatrixChildren.fixed("decoded", ValueType.U32, decoded));
        List<Node> kids = new ArrayList<>();
        for (int k = 0; k < stream.chunks(); k++) {
            int block = k;
            kids.add(Node.lazy("block " + k, "bp128-block", c -> fillBlock(c, block(block))));
        }
        kids.add(idxNode());
        kids.add(idxOffsetsNode());
        if (starts != null) kids.add(startsNode());
        return n.children(kids);
    }

    /** One block: its 128 inputs (the last one padded), what the transform made of them, its width and first word. */
    private record Block(int k, int[] in, int[] t, int or, int bits, long firstWord, int count) {
        int words() { return Bp128.words(bits); }

        /** What the words hold: the transformed values, or at width 32 the values themselves (BPCells copies them). */
        int[] packed() { return bits == 32 ? in : t; }
    }

    private Block block(int k) {
        int[] in = new int[Bp128.CHUNK];
        int off = k * Bp128.CHUNK;
        int count = Math.min(Bp128.CHUNK, values.length - off);
        System.arraycopy(values, off, in, 0, count);
        Arrays.fill(in, count, Bp128.CHUNK, values[off + count - 1]);
        int[] t = new int[Bp128.CHUNK];
        int or = Bp128Encoder.transform(variant, in[0], in, 0, t);
        long first = 0;
        for (int j = 0; j < k; j++) first += Integer.toUnsignedLong(stream.idx()[j + 1] - stream.idx()[j]);
        return new Block(k, in, t, or, Bp128Encoder.bits(or), first, count);
    }

    private void fillBlock(Node c, Block b) {
        c.facet(FieldExplainer.class, Bp128LessonDocs.DOCS).source(data);
        long byteStart = HEADER + 4 * b.firstWord;
        if (b.bits > 0) c.span(Span.bytes(byteStart, 4L * b.words()));
        c.summary(String.format(Locale.ROOT, "values %d..%d · %d bits · %s", b.k * 128, b.k * 128 + b.count - 1, b.bits,
                PlainText.count(b.words(), "word")));
        BpcellsDocs.field(c, "lesson.block", "block", null, b.k, "values 128·" + b.k + " .. 128·" + b.k + " + 127"
                + (b.count < Bp128.CHUNK ? "; " + (Bp128.CHUNK - b.count) + " of them padding (the last value repeated)" : ""));
        BpcellsDocs.field(c, "lesson.bits", "bits", null, b.bits, "the width of the largest transformed value");
        BpcellsDocs.field(c, "lesson.first_word", "first word", null, b.firstWord, "idx[" + b.k + "]: where the block's words start in data");
        c.add(valuesStep(b, byteStart));
        c.add(transformStep(b, byteStart));
        c.add(widthStep(b, byteStart));
        c.add(wordsStep(b, byteStart));
    }

    private Node step(String name, String kind, String section, Block b, long byteStart) {
        Node s = Node.of(name, kind).source(data);
        s.facet(FieldExplainer.class, Bp128LessonDocs.DOCS);
        if (b.bits > 0) s.span(Span.bytes(byteStart, 4L * b.words()));
        BpcellsDocs.field(s, "lesson.spec", "spec", null, section, "where the format says so");
        return s;
    }

    /** Where value {@code i}'s low bits went in the data file (null at width 0: nothing is stored). */
    private static Span lowBits(Block b, long byteStart, int i) {
        if (b.bits == 0) return null;
        Bp128.Position p = Bp128.position(i, b.bits);
        return Span.bits((byteStart + 4L * p.word()) * 8 + p.bit(), p.lowBits());
    }

    private static String where(Block b, int i) {
        if (b.bits == 0) return "width 0: no bits stored";
        Bp128.Position p = Bp128.position(i, b.bits);
        String at = String.format(Locale.ROOT, "lane %d, slot %d → word %d bits %d..%d", p.lane(), p.slot(), p.word(), p.bit(), p.bit() + p.lowBits() - 1);
        return p.straddles() ? at + String.format(Locale.ROOT, " + word %d bits 0..%d", p.nextWord(), p.highBits() - 1) : at;
    }

    private Node valuesStep(Block b, long byteStart) {
        Node s = step("1 · 128 values", "bp128-step", BpcellsDocs.BP128, b, byteStart);
        s.summary(b.count < Bp128.CHUNK ? b.count + " values + " + (Bp128.CHUNK - b.count) + " padding" : "128 values");
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Bp128.CHUNK; i++) {
            String pad = i >= b.count ? " (padding)" : "";
            BpcellsDocs.field(s, "lesson.value", i, "x[" + i + "]", lowBits(b, byteStart, i), Integer.toUnsignedString(b.in[i]) + pad, "value " + (b.k * 128 + i) + ": " + where(b, i));
            rows.add(List.of(i, Integer.toUnsignedLong(b.in[i]), i & 3, i >> 2));
        }
        s.table(new DataTable("block " + b.k, List.of("i", "x", "lane", "slot"), rows, "i", "x"));
        return s;
    }

    private Node transformStep(Block b, long byteStart) {
        String what = switch (variant) {
            case VANILLA -> "none";
            case FOR -> "m1: x − 1";
            case D1 -> "d1: differences";
            case D1Z -> "d1z: differences, zigzag";
        };
        Node s = step("2 · transform (" + what + ")", "bp128-step", spec, b, byteStart);
        if (variant.usesStarts()) BpcellsDocs.field(s, "lesson.start", "start", null, Integer.toUnsignedString(b.in[0]), "starts[" + b.k + "]: x[0], the value the first difference is taken from");
        if (variant == Bp128Variant.D1Z) {
            BpcellsDocs.field(s, "lesson.zigzag", "zigzag", null, "0→0 −1→1 1→2 −2→3 2→4 …",
                    "zz(d) = 2d for d ≥ 0, −2d − 1 for d < 0: small differences of either sign become small unsigned numbers");
        }
        if (b.bits == 32 && variant != Bp128Variant.VANILLA) {
            BpcellsDocs.field(s, "lesson.verbatim", "verbatim", null, true, "a transformed value needs 32 bits, so BPCells stores the block's values as they are (no transform to undo)");
        }
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Bp128.CHUNK; i++) {
            BpcellsDocs.field(s, "lesson.transformed", i, "t[" + i + "]", lowBits(b, byteStart, i), Integer.toUnsignedString(b.t[i]), formula(b, i));
            rows.add(List.of(i, Integer.toUnsignedLong(b.in[i]), Integer.toUnsignedLong(b.t[i]), Integer.toBinaryString(b.t[i])));
        }
        s.table(new DataTable("transformed", List.of("i", "x", "t", "t in binary"), rows, "i", "t"));
        s.summary(what + " · largest " + Integer.toUnsignedString(max(b.t)));
        return s;
    }

    /** How t[i] came from the values, in their numbers. */
    private String formula(Block b, int i) {
        String x = Integer.toUnsignedString(b.in[i]);
        int before = i == 0 ? b.in[0] : b.in[i - 1];
        String prev = i == 0 ? "start" : "x[" + (i - 1) + "]";
        int d = b.in[i] - before;
        return switch (variant) {
            case VANILLA -> "t = x = " + x;
            case FOR -> "t = x − 1 = " + x + " − 1 = " + Integer.toUnsignedString(b.t[i]) + (b.in[i] == 0 ? " (0 − 1 wraps to 2^32 − 1)" : "");
            case D1 -> "t = x − " + prev + " = " + x + " − " + Integer.toUnsignedString(before) + " = " + Integer.toUnsignedString(b.t[i])
                    + (d < 0 ? " (" + d + " wraps to 2^32 " + d + ")" : "");
            case D1Z -> "d = x − " + prev + " = " + x + " − " + Integer.toUnsignedString(before) + " = " + d + "; t = zz(d) = " + (d >= 0 ? "2·" + d : "−2·(" + d + ") − 1") + " = " + Integer.toUnsignedString(b.t[i]);
        };
    }

    private static int max(int[] t) {
        int m = 0;
        for (int v : t) if (Integer.compareUnsigned(v, m) > 0) m = v;
        return m;
    }

    private Node widthStep(Block b, long byteStart) {
        Node s = step("3 · bit width", "bp128-step", BpcellsDocs.BP128, b, byteStart);
        int m = max(b.t);
        int at = 0;
        while (b.t[at] != m) at++;
        BpcellsDocs.field(s, "lesson.largest", "largest", lowBits(b, byteStart, at), Integer.toUnsignedString(m), "t[" + at + "] = 0b" + Integer.toBinaryString(m));
        BpcellsDocs.field(s, "lesson.or", "OR of all t", null, "0b" + Integer.toBinaryString(b.or), "the same highest bit as the largest; BPCells takes the width from it");
        BpcellsDocs.field(s, "lesson.bits", "bits", b.bits == 0 ? null : Span.bytes(byteStart, 4L * b.words()), b.bits,
                b.bits == 0 ? "all transformed values are 0: the block takes no words" : "bit length of " + Integer.toUnsignedString(m));
        BpcellsDocs.field(s, "lesson.words", "words", null, b.words(), "4 lanes × " + b.bits + " words = 128 values × " + b.bits + " bits / 32");
        BpcellsDocs.field(s, "lesson.bytes", "bytes", null, 4 * b.words(), "against 512 for 128 plain uint32");
        s.summary(b.bits + " bits · " + PlainText.count(b.words(), "word") + " · " + 4 * b.words() + " of 512 bytes");
        return s;
    }

    /** One run of a word's bits that holds bits of one value. */
    private record Segment(int value, int wordBit, int length, int valueBit) { }

    /** The runs of word {@code w} of a block of width {@code bits}, lowest bit first. */
    static List<Segment> segments(int bits, int w) {
        List<Segment> out = new ArrayList<>();
        int lane = w % Bp128.LANES;
        long from = 32L * (w / Bp128.LANES);
        for (int slot = 0; slot < 32; slot++) {
            long lo = Math.max((long) slot * bits, from);
            long hi = Math.min((long) (slot + 1) * bits, from + 32);
            if (lo < hi) out.add(new Segment(slot * 4 + lane, (int) (lo - from), (int) (hi - lo), (int) (lo - (long) slot * bits)));
        }
        return out;
    }

    private Node wordsStep(Block b, long byteStart) {
        Node s = step("4 · interleaved words", "bp128-step", BpcellsDocs.BP128, b, byteStart);
        int[] words = Arrays.copyOfRange(stream.data(), (int) b.firstWord, (int) b.firstWord + b.words());
        List<List<Object>> rows = new ArrayList<>();
        for (int w = 0; w < words.length; w++) {
            List<Segment> segs = segments(b.bits, w);
            StringBuilder drawn = new StringBuilder();
            StringBuilder holds = new StringBuilder();
            for (int j = segs.size() - 1; j >= 0; j--) {
                Segment g = segs.get(j);
                String binary = String.format("%32s", Integer.toBinaryString(words[w])).replace(' ', '0');
                drawn.append(binary, 32 - g.wordBit - g.length, 32 - g.wordBit).append(j == 0 ? "" : "|");
                holds.append(j == segs.size() - 1 ? "" : " ").append("x").append(g.value)
                        .append(g.length < b.bits ? "[" + (g.valueBit + g.length - 1) + ".." + g.valueBit + "]" : "");
            }
            BpcellsDocs.field(s, "lesson.word", w, "word " + w, Span.bytes(byteStart + 4L * w, 4), String.format(Locale.ROOT, "0x%08x", words[w]),
                    "lane " + (w % 4) + ": " + drawn + " = " + holds + " (high bit first)");
            rows.add(List.of(w, w % 4, drawn.toString(), holds.toString()));
            for (Segment g : segs) {
                BpcellsDocs.field(s, "lesson.bits_of", g.value, "x" + g.value + (g.length < b.bits ? " bits " + g.valueBit + ".." + (g.valueBit + g.length - 1) : ""),
                        Span.bits((byteStart + 4L * w) * 8 + g.wordBit, g.length), Integer.toUnsignedString(bitsOf(b.packed()[g.value], g.valueBit, g.length)),
                        (b.bits == 32 ? "x[" : "t[") + g.value + "] = " + Integer.toUnsignedString(b.packed()[g.value]) + " → word " + w + " bits " + g.wordBit + ".." + (g.wordBit + g.length - 1));
            }
        }
        s.table(new DataTable("bit layout", List.of("word", "lane", "bits (high first, | between values)", "values (high first)"), rows, null, null));
        s.summary(PlainText.count(words.length, "word") + " · lane = i mod 4, slot = ⌊i / 4⌋");
        return s;
    }

    private static int bitsOf(int v, int from, int length) {
        return length == 32 ? v : (v >>> from) & ((1 << length) - 1);
    }

    private Node idxNode() {
        Node n = Node.of("idx", "bp128-pointers").source(idx).span(Span.bytes(0, idx.size()));
        n.facet(FieldExplainer.class, Bp128LessonDocs.DOCS);
        BpcellsDocs.field(n, "lesson.spec", "spec", null, BpcellsDocs.BP128, "where the format says so");
        BpcellsDocs.field(n, "lesson.header", "header", Span.bytes(0, HEADER), "UINT32v1", "the file's type header");
        int[] v = stream.idx();
        List<List<Object>> rows = new ArrayList<>();
        for (int k = 0; k < v.length; k++) {
            String meaning = k + 1 < v.length
                    ? String.format(Locale.ROOT, "block %d: data words %d..%d; b = (idx[%d] − idx[%d]) / 4 = (%d − %d) / 4 = %d", k, Integer.toUnsignedLong(v[k]),
                    Integer.toUnsignedLong(v[k + 1]) - 1, k + 1, k, Integer.toUnsignedLong(v[k + 1]), Integer.toUnsignedLong(v[k]), (v[k + 1] - v[k]) / 4)
                    : "end of the last block: the data's word count";
            BpcellsDocs.field(n, "lesson.idx", k, "idx[" + k + "]", Span.bytes(HEADER + 4L * k, 4), Integer.toUnsignedString(v[k]), meaning);
            rows.add(List.of(k, Integer.toUnsignedLong(v[k])));
        }
        n.table(new DataTable("idx", List.of("k", "idx"), rows, "k", "idx"));
        return n.summary(PlainText.count(v.length, "pointer") + " · one per block + the end");
    }

    private Node idxOffsetsNode() {
        Node n = Node.of("idx_offsets", "bp128-pointers").source(idxOffsets).span(Span.bytes(0, idxOffsets.size()));
        n.facet(FieldExplainer.class, Bp128LessonDocs.DOCS);
        BpcellsDocs.field(n, "lesson.spec", "spec", null, BpcellsDocs.BP128, "where the format says so");
        long[] v = stream.idxOffsets();
        for (int i = 0; i < v.length; i++) {
            String meaning = i + 1 < v.length ? "idx entries " + v[i] + " .. " + (v[i + 1] - 1) + " get " + i + "·2^32 added"
                    : "the end: the number of idx entries (blocks + 1)";
            BpcellsDocs.field(n, "lesson.idx_offsets", i, "idx_offsets[" + i + "]", Span.bytes(HEADER + 8L * i, 8), v[i], meaning);
        }
        return n.summary(v.length == 2 ? "idx never passes 2^32 words: no offsets between 0 and the end" : PlainText.count(v.length, "offset"));
    }

    private Node startsNode() {
        Node n = Node.of("starts", "bp128-pointers").source(starts).span(Span.bytes(0, starts.size()));
        n.facet(FieldExplainer.class, Bp128LessonDocs.DOCS);
        BpcellsDocs.field(n, "lesson.spec", "spec", null, spec, "where the format says so");
        int[] v = stream.starts();
        for (int k = 0; k < v.length; k++) {
            BpcellsDocs.field(n, "lesson.starts", k, "starts[" + k + "]", Span.bytes(HEADER + 4L * k, 4), Integer.toUnsignedString(v[k]),
                    "x[" + (k * 128) + "], block " + k + "'s first value: the differences are summed from it");
        }
        return n.summary(PlainText.count(v.length, "start") + " · one per block");
    }
}
