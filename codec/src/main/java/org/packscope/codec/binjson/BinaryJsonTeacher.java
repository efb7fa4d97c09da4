package org.packscope.codec.binjson;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.format.Teacher;

/** Binary JSON teaches itself: JSON text in, its BJ or SJ encoding and inspection out (see {@link BinaryJsonTeaching}). */
public final class BinaryJsonTeacher implements Teacher {
    static final Choice FORM = new Choice("form", "Form", List.of("BJ", "SJ (seekable)"), "BJ");
    static final Choice FLOATS = new Choice("floats", "Float compression", List.of("0", "1", "2", "3", "4", "5", "6"), "0");

    @Override public String formatId() { return "binjson"; }

    @Override public String title() { return "Binary JSON"; }

    @Override public String inputName() { return "JSON"; }

    @Override
    public String example() {
        return """
                {
                  "name": "sensor-7",
                  "active": true,
                  "tags": ["lab", "north", "lab"],
                  "readings": [[1.5, 2.25, 3.0], [4.5, 5.75, 6.0]],
                  "offset": -12,
                  "calibrated": 1.0e-3
                }
                """;
    }

    @Override public List<Choice> choices() { return List.of(FORM, FLOATS); }

    @Override
    public Lesson teach(String text, Map<String, String> chosen) {
        boolean sj = !FORM.in(chosen).equals("BJ");
        BinaryJsonTeaching.Encoding e = BinaryJsonTeaching.explain(text, sj, Integer.parseInt(FLOATS.in(chosen)));
        String form = sj ? "SJ" : "BJ";
        return new Lesson(e.node(), String.format(Locale.ROOT,
                "JSON %,d bytes (compact %,d) · gzip'd JSON %,d · %s %,d (%.0f%% of compact JSON) · gzip'd %s %,d",
                e.jsonBytes(), e.compactJsonBytes(), e.gzipJsonBytes(), form, e.encodedBytes(),
                100.0 * e.encodedBytes() / Math.max(1, e.compactJsonBytes()), form, e.gzipEncodedBytes()));
    }
}
