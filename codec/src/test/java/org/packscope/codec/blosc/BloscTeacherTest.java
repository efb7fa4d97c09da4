package org.packscope.codec.blosc;

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
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.TraceChecks;

/**
 * The Blosc lesson: numbers typed in come back, through PackScope's encoder and the chunk
 * view a file opens as, as the same numbers (every type, codec and shuffle), each traced
 * to its bits; the sizes sentence says what the chunk's header says; input that is not
 * numbers of the chosen type is refused in words.
 */
class BloscTeacherTest {
    private static final Teacher BLOSC = Teacher.of("blosc");

    @Test
    void bloscTeachesItselfThroughTheSeam() {
        assertNotNull(BLOSC);
        assertEquals(List.of("BP128", "Binary JSON", "Blosc", "Pco"), Teacher.all().stream().map(Teacher::title).toList());
    }

    @Test
    void theExampleComesBackValueForValueAndEachValueIsTraced() {
        String example = BLOSC.example();
        Teacher.Lesson l = BLOSC.teach(example, Map.of());
        List<String> typed = List.of(example.strip().split("\\s+"));
        ValueColumn col = l.node().values();
        assertEquals(typed.size(), col.count());
        for (int i = 0; i < typed.size(); i++) assertEquals(typed.get(i), col.text(i), "value " + i);
        for (long k : TraceChecks.sample(col.count(), 8)) TraceChecks.check(l.node(), k);
        long cbytes = l.node().source().size();
        assertTrue(l.sizes().startsWith(typed.size() + " values of int32 = " + typed.size() * 4 + " bytes · Blosc chunk " + cbytes + " bytes"),
                l.sizes());
    }

    @Test
    void everyTypeCodecAndShuffleRoundTrips() {
        Random r = new Random(32);
        for (String type : BloscTeacher.TYPE.options()) {
            List<String> numbers = new ArrayList<>();
            for (int i = 0; i < 300; i++) numbers.add(number(type, r, i));
            String text = String.join(", ", numbers);
            for (String codec : BloscTeacher.CODEC.options()) {
                for (String shuffle : BloscTeacher.SHUFFLE.options()) {
                    Teacher.Lesson l = BLOSC.teach(text, Map.of("type", type, "codec", codec, "shuffle", shuffle, "level", "9", "block", "256"));
                    ValueColumn col = l.node().values();
                    String where = type + " " + codec + " " + shuffle;
                    assertEquals(numbers.size(), col.count(), where);
                    for (int i = 0; i < numbers.size(); i++) assertEquals(numbers.get(i), col.text(i), where + " value " + i);
                    assertTrue(l.node().diagnostics().isEmpty(), where + ": " + l.node().diagnostics());
                }
            }
        }
    }

    /** A number of {@code type} as the value column writes it: small steps (compressible), and the type's ends. */
    private static String number(String type, Random r, int i) {
        boolean unsigned = type.startsWith("u");
        int bits = Integer.parseInt(type.replaceAll("\\D", ""));
        if (type.startsWith("float")) {
            double d = i * 0.25 + r.nextInt(4);
            return bits == 32 ? Float.toString((float) d) : Double.toString(d);
        }
        if (i == 0) return unsigned ? "0" : bits == 64 ? Long.toString(Long.MIN_VALUE) : Long.toString(-(1L << (bits - 1)));
        if (i == 1) return unsigned ? (bits == 64 ? Long.toUnsignedString(-1L) : Long.toString((1L << bits) - 1))
                : bits == 64 ? Long.toString(Long.MAX_VALUE) : Long.toString((1L << (bits - 1)) - 1);
        return Integer.toString(i % (bits == 8 ? 100 : 1000) + r.nextInt(3));
    }

    @Test
    void shufflingTheExamplesTimestampsMakesTheChunkSmaller() {
        // the timestamps share their high bytes: side by side after a byte shuffle, they compress
        long shuffled = BLOSC.teach(BLOSC.example(), Map.of("shuffle", "byte shuffle")).node().source().size();
        long plain = BLOSC.teach(BLOSC.example(), Map.of("shuffle", "none")).node().source().size();
        assertTrue(shuffled < plain, shuffled + " bytes shuffled, " + plain + " not");
    }

    @Test
    void inputThatIsNotNumbersOfTheTypeIsRefusedInWords() {
        assertEquals("number 3 ('x') is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> BLOSC.teach("1 2 x", Map.of())).getMessage());
        assertEquals("number 2 ('300') does not fit a signed 8-bit integer",
                assertThrows(IllegalArgumentException.class, () -> BLOSC.teach("1 300", Map.of("type", "int8"))).getMessage());
        assertEquals("number 1 ('-1') is negative: an unsigned 16-bit integer has no sign",
                assertThrows(IllegalArgumentException.class, () -> BLOSC.teach("-1", Map.of("type", "uint16"))).getMessage());
        assertEquals("number 1 ('70000') does not fit 16 bits",
                assertThrows(IllegalArgumentException.class, () -> BLOSC.teach("70000", Map.of("type", "uint16"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BLOSC.teach("  ", Map.of())).getMessage().startsWith("no numbers"));
        assertEquals("number 1 ('abc') is not a number",
                assertThrows(IllegalArgumentException.class, () -> BLOSC.teach("abc", Map.of("type", "float64"))).getMessage());
    }
}
