package org.packscope.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.format.LakeCensus;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A lake census as written by the Spark job (recorded by LakeCheckCommandIT on the lake
 * kept beside it under {@code lake-census/}) opens in a window of its own: its tables
 * hold what the files hold, recounted here line by line, and a problem opens its unit.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class CensusWindowTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-census");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    private static Path censusFolder() throws Exception {
        return Path.of(CensusWindowTest.class.getResource("/lake-census/census").toURI());
    }

    private CensusWindow openCensus(FxRobot robot, Path what) throws Exception {
        int before = window.censusWindows().size();
        robot.interact(() -> window.open(what));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.censusWindows().size() == before + 1
                && window.censusWindows().get(before).stage() != null && !window.censusWindows().get(before).problems().getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        return window.censusWindows().get(before);
    }

    private static List<JsonNode> rows(Path jsonl) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : Files.readAllLines(jsonl)) if (!l.isBlank()) out.add(JSON.readTree(l));
        return out;
    }

    /** The text the table shows in {@code column} of {@code row}. */
    private static String cell(TableView<?> t, String column, int row) {
        for (TableColumn<?, ?> c : t.getColumns()) if (c.getText().equals(column)) return String.valueOf(c.getCellData(row));
        throw new AssertionError("no column " + column);
    }

    @Test
    void theTablesHoldWhatTheFilesHold(FxRobot robot) throws Exception {
        Path folder = censusFolder();
        CensusWindow w = openCensus(robot, folder);
        List<JsonNode> diagnostics = rows(folder.resolve("diagnostics.jsonl"));
        List<JsonNode> census = rows(folder.resolve("census.jsonl"));
        List<JsonNode> units = rows(folder.resolve("units.jsonl"));
        TableView<CensusWindow.ProblemRow> problems = w.problems();
        TableView<CensusWindow.ArrayRow> arrays = w.arrays();
        assertTrue(diagnostics.size() >= 5, diagnostics.size() + " diagnostics");
        assertEquals(diagnostics.size(), problems.getItems().size());
        assertEquals(census.size() - 1, arrays.getItems().size());
        for (int i = 0; i < diagnostics.size(); i++) {
            JsonNode d = diagnostics.get(i);
            assertEquals(d.get("address").asText(), cell(problems, "Address", i));
            assertEquals(d.get("rule").asText(), cell(problems, "Rule", i));
            assertEquals(d.get("severity").asText(), cell(problems, "Severity", i));
            assertEquals(d.get("offset").asText(), cell(problems, "Byte offset", i));
            assertEquals(d.get("message").asText(), cell(problems, "Message", i));
        }
        // each census line against a recount of the units file: units by status, per array (or per argument's files)
        for (int i = 0; i < arrays.getItems().size(); i++) {
            String array = census.get(i + 1).get("array").asText();
            // a chunk unit counts in its array's line, any other in its argument's line of files
            String where = array.isEmpty() ? "" : census.get(i + 1).get("address").asText();
            Map<String, Long> byStatus = new HashMap<>();
            long bytes = 0;
            for (JsonNode u : units) {
                boolean chunk = u.get("kind").asText().equals("chunk");
                if (!(chunk ? u.get("address").asText().equals(where) && u.get("array").asText().equals(array) : array.isEmpty())) continue;
                byStatus.merge(u.get("status").asText(), 1L, Long::sum);
                bytes += Math.max(0, u.get("bytes").asLong());
            }
            long counted = byStatus.values().stream().mapToLong(Long::longValue).sum();
            assertEquals(String.format("%,d", counted), cell(arrays, "Units", i), array);
            assertEquals(String.format("%,d", byStatus.getOrDefault("valid", 0L)), cell(arrays, "Valid", i), array);
            assertEquals(String.format("%,d", byStatus.getOrDefault("damaged", 0L)), cell(arrays, "Damaged", i), array);
            assertEquals(String.format("%,d", bytes), cell(arrays, "Bytes", i), array);
        }
        // the Zarr array's missing chunks: the grid less the chunk files stored
        int zarr = array(arrays, "lake/grid.zarr", "temperature");
        Path chunks = folder.resolveSibling("lake").resolve("grid.zarr").resolve("temperature");
        long stored;
        try (var s = Files.list(chunks)) {
            stored = s.filter(p -> !p.getFileName().toString().startsWith(".")).count();
        }
        assertEquals(String.format("%,d", 10_100 - stored), cell(arrays, "Missing", zarr));
        long damagedUnits = diagnostics.stream().filter(d -> d.get("severity").asText().equals("error"))
                .map(d -> d.get("unit_id").asText()).distinct().count();
        assertTrue(w.headingText().contains(damagedUnits + " units with errors"), w.headingText());
        assertTrue(w.headingText().contains(diagnostics.size() + " problems"), w.headingText());
    }

    private static int array(TableView<CensusWindow.ArrayRow> t, String address, String name) {
        for (int i = 0; i < t.getItems().size(); i++) {
            if (t.getItems().get(i).count.address().equals(address) && t.getItems().get(i).count.array().equals(name)) return i;
        }
        throw new AssertionError("no census line for " + name);
    }

    @Test
    void eitherFileOfTheFolderOpensItsCensus(FxRobot robot) throws Exception {
        Path folder = censusFolder();
        for (String file : List.of("census.jsonl", "diagnostics.jsonl")) {
            CensusWindow w = openCensus(robot, folder.resolve(file));
            assertEquals(folder, w.census().folder());
            assertEquals(rows(folder.resolve("diagnostics.jsonl")).size(), w.problems().getItems().size(), file);
        }
        // a JSON-lines file of no census is opened as the file it is
        assertEquals(null, LakeCensus.folderOf(folder.resolveSibling("lake").resolve("files").resolve("config-damaged.sj")));
    }

    @Test
    void enterOnAChunksProblemSelectsThatChunk(FxRobot robot) throws Exception {
        CensusWindow w = openCensus(robot, censusFolder());
        for (String chunk : List.of("77", "4242")) {
            int row = row(w, p -> p.kind().equals("chunk") && p.unit().equals(chunk));
            robot.interact(() -> {
                w.problems().getSelectionModel().clearAndSelect(row);
                w.problems().requestFocus();
            });
            robot.type(KeyCode.ENTER);
            Node shown = waitForShown(n -> n.name().equals(chunk));
            assertEquals("temperature", shown.parent().name());
            assertEquals(chunk, field(shown, "key"));
            assertEquals("grid.zarr", root(shown).name());
            assertTrue(!shown.diagnostics().isEmpty(), "the damaged chunk shows its damage");
        }
    }

    @Test
    void enterOnAnHdf5ChunksProblemSelectsThatChunk(FxRobot robot) throws Exception {
        CensusWindow w = openCensus(robot, censusFolder());
        for (String[] chunk : List.of(new String[] {"temperature", "[112]"}, new String[] {"grid", "[50, 30]"})) {
            int row = row(w, p -> p.kind().equals("chunk") && p.address().endsWith(".h5") && p.unit().equals(chunk[1]));
            robot.interact(() -> {
                w.problems().getSelectionModel().clearAndSelect(row);
                w.problems().requestFocus();
            });
            robot.type(KeyCode.ENTER);
            Node shown = waitForShown(n -> n.name().equals("chunk " + chunk[1]));
            assertEquals("chunks", shown.parent().name());
            assertEquals(chunk[0], shown.parent().parent().name());
            assertEquals("many_chunks.h5", root(shown).name());
            long at = Long.parseLong(w.problems().getItems().get(row).problem.offset());
            long start = shown.span().byteOffset();
            assertTrue(at >= start && at < start + shown.span().byteLength(),
                    "the problem's byte " + at + " lies in the chunk's stored bytes from " + start);
        }
    }

    @Test
    void doubleClickOnAFilesProblemSelectsThatFile(FxRobot robot) throws Exception {
        CensusWindow w = openCensus(robot, censusFolder());
        int row = row(w, p -> p.address().endsWith("config-damaged.sj"));
        TableRow<?> cells = robot.lookup("#census-problems .table-row-cell")
                .match((TableRow<?> r) -> r.getIndex() == row && !r.isEmpty()).query();
        assertNotNull(cells);
        robot.doubleClickOn(cells);
        Node shown = waitForShown(n -> n.name().equals("config-damaged.sj"));
        assertEquals(null, shown.parent());
        Path expected = censusFolder().resolveSibling("lake").resolve("files").resolve("config-damaged.sj");
        assertEquals(expected.toString(), shown.source().name());
    }

    private static int row(CensusWindow w, java.util.function.Predicate<LakeCensus.Problem> which) {
        List<CensusWindow.ProblemRow> items = w.problems().getItems();
        for (int i = 0; i < items.size(); i++) if (which.test(items.get(i).problem)) return i;
        throw new AssertionError("no such problem");
    }

    private Node waitForShown(java.util.function.Predicate<Node> which) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> {
            var item = window.browser().getSelectionModel().getSelectedItem();
            return window.shownNode() != null && which.test(window.shownNode())
                    && item != null && item.getValue() == window.shownNode();
        });
        return window.shownNode();
    }

    private static Node root(Node n) {
        while (n.parent() != null) n = n.parent();
        return n;
    }

    private static String field(Node n, String name) {
        for (Field f : n.fields()) if (f.name().equals(name)) return f.value();
        return null;
    }
}
