package org.packscope.app;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's sample folder {@code resources/}, which the app opens by default. */
public final class Samples {
    private Samples() { }

    public static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("resources")) && Files.exists(p.resolve("pom.xml"))
                    && Files.isDirectory(p.resolve("codec"))) {
                return p.resolve("resources");
            }
        }
        throw new IllegalStateException("resources/ not found");
    }

    public static Path get(String relative) {
        Path p = root().resolve(relative);
        if (!Files.exists(p)) throw new IllegalStateException("missing sample " + p);
        return p;
    }
}
