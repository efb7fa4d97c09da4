package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.binjson.BinaryJsonWriter;
import org.packscope.codec.testing.CpuBound;

/** 30,000 repeats of one problem cost 100 lines and a count, not 30,000 lines. */
class CheckCapTest {
    static final int STRINGS = 30_000;

    /**
     * A binary JSON file whose string table holds the same text 30,000 times: written with
     * distinct strings of one length, then each rewritten to the first (offsets stay valid).
     */
    static Path duplicateStrings(Path dir) throws Exception {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < STRINGS; i++) json.append(i > 0 ? "," : "").append(String.format(Locale.ROOT, "\"q%05d\"", i));
        byte[] b = BinaryJsonWriter.encode(json.append(']').toString(), false, 0);
        byte[] first = "q00000".getBytes(StandardCharsets.US_ASCII);
        int patched = 0;
        for (int i = 0; i + 6 <= b.length; i++) {
            if (b[i] == 'q' && Character.isDigit(b[i + 1]) && Character.isDigit(b[i + 5])) {
                System.arraycopy(first, 0, b, i, 6);
                patched++;
            }
        }
        assertEquals(STRINGS, patched);
        Path p = dir.resolve("dups.bj");
        Files.write(p, b);
        return p;
    }

    @Test
    void thirtyThousandDuplicateStringsAreAHundredLinesAndACount(@TempDir Path dir) throws Exception {
        Path p = duplicateStrings(dir);
        CliTest.Run r = CpuBound.within(Duration.ofSeconds(5), "check of 30,000 duplicate strings", () -> CliTest.run("check", p.toString()));
        List<String> dup = r.text().lines().filter(l -> l.contains(": duplicate_string: ")).toList();
        // capped (by the format's own count, or else by check's cap of 100 a rule), and nothing goes uncounted
        assertTrue(dup.size() <= 101, dup.size() + " lines: " + r.text().lines().limit(5).toList());
        String last = dup.get(dup.size() - 1);
        java.util.regex.Matcher more = java.util.regex.Pattern.compile(": duplicate_string: and ([0-9,]+) more").matcher(last);
        assertTrue(more.find(), last);
        assertEquals(STRINGS - 1, dup.size() - 1 + Long.parseLong(more.group(1).replace(",", "")), last);
        for (String l : r.text().lines().toList()) assertTrue(CliTest.CHECK_LINE.matcher(l).matches(), l);
    }
}
