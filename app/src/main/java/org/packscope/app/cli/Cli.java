package org.packscope.app.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Set;

import org.packscope.codec.format.FormatRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: {@code inspect}, {@code check}, {@code decode}, {@code encode}, {@code bench}. */
@Command(name = "packscope", mixinStandardHelpOptions = true, version = "PackScope 0.1",
        description = "Looks inside compressed and bit-packed numeric data files.",
        subcommands = {InspectCommand.class, CheckCommand.class, DecodeCommand.class, EncodeCommand.class, DiffCommand.class, PlotCommand.class, BenchCommand.class})
public final class Cli implements Runnable {

    /** Exit code for unreadable input or bad usage. */
    public static final int EXIT_USAGE = 2;

    private static final Set<String> COMMANDS = Set.of("inspect", "check", "decode", "encode", "diff", "plot", "bench",
            "help", "-h", "--help", "-V", "--version");

    final FormatRegistry registry = FormatRegistry.standard();
    PrintStream out;

    public static boolean isCommand(String arg) {
        return COMMANDS.contains(arg);
    }

    /** Runs a command and returns its exit code; never throws, never prints a stack trace. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Cli cli = new Cli();
        cli.out = out;
        CommandLine cmd = new CommandLine(cli);
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setParameterExceptionHandler((ex, a) -> {
            err.println("packscope: " + ex.getMessage());
            ex.getCommandLine().usage(err);
            return EXIT_USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("packscope: " + describe(ex));
            return EXIT_USAGE;
        });
        try {
            return cmd.execute(args);
        } catch (RuntimeException | Error e) {
            err.println("packscope: " + describe(e));
            return EXIT_USAGE;
        }
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    @Override
    public void run() {
        new CommandLine(this).usage(out);
    }
}
