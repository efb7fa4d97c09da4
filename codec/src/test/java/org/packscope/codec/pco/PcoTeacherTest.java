package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * Pco, Explained: the numbers typed come back from the lesson's file, value by value; the
 * sentence names what the encoder chose (a delta for the example's timestamps, Classic when
 * asked), and a file of what was typed is what the tree shows.
 */
class PcoTeacherTest {
    private final Teacher pco = Teacher.of("pco");

    @Test
    void theExampleIsTimestampsThatTheEncoderTakesApartWithADelta() {
        Teacher.Lesson l = pco.teach(pco.example(), Map.of());
        assertTrue(l.sizes().startsWith("300 values of int64 = 2,400 bytes · Pco file "), l.sizes());
        // consecutive timestamps: the encoder finds that deltas pay
        assertTrue(l.sizes().contains("delta Consecutive("), l.sizes());
        String[] typed = pco.example().strip().split("\\s+");
        ValueColumn v = l.node().values();
        assertEquals(300, v.count());
        for (int i = 0; i < typed.length; i++) assertEquals(typed[i], v.text(i), "value " + i);
    }

    @Test
    void decimalsAsFloatsTakeFloatMultAndLookbackWhenAsked() {
        Teacher.Series decimals = pco.series().stream().filter(s -> s.name().equals("decimals")).findFirst().orElseThrow();
        Teacher.Lesson l = pco.teach(decimals.text(), Map.of("type", "float64", "mode", "FloatMult", "delta", "lookback"));
        assertTrue(l.sizes().contains("mode FloatMult, delta Lookback(window 2^"), l.sizes());
        String[] typed = decimals.text().strip().split("\\s+");
        ValueColumn v = l.node().values();
        assertEquals(typed.length, v.count());
        for (int i = 0; i < typed.length; i++) assertEquals(Double.parseDouble(typed[i]), Double.parseDouble(v.text(i)), "value " + i);
    }

    @Test
    void everyChoiceEncodesAndTheValuesComeBack() {
        for (Teacher.Series s : pco.series()) {
            for (String type : List.of("int64", "float64", "uint32")) {
                for (String mode : List.of("chosen by size", "Classic")) {
                    Teacher.Lesson l;
                    try {
                        l = pco.teach(s.text(), Map.of("type", type, "mode", mode, "delta", "order 2", "level", "4"));
                    } catch (IllegalArgumentException e) {
                        // decimals are no integers, timestamps do not fit 32 bits: refused in words
                        assertTrue(!type.startsWith("float") && (e.getMessage().contains("is not a whole number")
                                || e.getMessage().contains("does not fit")), s.name() + " as " + type + ": " + e.getMessage());
                        continue;
                    }
                    Node n = l.node();
                    assertEquals(List.of(), n.diagnostics(), s.name() + " " + type + " " + mode);
                    String[] typed = s.text().strip().split("\\s+");
                    ValueColumn v = n.values();
                    assertEquals(typed.length, v.count());
                    for (int i = 0; i < typed.length; i += 37) {
                        if (type.startsWith("float")) assertEquals(Double.parseDouble(typed[i]), Double.parseDouble(v.text(i)), s.name() + " " + i);
                        else assertEquals(typed[i], v.text(i), s.name() + " " + i);
                    }
                    if (mode.equals("Classic")) assertTrue(l.sizes().contains("mode Classic"), l.sizes());
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> pco.teach("1 2 x", Map.of()));
        assertEquals(Map.of("type", "float32"), pco.choicesFor(ValueType.F32));
    }
}
