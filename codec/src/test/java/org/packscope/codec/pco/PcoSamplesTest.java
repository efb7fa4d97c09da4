package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;

/** The app's sample files open as Pco; only the damaged one reports a problem. */
class PcoSamplesTest {

    @Test
    void samplesOpen() throws IOException {
        Path dir = Path.of("..", "resources", "pco");
        if (!Files.isDirectory(dir)) dir = Path.of("resources", "pco");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".pco")).sorted().toList();
        }
        assertTrue(files.size() >= 4);
        for (Path p : files) {
            Node root = new PcoFormat().open(p, null);
            List<Diagnostic> d = root.diagnostics();
            if (p.getFileName().toString().contains("-damaged")) {
                assertEquals("reserved_mode", d.get(0).rule());
            } else {
                assertEquals(List.of(), d, p.toString());
                assertTrue(root.values().count() > 0);
            }
        }
    }
}
