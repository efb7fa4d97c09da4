package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.compress.ChunkCompressors;
import org.packscope.codec.format.Teacher;
import org.packscope.codec.format.TeachingNumbers;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * Blosc teaches itself: numbers in, one Blosc 1.x chunk out, written by PackScope's encoder
 * with the element type, codec, shuffle, level and block size chosen, and opened as a chunk
 * file opens (header bit by bit, bstarts, blocks and their streams, every value traced), with
 * Blosc's steps on those numbers first among its children ({@link BloscLesson}).
 */
public final class BloscTeacher implements Teacher {
    /** Values a lesson takes at most: a teaching example, not a data set. */
    static final int MAX_VALUES = 1 << 20;

    private static final Map<String, ValueType> TYPES = Map.of("int8", ValueType.I8, "int16", ValueType.I16, "int32", ValueType.I32,
            "int64", ValueType.I64, "uint8", ValueType.U8, "uint16", ValueType.U16, "uint32", ValueType.U32, "uint64", ValueType.U64,
            "float32", ValueType.F32, "float64", ValueType.F64);
    static final Choice TYPE = new Choice("type", "Element type",
            List.of("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"), "int32");
    static final Choice CODEC = new Choice("codec", "Codec", codecNames(), "blosclz");
    static final Choice SHUFFLE = new Choice("shuffle", "Shuffle", List.of("byte shuffle", "bit shuffle", "none"), "byte shuffle");
    static final Choice LEVEL = new Choice("level", "Level", List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), "5");
    static final Choice BLOCK = new Choice("block", "Block size",
            List.of("automatic", "128", "256", "512", "1024", "4096", "16384", "65536"), "automatic");

    private static List<String> codecNames() {
        List<String> out = new ArrayList<>();
        for (BloscEncoder.Codec c : BloscEncoder.Codec.values()) out.add(c.cname());
        return out;
    }

    @Override public String formatId() { return "blosc"; }

    @Override public String title() { return "Blosc"; }

    @Override public String inputName() { return "Numbers (spaces, commas or new lines between them)"; }

    /** Timestamps a second apart with a little jitter: shuffle puts their equal high bytes side by side. */
    @Override
    public String example() {
        StringBuilder sb = new StringBuilder();
        long t = 1_700_000_000;
        for (int i = 0; i < 96; i++) {
            t += 1 + (i * 7 % 3);
            sb.append(t).append(i % 8 == 7 ? "\n" : " ");
        }
        return sb.toString();
    }

    @Override public List<Choice> choices() { return List.of(TYPE, CODEC, SHUFFLE, LEVEL, BLOCK); }

    @Override public boolean takesNumbers() { return true; }

    /** The element type of the same kind and width, when Blosc's lesson offers one (no 2-byte floats). */
    @Override
    public Map<String, String> choicesFor(ValueType type) {
        for (Map.Entry<String, ValueType> e : TYPES.entrySet()) {
            if (e.getValue().equals(type)) return Map.of(TYPE.key(), e.getKey());
        }
        return Map.of();
    }

    @Override
    public Lesson teach(String text, Map<String, String> chosen) {
        ValueType type = TYPES.get(TYPE.in(chosen));
        byte[] raw = values(text, type);
        String block = BLOCK.in(chosen);
        BloscEncoder.Filter filter = switch (SHUFFLE.in(chosen)) {
            case "bit shuffle" -> BloscEncoder.Filter.BITSHUFFLE;
            case "none" -> BloscEncoder.Filter.NONE;
            default -> BloscEncoder.Filter.SHUFFLE;
        };
        BloscEncoder.Settings s = new BloscEncoder.Settings(BloscEncoder.Codec.named(CODEC.in(chosen)), Integer.parseInt(LEVEL.in(chosen)),
                filter, type.byteWidth(), block.equals("automatic") ? 0 : Integer.parseInt(block));
        byte[] encoded = BloscEncoder.encode(raw, s);
        String name = "lesson.blosc";
        ByteSource src = ByteSource.of(encoded, name);
        BloscChunk chunk = BloscChunk.read(src, 0, src.size());
        Node n = Node.of(name, "blosc-chunk");
        ChunkNodes.fill(n, chunk, name);
        ChunkNodes.typeAs(n, chunk, type, name);
        BloscLesson.addSteps(n, chunk, raw, type);
        n.span(Span.bytes(0, src.size()));
        ChunkHeader h = chunk.header();
        String blocks = h.memcpyed() ? "stored as a plain copy (no block compressed smaller, or level 0)"
                : String.format(Locale.ROOT, "%d block%s of %,d bytes", h.nblocks(), h.nblocks() == 1 ? "" : "s", h.blocksize());
        int count = raw.length / type.byteWidth();
        String sizes = String.format(Locale.ROOT, "%,d %s of %s = %,d bytes · Blosc chunk %,d bytes (%.0f%%, ratio %.2f) · %s · gzip'd values %,d",
                count, count == 1 ? "value" : "values", TYPE.in(chosen), raw.length, encoded.length, 100.0 * encoded.length / Math.max(1, raw.length),
                (double) raw.length / encoded.length, blocks, ChunkCompressors.gzipSize(raw));
        return new Lesson(n, sizes);
    }

    /** The numbers of {@code text} as little-endian elements of {@code type}. */
    static byte[] values(String text, ValueType type) {
        return TeachingNumbers.parse(text, type, MAX_VALUES);
    }
}
