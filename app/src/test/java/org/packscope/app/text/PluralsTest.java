package org.packscope.app.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;

/**
 * "1 chunks" nowhere: every summary and field value of every sample (and the CF fixtures),
 * walked a few levels deep, says one thing in the singular.
 */
class PluralsTest {
    /** "1" (not part of a larger number or a decimal) followed by a plural noun. */
    static final Pattern ONE_PLURAL = Pattern.compile("(?<![\\d.,])1 (chunks|values|entries|blocks|rows|bytes|pages|errors|warnings"
            + "|categories|columns|arrays|groups|files|numbers|elements|members|attributes|children|datasets|streams|bins|batches|words|items)\\b");

    @Test
    void oneIsSingularEverywhere() throws Exception {
        List<Path> inputs = new ArrayList<>();
        try (Stream<Path> s = Files.list(Samples.root())) {
            for (Path dir : s.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> f = Files.list(dir)) { f.sorted().forEach(inputs::add); }
            }
        }
        inputs.add(Samples.root().getParent().resolve("codec/src/test/resources/fixtures/cf/cf.nc"));
        List<String> found = new ArrayList<>();
        int texts = 0;
        for (Path p : inputs) {
            Node root = FormatRegistry.standard().open(p);
            texts += walk(root, 0, found);
        }
        assertTrue(texts > 1000, "texts read: " + texts);
        assertEquals(List.of(), found);
    }

    private static int walk(Node n, int depth, List<String> found) {
        int texts = 1;
        check(n.path() + "/" + n.name() + " summary", n.summary(), found);
        for (Field f : n.fields()) {
            check(n.path() + "/" + n.name() + " " + f.name(), f.value(), found);
            texts++;
        }
        if (depth < 4) {
            List<Node> kids = n.children();
            for (int i = 0; i < Math.min(kids.size(), 12); i++) texts += walk(kids.get(i), depth + 1, found);
        }
        return texts;
    }

    private static void check(String where, String text, List<String> found) {
        if (text == null) return;
        Matcher m = ONE_PLURAL.matcher(text);
        if (m.find()) found.add(where + ": " + text);
    }

    @Test
    void thePatternFindsWhatItLooksFor() {
        assertTrue(ONE_PLURAL.matcher("Zarr v2 array · 1 chunks").find());
        assertTrue(!ONE_PLURAL.matcher("11 chunks · 2.1 values · 1,001 bytes · 1 chunk").find());
    }
}
