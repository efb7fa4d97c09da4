package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.bpcells.bp128.Bp128Rules;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.read.ReadProblem;

/**
 * One BP128 chunk as a drill-down node: its width and words, and for every value the
 * lane, slot and exact bit range it occupies, with the packed and the decoded number.
 */
final class ChunkNodes {
    private ChunkNodes() { }

    static Node chunk(BpcellsMatrix m, PackedStream s, int k) {
        return Node.lazy("chunk_" + k, "bp128-chunk", c -> fill(c, m, s, k));
    }

    private static void fill(Node c, BpcellsMatrix m, PackedStream s, int k) {
        c.facet(FieldExplainer.class, BpcellsDocs.DOCS);
        Bp128Layout l = s.layout();
        ArrayStore store = m.store();
        ArrayInfo info = store.info(s.dataName());
        ArrayLocation loc = info == null ? null : info.location();
        long firstWord = l.wordStart(k);
        int bits = l.bits(k);
        int values = l.valuesIn(k);
        if (loc != null) c.source(loc.source());
        BpcellsDocs.field(c, "chunk.number", "chunk", null, k, "chunk number; holds entries " + (long) k * Bp128.CHUNK + " .. " + ((long) k * Bp128.CHUNK + values - 1));
        BpcellsDocs.field(c, BpcellsDocs.chunkKey("encoding", s), "encoding", null, s.variant().label(), s.variant().meaning());
        BpcellsDocs.field(c, BpcellsDocs.chunkKey("first_word", s), "first word", null, firstWord, s.idxName() + "[" + k + "] (+2^32 per " + s.idxOffsetsName() + " boundary passed)");
        if (bits < 0) {
            c.summary("undecodable chunk");
            c.diagnose(Diagnostic.error(null, Bp128Rules.BAD_CHUNK_WIDTH, "the bookkeeping of this chunk is inconsistent (see " + s.idxName() + ")"));
            return;
        }
        int words = Bp128.words(bits);
        long byteStart = loc == null ? -1 : loc.offsetOf(firstWord, 4);
        if (loc != null) c.span(Span.bytes(byteStart, words * 4L));
        c.summary(String.format(Locale.ROOT, "%d bits · %d words · %d values%s", bits, words, values, values < Bp128.CHUNK ? " + padding" : ""));
        BpcellsDocs.field(c, "chunk.bits", "bits", null, bits, "bits per value = (" + s.idxName() + "[k+1] - " + s.idxName() + "[k]) / 4");
        BpcellsDocs.field(c, "chunk.words", "words", loc == null ? null : Span.bytes(byteStart, words * 4L), words, "4 lanes × " + bits + " words of 32 bits");
        if (s.variant().usesStarts()) {
            BpcellsDocs.field(c, "chunk.start", "start", null, k < s.starts().length ? Integer.toUnsignedString(s.starts()[k]) : "(missing)",
                    s.startsName() + "[" + k + "]: the first decoded value (the D1 base)");
        }
        if (bits == 32) BpcellsDocs.field(c, "chunk.verbatim", "verbatim", null, true, "32-bit chunks are copied as they are: no " + transformName(s.variant()) + " to undo");
        if (values < Bp128.CHUNK) {
            BpcellsDocs.field(c, "chunk.padding", "padding", null, (Bp128.CHUNK - values) + " values", "the last chunk is padded by repeating the last value; padding is not decoded as entries");
        }
        int[] in = new int[words];
        try {
            store.readInts(s.dataName(), firstWord, in, 0, words);
        } catch (ReadProblem e) {
            c.diagnose(Diagnostic.error(null, BpcellsRules.ARRAY_UNREADABLE, e.getMessage()));
            return;
        }
        for (int w = 0; w < words; w++) {
            BpcellsDocs.field(c, "chunk.word", w, "word " + w, loc == null ? null : Span.bytes(byteStart + 4L * w, 4), String.format(Locale.ROOT, "0x%08x", in[w]),
                    "lane " + (w % Bp128.LANES) + ", lane word " + (w / Bp128.LANES) + ": slots packed LSB-first");
        }
        int[] packed = new int[Bp128.CHUNK];
        Bp128.unpack(bits, in, 0, packed, 0);
        int[] decoded = new int[Bp128.CHUNK];
        Bp128.decode(s.variant(), bits, s.start(k), in, 0, decoded, 0);
        List<List<Object>> rows = new ArrayList<>();
        for (int v = 0; v < Bp128.CHUNK; v++) {
            Bp128.Position p = Bp128.position(v, bits);
            String packedText = Integer.toUnsignedString(packed[v]);
            String decodedText = Integer.toUnsignedString(decoded[v]);
            String pad = v >= values ? " (padding)" : "";
            String where = String.format(Locale.ROOT, "lane %d, slot %d, word %d bits %d..%d", p.lane(), p.slot(), p.word(), p.bit(), p.bit() + p.lowBits() - 1);
            if (p.straddles()) where += String.format(Locale.ROOT, " + word %d bits 0..%d", p.nextWord(), p.highBits() - 1);
            Span low = loc == null || bits == 0 ? null : Span.bits((byteStart + 4L * p.word()) * 8 + p.bit(), p.lowBits());
            BpcellsDocs.field(c, BpcellsDocs.chunkKey("value", s), v, "value " + v, low, decodedText + pad, where + ": packed " + packedText + transformText(s, bits, v, packed));
            if (p.straddles()) {
                Span high = loc == null ? null : Span.bits((byteStart + 4L * p.nextWord()) * 8, p.highBits());
                BpcellsDocs.field(c, "chunk.value_high", v, "value " + v + " (high bits)", high, decodedText + pad, "remaining " + p.highBits() + " bits of value " + v + " in word " + p.nextWord());
            }
            rows.add(List.of(v, p.lane(), p.slot(), p.word(), p.bit(), Integer.toUnsignedLong(packed[v]), Integer.toUnsignedLong(decoded[v])));
        }
        c.table(new DataTable("values", List.of("k", "lane", "slot", "word", "bit", "packed", "decoded"), rows, "k", "packed"));
        long[] out = new long[values];
        for (int v = 0; v < values; v++) out[v] = decoded[v] & 0xffffffffL;
        c.facet(ValueColumn.class, MatrixChildren.fixed(s.prefix(), ValueType.U32, out));
        c.facet(ValueTracer.class, BpcellsTracer.chunk(m, s, k));
    }

    private static String transformName(Bp128Variant v) {
        return switch (v) {
            case VANILLA -> "transform";
            case D1 -> "delta";
            case D1Z -> "delta/zigzag";
            case FOR -> "+1";
        };
    }

    private static String transformText(PackedStream s, int bits, int v, int[] packed) {
        if (bits == 32) return " (verbatim)";
        return switch (s.variant()) {
            case VANILLA -> "";
            case FOR -> " + 1";
            case D1 -> v == 0 ? " + start" : " + previous";
            case D1Z -> " → zigzag " + Bp128.unzigzag(packed[v]) + (v == 0 ? " + start" : " + previous");
        };
    }
}
