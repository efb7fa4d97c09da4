package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.compress.ChunkCompressors;
import org.packscope.codec.format.Teacher;
import org.packscope.codec.format.TeachingNumbers;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * Pco teaches itself: numbers in, a standalone Pco file out, written by PackScope's encoder
 * with the number type, level, mode, delta (or these chosen by size) and format version chosen, and opened as a
 * Pco file opens: header, chunk metadata with the mode, the delta and each latent's bins,
 * the page with its tANS states, and every number traced through its bin, offset, delta
 * and mode join. The sentence says what the encoder chose and what it costs.
 */
public final class PcoTeacher implements Teacher {
    static final int MAX_VALUES = 1 << 20;

    private static final Map<String, NumberType> TYPES = new LinkedHashMap<>();
    static {
        for (NumberType t : List.of(NumberType.I32, NumberType.I64, NumberType.U32, NumberType.U64, NumberType.F32, NumberType.F64,
                NumberType.I16, NumberType.U16, NumberType.I8, NumberType.U8)) {
            TYPES.put(name(t.valueType), t);
        }
    }
    static final Choice TYPE = new Choice("type", "Number type", List.copyOf(TYPES.keySet()), "int64");
    static final Choice LEVEL = new Choice("level", "Level", List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"), "8");
    static final Choice MODE = new Choice("mode", "Mode", List.of("chosen by size", "Classic", "IntMult", "FloatQuant", "FloatMult"), "chosen by size");
    static final Choice DELTA = new Choice("delta", "Delta", List.of("chosen by size", "none", "order 1", "order 2", "order 3", "lookback"), "chosen by size");
    /** The format version, newest first, each in the oldest standalone wrapper that goes with it. */
    static final Choice VERSION = new Choice("version", "Format version", List.of("4.1", "4.0", "3", "2", "1", "0"), "4.1");

    private static String name(ValueType t) {
        return (t.kind() == ValueType.Kind.FLOAT ? "float" : t.kind() == ValueType.Kind.UINT ? "uint" : "int") + t.byteWidth() * 8;
    }

    @Override public String formatId() { return "pco"; }

    @Override public String title() { return "Pco"; }

    @Override public String inputName() { return "Numbers (spaces, commas or new lines between them)"; }

    /** Timestamps in milliseconds of events about a second apart: IntMult and a delta pay. */
    @Override
    public String example() {
        StringBuilder sb = new StringBuilder();
        long t = 1_700_000_000_000L;
        for (int i = 0; i < 300; i++) {
            t += 1000 + (i % 7 == 0 ? 3 : 0);
            sb.append(t).append(i % 6 == 5 ? "\n" : " ");
        }
        return sb.toString();
    }

    @Override public List<Choice> choices() { return List.of(TYPE, LEVEL, MODE, DELTA, VERSION); }

    @Override public boolean takesNumbers() { return true; }

    @Override
    public Map<String, String> choicesFor(ValueType type) {
        String n = name(type);
        return TYPES.containsKey(n) ? Map.of(TYPE.key(), n) : Map.of();
    }

    /** Made when first asked for (on the window's thread: plain arithmetic, no formatter). */
    @Override
    public List<Series> series() {
        StringBuilder ramp = new StringBuilder(), decimals = new StringBuilder(), counts = new StringBuilder();
        long seed = 5;
        for (int i = 0; i < 512; i++) {
            char sep = i % 8 == 7 ? '\n' : ' ';
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int r = (int) (seed >>> 33);
            ramp.append(1000 + 3 * i).append(sep);
            // prices: a slow swing plus up to 99 cents, two decimals
            long cents = 2000 + Math.round(500 * Math.sin(i / 30.0)) + r % 100;
            decimals.append(cents / 100).append('.').append((char) ('0' + cents % 100 / 10)).append((char) ('0' + cents % 10)).append(sep);
            counts.append(r % 10 < 7 ? 0 : 1 + (r >>> 8) % (r % 10 < 9 ? 4 : 200)).append(sep);
        }
        return List.of(new Series("ramp", ramp.toString().strip()), new Series("decimals", decimals.toString().strip()),
                new Series("sparse counts", counts.toString().strip()), new Series("timestamps", example()));
    }

    @Override
    public Lesson teach(String text, Map<String, String> chosen) {
        NumberType type = TYPES.get(TYPE.in(chosen));
        byte[] raw = TeachingNumbers.parse(text, type.valueType, MAX_VALUES);
        int n = raw.length / type.valueType.byteWidth();
        PcoEncoder.ModeChoice mode = switch (MODE.in(chosen)) {
            case "Classic" -> PcoEncoder.ModeChoice.CLASSIC;
            case "IntMult" -> PcoEncoder.ModeChoice.INT_MULT;
            case "FloatQuant" -> PcoEncoder.ModeChoice.FLOAT_QUANT;
            case "FloatMult" -> PcoEncoder.ModeChoice.FLOAT_MULT;
            default -> PcoEncoder.ModeChoice.AUTO;
        };
        String d = DELTA.in(chosen);
        PcoEncoder.DeltaChoice delta = d.equals("none") ? PcoEncoder.DeltaChoice.NONE : d.equals("lookback") ? PcoEncoder.DeltaChoice.lookback()
                : d.startsWith("order ") ? PcoEncoder.DeltaChoice.consecutive(Integer.parseInt(d.substring(6))) : PcoEncoder.DeltaChoice.AUTO;
        PcoEncoder.Options options = new PcoEncoder.Options(Integer.parseInt(LEVEL.in(chosen)), mode, delta, PcoEncoder.Options.DEFAULT.chunkSize())
                .withVersion(PcoVersion.parse(VERSION.in(chosen)));
        long[] bits = PcoEncoder.littleEndianBits(type, raw);
        byte[] file = PcoEncoder.encode(type, bits, n, options);
        String name = "lesson.pco";
        ByteSource src = ByteSource.of(file, name);
        Node fileNode = PcoNodes.file(name, src);
        PcoFile opened = PcoFile.open(src);
        Node node = Node.of("Pco lesson", "pco-lesson").source(src).span(Span.bytes(0, file.length));
        // the lesson's numbers, each traced through its bits as the file's are (the same trace view)
        node.facet(ValueColumn.class, fileNode.values()).facet(ValueTracer.class, fileNode.facet(ValueTracer.class));
        List<Node> kids = new ArrayList<>(new PcoLesson(type, bits, options, file, src, opened).steps());
        kids.add(fileNode);
        node.children(kids);
        String how = "no chunk";
        if (!opened.chunks().isEmpty() && opened.chunks().get(0).meta() != null) {
            ChunkMeta m = opened.chunks().get(0).meta();
            how = "mode " + m.mode().name() + ", delta " + PcoNodes.describe(m.deltaEncoding()) + ", " + m.primary().bins().size()
                    + (m.primary().bins().size() == 1 ? " bin" : " bins");
        }
        String sizes = String.format(Locale.ROOT, "%,d %s of %s = %,d bytes · Pco file %,d bytes (%.0f%%, ratio %.2f) · %s · gzip'd values %,d",
                n, n == 1 ? "value" : "values", TYPE.in(chosen), raw.length, file.length, 100.0 * file.length / Math.max(1, raw.length),
                (double) raw.length / Math.max(1, file.length), how, ChunkCompressors.gzipSize(raw));
        node.summary(PlainText.count(n, "number") + " · " + how);
        return new Lesson(node, sizes);
    }
}
