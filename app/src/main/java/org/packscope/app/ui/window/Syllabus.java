package org.packscope.app.ui.window;

import java.util.List;

import org.packscope.codec.format.Teacher;

/**
 * What a {@link Teacher} says about itself, asked once and off the FX thread, copied into
 * the app's own records: its title, its example, its choices and series. Teachers compute
 * these (a generated ramp, an example's numbers), and the first call loads the format's
 * classes: on the FX thread that froze the first teaching window opened for up to half a
 * second. The FX thread reads only these copies (the watchdog counts any frame of the
 * codec's format classes on it, a record's accessor included, as codec work).
 */
public record Syllabus(Teacher teacher, String title, String inputName, String example,
        List<Choice> choices, List<Series> series, boolean takesNumbers) {

    /** One of the format's choices: its options, the one it starts with. */
    record Choice(String key, String label, List<String> options, String initial) { }

    /** A generated input: its name on the button and the text it puts in the editor. */
    record Series(String name, String text) { }

    /** Asks {@code teacher} everything the window shows before its first lesson. Not on the FX thread. */
    public static Syllabus of(Teacher teacher) {
        List<Choice> choices = teacher.choices().stream()
                .map(c -> new Choice(c.key(), c.label(), List.copyOf(c.options()), c.initial())).toList();
        List<Series> series = teacher.series().stream().map(s -> new Series(s.name(), s.text())).toList();
        return new Syllabus(teacher, teacher.title(), teacher.inputName(), teacher.example(),
                choices, series, teacher.takesNumbers());
    }
}
