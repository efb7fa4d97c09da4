package org.packscope.codec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;

/** Finds test inputs: fixtures copied into test resources, and the shared folder beside the checkout. */
public final class Fixtures {
    private Fixtures() { }

    /** A file or folder under src/test/resources, e.g. {@code fixtures/pco/v0_4/x.pco}. */
    public static Path resource(String relative) {
        URL url = Fixtures.class.getClassLoader().getResource(relative);
        if (url == null) throw new IllegalArgumentException("no test resource " + relative);
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The {@code shared/} folder that sits beside the repository (upstream files, benchmarks),
     * when there is one: a clone on its own has none, and its suite must still pass.
     */
    public static Optional<Path> shared() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolveSibling("shared");
            if (Files.isDirectory(candidate.resolve("fixtures"))) return Optional.of(candidate);
            if (Files.isDirectory(p.resolve("shared/fixtures"))) return Optional.of(p.resolve("shared"));
        }
        return Optional.empty();
    }

    /**
     * {@code relative} inside the shared folder; the calling test is skipped (not failed)
     * with a message when the folder or that file is absent.
     */
    public static Path sharedOrSkip(String relative) {
        Optional<Path> shared = shared();
        Assumptions.assumeTrue(shared.isPresent(), "skipped: no ../shared beside the repository (needed for " + relative + ")");
        Path p = shared.get().resolve(relative);
        Assumptions.assumeTrue(Files.exists(p), "skipped: ../shared/" + relative + " is not present");
        return p;
    }

    public static byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
