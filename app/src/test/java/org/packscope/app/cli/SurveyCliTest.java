package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.packscope.app.Samples;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;

/**
 * {@code survey FILE}: one row per codec setting, smallest first, each giving back every
 * byte, each ratio the raw size over its bytes; a small --sample-mb surveys a sample and
 * says so; a bad sample size is a usage error.
 */
class SurveyCliTest {
    private static final String PCO = "pco/smooth_i64_timestamps_ms.pco";

    @Test
    void everySettingIsARowSmallestFirst() throws Exception {
        String file = Samples.get(PCO).toString();
        long values;
        try (Node root = FormatRegistry.standard().open(Samples.get(PCO))) {
            values = root.values().count();
        }
        CliTest.Run r = CliTest.run("survey", file);
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.text().lines().toList();
        assertTrue(lines.get(0).endsWith(String.format(java.util.Locale.ROOT, "%,d values of i64 (%,d bytes), all surveyed", values, values * 8)), lines.get(0));
        List<String> rows = lines.subList(2, lines.size());
        assertEquals(32, rows.size(), r.text());
        long before = 0;
        for (String row : rows) {
            assertTrue(row.endsWith("exact"), row);
            String[] f = row.substring(40).trim().split("\\s+");
            long bytes = Long.parseLong(f[0].replace(",", ""));
            double ratio = Double.parseDouble(f[1]);
            assertTrue(bytes >= before, "smallest first: " + row);
            assertEquals(values * 8.0 / bytes, ratio, 0.006, row);
            before = bytes;
        }
    }

    @Test
    void aSmallSampleIsSaid() throws Exception {
        CliTest.Run r = CliTest.run("survey", Samples.get(PCO).toString(), "--sample-mb", "0.001");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.text().lines().findFirst().orElse("").contains("surveyed on a sample of 131 values (1,048 bytes)"), r.text());
        CliTest.Run bad = CliTest.run("survey", Samples.get(PCO).toString(), "--sample-mb", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--sample-mb must be more than 0"), bad.err());
    }

    /** A command the launcher does not know as one would start the window instead: each subcommand is known. */
    @Test
    void everyCommandIsOneTheLauncherKnows() {
        for (String name : Cli.commandLine(new Cli(), new String[0]).getSubcommands().keySet()) assertTrue(Cli.isCommand(name), name);
    }
}
