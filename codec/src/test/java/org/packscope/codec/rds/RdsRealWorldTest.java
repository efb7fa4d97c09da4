package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.testing.Fixtures;

/**
 * The scoreboard for R files written by others: every .rds/.rda of
 * {@code ../shared/realworld} that R reads opens without an error, and every vector R
 * read decodes to R's values (MANIFEST "r_values" rules). Skipped without ../shared.
 */
class RdsRealWorldTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyRVectorDecodesToRsValues() throws IOException {
        Path root = realworld();
        Assumptions.assumeTrue(root != null, "../shared/realworld is absent: R files of others not checked");
        JsonNode manifest = JSON.readTree(root.resolve("MANIFEST.json").toFile());
        FormatRegistry registry = FormatRegistry.standard();
        List<String> failures = new ArrayList<>();
        int files = 0, cleanFiles = 0, vectors = 0, matched = 0;
        for (JsonNode f : manifest.get("files")) {
            if (!"rds".equals(f.path("format").asText())) continue;
            files++;
            Node file = registry.open(root.resolve(f.get("file").asText()));
            List<String> errors = new ArrayList<>(errors(file));
            errors.addAll(RNodeWalk.failures(file, 5_000));
            if (errors.isEmpty()) cleanFiles++;
            else failures.add(f.get("file").asText() + ": " + errors);
            for (JsonNode v : f.get("vectors")) {
                vectors++;
                Node n = file.find(v.get("path").asText());
                String why = n == null ? "no node" : RValues.mismatch(n.values(), v);
                if (why == null) matched++;
                else failures.add(f.get("file").asText() + " " + v.get("path").asText() + ": " + why);
            }
        }
        System.out.printf("R real-world scoreboard: %d/%d files without errors, %d/%d vectors equal to R's%n",
                cleanFiles, files, matched, vectors);
        failures.forEach(s -> System.out.println("  " + s));
        assertEquals(List.of(), failures);
    }

    /** Errors on the file node and its direct children (where RdsFile puts the stream's problems). */
    private static List<String> errors(Node file) {
        List<String> out = new ArrayList<>();
        List<Node> nodes = new ArrayList<>(List.of(file));
        nodes.addAll(file.children());
        for (Node n : nodes) {
            for (Diagnostic d : n.diagnostics()) if (d.severity() == Severity.ERROR) out.add(d.rule());
        }
        return out;
    }

    static Path realworld() {
        Path p = Fixtures.shared().map(s -> s.resolve("realworld")).orElse(null);
        return p != null && Files.isRegularFile(p.resolve("MANIFEST.json")) ? p : null;
    }
}
