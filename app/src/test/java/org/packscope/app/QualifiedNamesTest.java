package org.packscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * PackScope's own classes are named by import, not spelled out in code: a fully qualified
 * {@code org.packscope.x.Y} inside a method hides what a class depends on from its
 * imports (and from a reader). Comments and Javadoc may still link with full names, and
 * a class named like the file's own can only be named in full.
 */
class QualifiedNamesTest {
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");
    private static final Pattern QUALIFIED = Pattern.compile("\\borg\\.packscope(\\.[a-z][a-z0-9_]*)+\\.([A-Z]\\w*)");


    @Test
    void codeNamesPackScopeClassesByImport() throws IOException {
        Set<String> found = new TreeSet<>();
        int files = 0;
        for (Path root : List.of(Path.of("src/main/java"), Path.of("../codec/src/main/java"))) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                    files++;
                    List<String> lines = Files.readAllLines(p);
                    boolean comment = false;
                    for (int i = 0; i < lines.size(); i++) {
                        String t = lines.get(i).strip();
                        if (comment) {
                            comment = !t.contains("*/");
                            continue;
                        }
                        if (t.startsWith("/*")) {
                            comment = !t.contains("*/");
                            continue;
                        }
                        if (t.startsWith("*") || t.startsWith("//") || t.startsWith("import ") || t.startsWith("package ")) continue;
                        String own = p.getFileName().toString().replace(".java", "");
                        // a class named in a string is a name looked up at run time (a main class of another JVM), not a dependency
                        var m = QUALIFIED.matcher(STRING.matcher(t).replaceAll("\"\""));
                        while (m.find()) {
                            // a class of the same name as this one can only be named in full
                            if (!m.group(2).equals(own)) found.add(p.getFileName() + ":" + (i + 1) + ": " + t);
                        }
                    }
                }
            }
        }
        assertTrue(files > 300, "the sources were found: " + files + " files");
        assertEquals(Set.of(), found);
    }
}
