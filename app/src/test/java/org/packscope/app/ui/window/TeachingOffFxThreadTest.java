package org.packscope.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.ValueType;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every teaching window, opened, encoding its example, re-encoding on a changed choice, on a
 * generated series and on values taken from the main window, never runs its format's teacher
 * on the FX thread: each teacher is wrapped in one that records the thread of every call.
 * Asking a teacher for its example or series on the FX thread froze the first teaching
 * window opened under load (the watchdog caught PcoTeacher.series there).
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class TeachingOffFxThreadTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
    }

    @Test
    void noTeachingWindowCallsItsTeacherOnTheFxThread(FxRobot robot) throws Exception {
        // numbers shown in the main window, for the teachers that take them
        robot.interact(() -> window.open(Samples.get("pco/smooth_i64_timestamps_ms.pco")));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().values() != null);
        List<Teacher> teachers = Teacher.all();
        assertEquals(4, teachers.size(), "BP128, Binary JSON, Blosc, Pco");
        for (Teacher real : teachers) {
            Recording teacher = new Recording(real);
            TeachingWindow[] w = new TeachingWindow[1];
            robot.interact(() -> window.openTeaching(() -> Syllabus.of(teacher), shown -> w[0] = shown));
            // the example, as the teacher gives it here, encoded
            String example = real.example();
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> w[0] != null && !w[0].sizesText().isEmpty());
            assertEquals(example, w[0].inputArea().getText(), real.title());
            assertEquals("PackScope — " + real.title() + ", explained", w[0].stage().getTitle());

            // a choice changed re-encodes
            Teacher.Choice first = real.choices().get(0);
            String other = first.options().stream().filter(o -> !o.equals(first.initial())).findFirst().orElseThrow();
            reencodes(teacher, () -> w[0].choice(first.key()).setValue(other), () -> true);
            // so does a generated series
            if (!real.series().isEmpty()) {
                String id = "#teach-series-" + real.series().get(0).name().replace(' ', '-');
                String text = real.series().get(0).text();
                reencodes(teacher, () -> ((Button) w[0].stage().getScene().lookup(id)).fire(), () -> text.equals(w[0].inputArea().getText()));
            }
            // and so do the values the main window shows, whose type picks the choices
            if (real.takesNumbers()) {
                reencodes(teacher, () -> ((Button) w[0].stage().getScene().lookup("#teach-from-main")).fire(),
                        () -> w[0].inputArea().getText().strip().split("\\s+").length == 4_096);
                assertTrue(teacher.calls().contains("choicesFor"), teacher.calls().toString());
            }
            robot.interact(() -> w[0].stage().close());

            assertTrue(teacher.calls().containsAll(List.of("title", "example", "choices", "teach")), teacher.calls().toString());
            assertEquals(List.of(), teacher.onFxThread(), real.title() + ": teacher calls the FX thread made");
        }
    }

    /**
     * Does {@code edit} on the FX thread and waits until the teacher has been asked for a new
     * lesson and the window, read on the FX thread, shows {@code outcome}.
     */
    private static void reencodes(Recording teacher, Runnable edit, java.util.concurrent.Callable<Boolean> outcome) throws Exception {
        long before = teacher.lessons();
        WaitForAsyncUtils.asyncFx(edit).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> teacher.lessons() > before
                && WaitForAsyncUtils.asyncFx(outcome).get(10, TimeUnit.SECONDS));
    }

    /** A teacher that passes every call on and records which it got, and those made on the FX thread. */
    private static final class Recording implements Teacher {
        private final Teacher real;
        private final List<String> calls = new ArrayList<>();
        private final List<String> onFx = new ArrayList<>();

        Recording(Teacher real) { this.real = real; }

        private synchronized void called(String what) {
            calls.add(what);
            if (Platform.isFxApplicationThread()) onFx.add(what);
        }

        synchronized List<String> calls() { return List.copyOf(calls); }
        synchronized List<String> onFxThread() { return List.copyOf(onFx); }
        synchronized long lessons() { return calls.stream().filter("teach"::equals).count(); }

        @Override public String formatId() { called("formatId"); return real.formatId(); }
        @Override public String title() { called("title"); return real.title(); }
        @Override public String inputName() { called("inputName"); return real.inputName(); }
        @Override public String example() { called("example"); return real.example(); }
        @Override public List<Choice> choices() { called("choices"); return real.choices(); }
        @Override public List<Series> series() { called("series"); return real.series(); }
        @Override public boolean takesNumbers() { called("takesNumbers"); return real.takesNumbers(); }
        @Override public Map<String, String> choicesFor(ValueType type) { called("choicesFor"); return real.choicesFor(type); }
        @Override public Lesson teach(String text, Map<String, String> chosen) { called("teach"); return real.teach(text, chosen); }
    }
}
