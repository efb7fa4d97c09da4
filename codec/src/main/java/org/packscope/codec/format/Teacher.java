package org.packscope.codec.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueType;

/**
 * A format PackScope can also write, for teaching it: a person types some input, makes the
 * format's choices, and the encoding comes back as the same inspection tree a file of it
 * would open as, with its sizes in a sentence. Formats that teach themselves are found
 * through {@link ServiceLoader}, so the teaching window names none of them: it shows the
 * choices each one declares.
 */
public interface Teacher {

    /** The {@link Format#id()} of the format taught. */
    String formatId();

    /** The format's name as the window's title and menu give it ("Binary JSON"). */
    String title();

    /** What a person types, as the editor's label names it ("JSON", "Numbers"). */
    String inputName();

    /** The input the window starts with: a small real example. */
    String example();

    /** The format's choices, in the order shown. */
    List<Choice> choices();

    /**
     * Encodes {@code text} with the options {@code chosen} (by {@link Choice#key}; a choice
     * left out takes its initial option).
     *
     * @throws IllegalArgumentException for input the format cannot encode, in words for a person
     */
    Lesson teach(String text, Map<String, String> chosen);

    /**
     * Series the window offers to generate into the editor (a ramp, sparse counts), each
     * with its name and its text: none unless the format says.
     */
    default List<Series> series() { return List.of(); }

    /**
     * Whether the input is numbers, one after another, so that values a person has open
     * elsewhere (a file's, an array's, a column's) can be taught with: none unless the format says.
     */
    default boolean takesNumbers() { return false; }

    /**
     * The choices that suit numbers of type {@code type} taken from elsewhere (Blosc's element
     * type "int64" for 8-byte integers), by {@link Choice#key}; none when nothing needs to change.
     */
    default Map<String, String> choicesFor(ValueType type) { return Map.of(); }

    /** A generated input: its name on the button and the text it puts in the editor. */
    record Series(String name, String text) { }

    /** One of the format's choices, shown as a list of options. */
    record Choice(String key, String label, List<String> options, String initial) {
        public Choice {
            options = List.copyOf(options);
            if (!options.contains(initial)) throw new IllegalArgumentException(initial + " is not one of " + options);
        }

        /** The option {@code chosen} holds for this choice, or the initial one. */
        public String in(Map<String, String> chosen) {
            String v = chosen.get(key);
            return v != null && options.contains(v) ? v : initial;
        }
    }

    /** An encoding: its inspection tree, and its sizes against the input's in one sentence. */
    record Lesson(Node node, String sizes) { }

    /** The teacher of format {@code formatId}, or null when no format on the class path teaches it. */
    static Teacher of(String formatId) {
        for (Teacher t : all()) {
            if (t.formatId().equals(formatId)) return t;
        }
        return null;
    }

    /** Every format that teaches itself, by title. */
    static List<Teacher> all() {
        List<Teacher> out = new ArrayList<>();
        for (Teacher t : ServiceLoader.load(Teacher.class, Teacher.class.getClassLoader())) out.add(t);
        out.sort(Comparator.comparing(Teacher::title));
        return out;
    }
}
