package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;

/** decode --threads N: the same output on any number of threads; fewer than one is a usage error. */
class DecodeThreadsTest {
    private static final String PCO = Samples.root().getParent()
            .resolve("codec/src/test/resources/fixtures/pco/v1_0/multichunk_u16_300k.pco").toString();

    @Test
    void oneAndTwoThreadsWriteTheSameCsv() throws Exception {
        CliTest.Run one = CliTest.run("decode", PCO, "--format", "csv", "--threads", "1");
        CliTest.Run two = CliTest.run("decode", PCO, "--format", "csv", "--threads", "2");
        assertEquals(0, one.code(), one.err());
        assertEquals(0, two.code(), two.err());
        assertEquals(300_000, one.text().split("\n").length);
        assertArrayEquals(one.out(), two.out());
    }

    @Test
    void zeroThreadsIsRefused() throws Exception {
        CliTest.Run r = CliTest.run("decode", PCO, "--threads", "0");
        assertEquals(Cli.EXIT_USAGE, r.code());
        assertTrue(r.err().contains("--threads must be at least 1"), r.err());
    }
}
