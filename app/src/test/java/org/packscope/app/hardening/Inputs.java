package org.packscope.app.hardening;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.packscope.app.Samples;
import org.packscope.codec.format.Format;
import org.packscope.codec.format.FormatRegistry;

/**
 * Every sample and fixture the hardening tests feed to the readers: single files, and
 * datasets that are folders (bcolz roots, BPCells matrix folders), found by the same
 * detection the app uses.
 */
final class Inputs {
    private Inputs() { }

    record Input(Path path, boolean folder) {
        String label() { return Samples.root().getParent().relativize(path).toString(); }
    }

    static List<Input> all() {
        Path repo = Samples.root().getParent();
        List<Input> out = new ArrayList<>();
        collect(Samples.root(), out);
        Path fixtures = repo.resolve("codec/src/test/resources/fixtures");
        if (Files.isDirectory(fixtures)) collect(fixtures, out);
        Path ascii = repo.resolve("codec/src/test/resources/rds-ascii");
        if (Files.isDirectory(ascii)) collect(ascii, out);
        return out;
    }

    private static void collect(Path dir, List<Input> out) {
        FormatRegistry registry = FormatRegistry.standard();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.sorted().toList()) {
                String name = p.getFileName().toString();
                if (Files.isDirectory(p)) {
                    Format f = registry.detect(p);
                    if (f != null && !f.id().equals("folder")) out.add(new Input(p, true));
                    else collect(p, out);
                } else if (Files.isRegularFile(p) && !isSidecar(name)) {
                    out.add(new Input(p, false));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Expected outputs and metadata that sit beside fixtures; they are not inputs. */
    static boolean isSidecar(String name) {
        return name.endsWith(".json") || name.contains(".expected.") || name.endsWith(".md");
    }

    /** Regular files inside a folder dataset, in a stable order. */
    static List<Path> filesIn(Path folder) {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
