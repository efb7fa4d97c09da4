package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Only the subcommand a run names is built, found past the global options and their values
 * (which options take a value is read from the command itself); a run that names none gets
 * them all, for the usage.
 */
class CliSubcommandTest {
    private static List<String> built(String... args) {
        return List.copyOf(Cli.commandLine(new Cli(), args).getSubcommands().keySet());
    }

    @Test
    void theNamedSubcommandAloneIsBuilt() {
        assertEquals(List.of("decode"), built("decode", "x.pco", "--out", "y"));
        assertEquals(List.of("decode"), built("--endpoint", "http://127.0.0.1:9", "decode", "s3://b/k"));
        assertEquals(List.of("check"), built("--region", "eu-west-1", "--anonymous", "check", "x"));
        assertEquals(List.of("inspect"), built("--endpoint=http://127.0.0.1:9", "inspect", "x"));
    }

    @Test
    void noNameOrAnUnknownOneGetsEverySubcommand() {
        List<String> all = List.of("inspect", "check", "decode", "encode", "diff", "plot", "bench", "survey");
        assertEquals(all, built());
        assertEquals(all, built("--version"));
        assertEquals(all, built("nosuch", "decode"));
    }
}
