package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.Arguments;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

/**
 * The trace texts users read, word for word: every step (title, value, explanation, bytes)
 * of a fixed sample of traces over every BPCells fixture is compared with the text recorded
 * in {@code bpcells/trace-texts.txt}. A change to a sentence must be deliberate: rewrite the
 * file with {@code -Dpackscope.writeTraceTexts=true} and review the diff.
 */
class BpcellsTraceTextTest {
    static final Path GOLDEN = Path.of("src/test/resources/bpcells/trace-texts.txt");

    @Test
    void traceTextsAreUnchanged() throws IOException {
        String actual = render();
        if (Boolean.getBoolean("packscope.writeTraceTexts")) Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
        String expected = Files.readString(GOLDEN, StandardCharsets.UTF_8);
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        for (int i = 0; i < Math.min(e.size(), a.size()); i++) assertEquals(e.get(i), a.get(i), "line " + (i + 1));
        assertEquals(e.size(), a.size(), "lines");
    }

    static String render() throws IOException {
        StringBuilder sb = new StringBuilder();
        String dir = BpcellsFixturesTest.DIR.toString();
        for (Arguments args : BpcellsFixturesTest.fixtures().toList()) {
            String name = (String) args.get()[0];
            JsonNode f = (JsonNode) args.get()[1];
            sb.append("# ").append(name).append('\n');
            walk(BpcellsFixturesTest.open(f), sb, new Random(name.hashCode()), dir, 0);
        }
        return sb.toString();
    }

    /** The first and last value, two at random, and those either side of the first chunk boundary. */
    static java.util.Set<Long> indices(long count, Random rnd) {
        java.util.Set<Long> s = new java.util.TreeSet<>();
        if (count == 0) return s;
        s.add(0L);
        s.add(count - 1);
        for (int i = 0; i < 2; i++) s.add((long) (rnd.nextDouble() * count));
        for (long k = 127; k < Math.min(count, 129); k++) s.add(k);
        return s;
    }

    /** A bounded walk: the first two children of a node with many, and the last, drill-downs included. */
    private static void walk(Node n, StringBuilder sb, Random rnd, String dir, int depth) {
        ValueColumn c = n.values();
        ValueTracer t = n.facet(ValueTracer.class);
        if (c != null && t != null) {
            for (long k : indices(c.count(), rnd)) {
                Trace tr = t.trace(k, Progress.NONE);
                sb.append("## ").append(n.path()).append(" [").append(k).append("] = ").append(tr.value()).append('\n');
                for (Trace.Step s : tr.steps()) {
                    sb.append(s.title()).append(" | ").append(s.value()).append(" | ").append(s.explanation().replace(dir, "<fixtures>"));
                    if (s.span() != null) sb.append(" | ").append(s.source().name().replace(dir, "<fixtures>")).append(' ').append(s.span());
                    sb.append('\n');
                }
            }
        }
        if (depth > 6) return;
        List<Node> kids = n.children();
        int first = kids.size() <= 8 ? kids.size() : 2;
        for (int i = 0; i < first; i++) walk(kids.get(i), sb, rnd, dir, depth + 1);
        if (kids.size() > first) walk(kids.get(kids.size() - 1), sb, rnd, dir, depth + 1);
    }
}
