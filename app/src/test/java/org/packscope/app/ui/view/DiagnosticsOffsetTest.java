package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Offset column says which bytes a problem's offset counts in, and finding out (is the
 * source a file on disk?) happens with the list in the background: a cell drawn on the FX
 * thread asked the file system once per row, and the first list shown initialised the
 * place's class there, which the watchdog caught as a 168 ms stall.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class DiagnosticsOffsetTest {
    private DiagnosticsView view;
    @TempDir Path dir;

    @Start
    void start(Stage stage) {
        view = new DiagnosticsView(new TaskRunner(new StatusBar()), located -> { });
        stage.setScene(new Scene(view, 800, 400));
        stage.show();
    }

    /** Bytes named by {@code name}, remembering which threads asked for the name. */
    private static ByteSource watched(String name, List<Boolean> askedOnFx) {
        ByteSource inner = ByteSource.of(new byte[64], name);
        return new ByteSource() {
            @Override public String name() { askedOnFx.add(Platform.isFxApplicationThread()); return inner.name(); }
            @Override public long size() { return inner.size(); }
            @Override public void read(long pos, byte[] dst, int off, int len) { inner.read(pos, dst, off, len); }
            @Override public byte get(long pos) { return inner.get(pos); }
        };
    }

    @Test
    void offsetsSayFileOrStreamAndAreWorkedOutOffTheFxThread(FxRobot robot) throws Exception {
        Path file = Files.write(dir.resolve("damaged.bin"), new byte[64]);
        List<Boolean> askedOnFx = new CopyOnWriteArrayList<>();
        Node root = Node.of("damaged.bin", "test").source(watched(file.toString(), askedOnFx));
        root.diagnose(Diagnostic.error(Span.bytes(12, 4), "bad_length", "a length past the end"));
        Node stream = Node.of("inner", "test").source(watched("decompressed damaged.bin", askedOnFx));
        stream.diagnose(Diagnostic.warning(Span.bits(3103 * 8 + 3, 5), "odd_bits", "bits left over"));
        root.add(stream);

        robot.interact(() -> view.show(root));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.count() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        var table = view.table();
        List<String> cells = WaitForAsyncUtils.asyncFx(() -> table.getItems().stream()
                .map(l -> l.diagnostic().rule() + ": " + table.getColumns().get(2).getCellData(l)).sorted().toList()).get();
        assertEquals(List.of("bad_length: 12 in file", "odd_bits: 3103.3 in decompressed damaged.bin"), cells);
        assertTrue(!askedOnFx.isEmpty(), "the places were worked out");
        assertTrue(askedOnFx.stream().noneMatch(b -> b), "no source was asked its name (and the disk) on the FX thread");
    }
}
