package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.testing.Fixtures;

/**
 * Every explanation a person can open on the sample files and the copied fixtures,
 * compared with the texts recorded before field keys replaced label matching: moving
 * explanations from label patterns to keyed documentation must not change or lose one.
 * Run with {@code -Dpackscope.recordExplanations=true} to rewrite the record (only when
 * a text is meant to change).
 */
class ExplanationTextsTest {

    private static final String RECORD = "src/test/resources/explanations/all-explanations.txt";
    private static final int NODES_PER_FILE = 400;
    private static final int SAMPLES_PER_SHAPE = 4;

    @Test
    void everyExplanationIsAsRecorded() throws IOException {
        TreeSet<String> lines = new TreeSet<>();
        java.util.Map<String, Integer> perShape = new java.util.HashMap<>();
        FormatRegistry registry = FormatRegistry.standard();
        for (Path root : inputs()) {
            Node top = registry.open(root);
            collect(top, lines, perShape);
        }
        String actual = String.join("\n", lines) + "\n";
        Path record = Path.of(RECORD);
        if (Boolean.getBoolean("packscope.recordExplanations")) {
            Files.createDirectories(record.getParent());
            Files.writeString(record, actual);
        }
        assertEquals(Files.readString(record), actual);
    }

    private static List<Path> inputs() throws IOException {
        Path samples = Path.of("../resources");
        Path fixtures = Fixtures.resource("fixtures");
        List<Path> all = new java.util.ArrayList<>();
        for (Path base : List.of(samples, fixtures)) {
            try (Stream<Path> s = Files.list(base)) {
                s.sorted().forEach(formatDir -> {
                    try (Stream<Path> entries = Files.list(formatDir)) {
                        entries.sorted().limit(12).forEach(all::add);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
        }
        return all;
    }

    /** Breadth-first over at most {@link #NODES_PER_FILE} nodes, drill-down nodes included. */
    private static void collect(Node top, TreeSet<String> out, java.util.Map<String, Integer> perShape) {
        Deque<Node> queue = new ArrayDeque<>();
        queue.add(top);
        int seen = 0;
        while (!queue.isEmpty() && seen++ < NODES_PER_FILE) {
            Node n = queue.poll();
            FieldExplainer explainer = n.facet(FieldExplainer.class);
            if (explainer != null) {
                for (Field f : n.fields()) {
                    Explanation e = explainer.explain(f);
                    String text = e == null ? "(meaning only)"
                            : e.title() + " | " + e.text() + " | " + e.formula() + " | " + e.specSection();
                    // indexed fields (value 5, bstarts[7]) share a text apart from their numbers: keep a few of each
                    String shape = n.kind() + " :: " + f.name().replaceAll("[0-9]+", "#");
                    if (perShape.merge(shape, 1, Integer::sum) <= SAMPLES_PER_SHAPE) {
                        out.add(n.kind() + " :: " + f.name() + " => " + PlainText.escape(text));
                    }
                }
            }
            int count = Math.min(n.childCount(), 40);
            for (int i = 0; i < count; i++) queue.add(n.children().get(i));
        }
    }
}
