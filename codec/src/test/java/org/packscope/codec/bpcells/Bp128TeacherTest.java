package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;

/**
 * The BP128 lesson against a recount from the typed numbers alone: each block's transform,
 * width and words computed here bit by bit (not with the encoder), the idx pointers summed
 * from those widths, the value bits found where the spans say, the decoded values the typed
 * ones, for every variant, at a few values and at the lesson's largest size.
 */
class Bp128TeacherTest {
    static final Teacher BP128 = Teacher.of("bpcells");
    static final List<String> VARIANTS = List.of("BP128", "BP128-d1", "BP128-d1z", "BP128-m1");

    @Test
    void bp128TeachesItselfThroughTheSeamWithItsSeries() {
        assertNotNull(BP128);
        assertEquals("BP128", BP128.title());
        assertEquals(List.of("ramp", "sparse counts", "sorted indices"), BP128.series().stream().map(Teacher.Series::name).toList());
        for (Teacher.Series s : BP128.series()) {
            for (String v : VARIANTS) checkLesson(parse(s.text()), v);
        }
    }

    @Test
    void theExampleAndSmallInputsMatchAHandRecountInEveryVariant() {
        for (String v : VARIANTS) {
            checkLesson(parse(BP128.example()), v);
            checkLesson(new long[] {7}, v);
            checkLesson(new long[] {5, 5, 5}, v); // all differences 0: width 0 under d1, no words
            checkLesson(new long[] {10, 3, 4294967295L, 0, 1}, v); // steps back, the largest value, a 0 under m1: 32 bits, verbatim
        }
    }

    @Test
    void theLargestLessonMatchesTheRecount() {
        Random r = new Random(128);
        long[] x = new long[Bp128Teacher.MAX_VALUES];
        long row = 0;
        for (int i = 0; i < x.length; i++) {
            // runs of nearly sorted numbers with widths from 1 to 31 bits, block by block
            int block = i / 128;
            row += r.nextInt(1 << (block % 31)) - (block % 7 == 0 ? 1 << (block % 31) / 4 : 0);
            x[i] = row & 0xffffffffL;
        }
        for (String v : VARIANTS) checkLesson(x, v);
    }

    @Test
    void aZeroUnderM1IsStoredVerbatimAndSaidSo() {
        Node block = BP128.teach("0 1 2 3", Map.of("variant", "BP128-m1")).node().child("block 0");
        Node transform = block.children().get(1);
        assertEquals("true", value(transform, "verbatim"));
        assertEquals("t = x − 1 = 0 − 1 = 4294967295 (0 − 1 wraps to 2^32 − 1)", field(transform, "t[0]").meaning());
        assertEquals("32", value(block.children().get(2), "bits"));
        // verbatim: word i holds value i as typed, not value − 1
        assertEquals("0x00000002", value(block.children().get(3), "word 2"));
    }

    @Test
    void zigzagIsShownWithTheNumbers() {
        Node transform = BP128.teach("10 12 9", Map.of("variant", "BP128-d1z")).node().child("block 0").children().get(1);
        assertEquals("d = x − x[1] = 9 − 12 = -3; t = zz(d) = −2·(-3) − 1 = 5", field(transform, "t[2]").meaning());
        assertEquals("10", value(transform, "start"));
        assertTrue(value(transform, "spec").endsWith("Bitpacking formats › BP128d1z"), value(transform, "spec"));
    }

    @Test
    void inputThatIsNotUnsigned32BitIntegersIsRefusedInWords() {
        assertEquals("number 2 ('-1') is negative: BP128 packs unsigned 32-bit integers",
                assertThrows(IllegalArgumentException.class, () -> BP128.teach("1 -1", Map.of())).getMessage());
        assertEquals("number 1 ('4294967296') does not fit 32 bits",
                assertThrows(IllegalArgumentException.class, () -> BP128.teach("4294967296", Map.of())).getMessage());
        assertEquals("number 3 ('1.5') is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> BP128.teach("1 2 1.5", Map.of())).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BP128.teach(" ", Map.of())).getMessage().startsWith("no numbers"));
    }

    static long[] parse(String text) {
        String[] w = text.strip().split("\\s+");
        long[] out = new long[w.length];
        for (int i = 0; i < w.length; i++) out[i] = Long.parseLong(w[i]);
        return out;
    }

    /** What the test computes on its own for one block: the packed numbers and the width. */
    record Expected(long[] packed, int bits) { }

    /** The block's transform and width, from the spec's definitions, in longs (no encoder code). */
    static Expected expected(long[] x, int k, String variant) {
        long[] in = new long[128];
        int n = Math.min(128, x.length - 128 * k);
        for (int i = 0; i < 128; i++) in[i] = x[128 * k + Math.min(i, n - 1)];
        long[] t = new long[128];
        for (int i = 0; i < 128; i++) {
            long prev = i == 0 ? in[0] : in[i - 1];
            long d = (int) (in[i] - prev); // 32-bit arithmetic, as BPCells: the difference mod 2^32, read signed
            t[i] = switch (variant) {
                case "BP128" -> in[i];
                case "BP128-m1" -> (in[i] - 1) & 0xffffffffL;
                case "BP128-d1" -> d & 0xffffffffL;
                default -> (d >= 0 ? 2 * d : -2 * d - 1) & 0xffffffffL;
            };
        }
        long max = 0;
        for (long v : t) max = Math.max(max, v);
        int bits = 0;
        while (bits < 32 && (max >> bits) != 0) bits++;
        return new Expected(bits == 32 ? in : t, bits);
    }

    static void checkLesson(long[] x, String variant) {
        StringBuilder text = new StringBuilder();
        for (long v : x) text.append(v).append(' ');
        Teacher.Lesson lesson = BP128.teach(text.toString(), Map.of("variant", variant));
        Node root = lesson.node();
        int blocks = (x.length + 127) / 128;
        long word = 0;
        int[] bits = new int[blocks];
        for (int k = 0; k < blocks; k++) {
            Expected e = expected(x, k, variant);
            bits[k] = e.bits();
            // few blocks of the largest lesson: every one's steps would take long
            if (blocks <= 4 || k % 37 == 0 || k == blocks - 1) checkBlock(root.child("block " + k), e, word, variant + " block " + k);
            word += 4L * e.bits();
        }
        Node idx = root.child("idx");
        long at = 0;
        for (int k = 0; k <= blocks; k++) {
            assertEquals(Long.toString(at), value(idx, "idx[" + k + "]"), variant + " idx " + k);
            assertEquals(at, u32(idx.source(), 8 + 4L * k));
            if (k < blocks) at += 4L * bits[k];
        }
        assertEquals("0", value(root.child("idx_offsets"), "idx_offsets[0]"));
        assertEquals(Long.toString(blocks + 1), value(root.child("idx_offsets"), "idx_offsets[1]"));
        boolean starts = variant.equals("BP128-d1") || variant.equals("BP128-d1z");
        assertEquals(starts, root.child("starts") != null, variant);
        long bytes = 4 * word + 4L * (blocks + 1) + 16 + (starts ? 4L * blocks : 0);
        assertTrue(lesson.sizes().startsWith(String.format(java.util.Locale.ROOT, "%,d value%s = %,d bytes as uint32", x.length, x.length == 1 ? "" : "s", 4L * x.length)), lesson.sizes());
        assertTrue(lesson.sizes().contains(String.format(java.util.Locale.ROOT, "data %,d word%s", word, word == 1 ? "" : "s")), lesson.sizes());
        assertTrue(lesson.sizes().contains(String.format(java.util.Locale.ROOT, " · %,d bytes (", bytes)), lesson.sizes());
        ValueColumn col = root.values();
        assertEquals(x.length, col.count());
        long[] got = new long[x.length];
        col.read(0, got, 0, x.length);
        for (int i = 0; i < x.length; i++) assertEquals(x[i], got[i], variant + " decoded value " + i);
    }

    static void checkBlock(Node block, Expected e, long firstWord, String where) {
        List<Node> steps = block.children();
        assertEquals(List.of("1 · 128 values", "2 · transform", "3 · bit width", "4 · interleaved words"),
                steps.stream().map(s -> s.name().replaceAll(" \\(.*", "")).toList(), where);
        for (Node s : steps) assertTrue(value(s, "spec").startsWith("bpcells-matrix-format.txt, "), where + " " + s.name());
        assertEquals(Integer.toString(e.bits()), value(steps.get(2), "bits"), where);
        assertEquals(Integer.toString(4 * e.bits()), value(steps.get(2), "words"), where);
        assertEquals(Long.toString(firstWord), value(block, "first word"), where);
        ByteSource data = block.source();
        Node words = steps.get(3);
        for (int w = 0; w < 4 * e.bits(); w++) {
            // word w, bit j: lane w mod 4, lane bit 32·⌊w/4⌋ + j, which is bit (lane bit mod b) of value 4·⌊lane bit / b⌋ + lane
            long expect = 0;
            for (int j = 0; j < 32; j++) {
                long laneBit = 32L * (w / 4) + j;
                int value = (int) (4 * (laneBit / e.bits()) + w % 4);
                if (value < 128) expect |= ((e.packed()[value] >> (laneBit % e.bits())) & 1) << j;
            }
            assertEquals(String.format("0x%08x", expect), value(words, "word " + w), where + " word " + w);
            assertEquals(expect, u32(data, 8 + 4 * (firstWord + w)), where + " word " + w + " in the data file");
        }
        // each value's low bits are where the first step's span says
        Node values = steps.get(0);
        for (int i = 0; i < 128 && e.bits() > 0; i++) {
            Span s = field(values, "x[" + i + "]").span();
            long low = bitsAt(data, s.startBit(), (int) s.bitLength());
            long mask = s.bitLength() == 64 ? -1 : (1L << s.bitLength()) - 1;
            assertEquals(e.packed()[i] & mask, low, where + " value " + i);
        }
        FieldExplainer docs = steps.get(3).facet(FieldExplainer.class);
        if (e.bits() > 0) {
            // the word's drawing (cut short in the table) is whole in its explanation
            Field w0 = field(words, "word 0");
            assertTrue(docs.explain(w0).text().endsWith("Here: " + w0.meaning() + "."), docs.explain(w0).text());
            assertTrue(w0.meaning().startsWith("lane 0: "), w0.meaning());
        }
        for (Node s : steps) for (Field f : s.fields()) assertNotNull(docs.explain(f).specSection(), f.key());
    }

    static long bitsAt(ByteSource src, long bit, int length) {
        long v = 0;
        for (int j = 0; j < length; j++) {
            long b = bit + j;
            v |= (long) ((src.get(b >>> 3) >> (b & 7)) & 1) << j;
        }
        return v;
    }

    static long u32(ByteSource src, long pos) { return src.u32le(pos); }

    static Field field(Node n, String label) {
        List<String> seen = new ArrayList<>();
        for (Field f : n.fields()) {
            if (f.name().equals(label)) return f;
            seen.add(f.name());
        }
        throw new AssertionError("no field " + label + " in " + n.name() + ": " + seen);
    }

    static String value(Node n, String label) { return field(n, label).value(); }
}
