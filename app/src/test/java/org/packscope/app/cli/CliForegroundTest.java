package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;
import org.packscope.codec.compress.VectorWarmup;

/**
 * A command is work the person waits for: the vector warm-ups pause while it runs (see
 * {@link VectorWarmup#foreground}), and resume when it ends. {@code bench} lets them run
 * through its warm-up and marks only its timed decodes.
 */
class CliForegroundTest {
    /** Standard output that notes, at each line, whether foreground work was under way. */
    private static final class Noting extends OutputStream {
        final List<Boolean> atEachWrite = new ArrayList<>();
        final ByteArrayOutputStream text = new ByteArrayOutputStream();

        @Override public void write(int b) {
            text.write(b);
            if (b == '\n') atEachWrite.add(VectorWarmup.foregroundUnderWay());
        }
    }

    private static Noting run(String... args) {
        Noting out = new Noting();
        int code = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(0, code, out.text.toString(StandardCharsets.UTF_8));
        return out;
    }

    @Test
    void aCommandRunsAsForegroundWorkAndReleasesItAtItsEnd() {
        assertFalse(VectorWarmup.foregroundUnderWay(), "none before");
        Noting out = run("inspect", Samples.get("pco/smooth_i64_timestamps_ms.pco").toString());
        assertFalse(out.atEachWrite.isEmpty());
        assertTrue(out.atEachWrite.stream().allMatch(b -> b), "every line written while the command held the mark");
        assertFalse(VectorWarmup.foregroundUnderWay(), "released");
    }

    @Test
    void benchMarksOnlyItsTimedDecodes() {
        Noting out = run("bench", "--warmup", "0.1", "--repeat", "1", "--threads", "1",
                Samples.get("pco/smooth_i64_timestamps_ms.pco").toString());
        assertTrue(out.atEachWrite.stream().noneMatch(b -> b), "its lines, its warm-up, are not foreground work");
        List<Boolean> during = new ArrayList<>();
        long values = BenchCommand.decodeAsACommandWould((progress, threads) -> {
            during.add(VectorWarmup.foregroundUnderWay());
            return 7;
        }, 1);
        assertEquals(7, values);
        assertEquals(List.of(true), during, "a timed decode is, as any command's");
        assertFalse(VectorWarmup.foregroundUnderWay());
    }
}
