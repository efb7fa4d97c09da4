package org.packscope.app.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.packscope.codec.compress.VectorWarmup;
import org.packscope.codec.format.CheckReport;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.remote.RemoteSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: {@code inspect}, {@code check}, {@code decode}, {@code encode}, {@code bench}. */
// help and version options reach every command: "check --help" prints check's usage
@Command(name = "packscope", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, version = "PackScope 0.1",
        description = "Looks inside compressed and bit-packed numeric data files.")
public final class Cli implements Runnable {

    /** Exit code for unreadable input or bad usage. */
    public static final int EXIT_USAGE = 2;

    private static final Set<String> COMMANDS = Set.of("inspect", "check", "decode", "encode", "diff", "plot", "bench", "survey",
            "help", "-h", "--help", "-V", "--version");

    /**
     * The subcommands, in the order the usage lists them. Only the one a run names is built:
     * picocli reads a command's annotations by reflection, work a one-shot command need not
     * wait for eightfold (measured: a start of 0.43 s with one, 0.44-0.51 s with all eight).
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("inspect", InspectCommand::new);
        m.put("check", CheckCommand::new);
        m.put("decode", DecodeCommand::new);
        m.put("encode", EncodeCommand::new);
        m.put("diff", DiffCommand::new);
        m.put("plot", PlotCommand::new);
        m.put("bench", BenchCommand::new);
        m.put("survey", SurveyCommand::new);
        return Collections.unmodifiableMap(m);
    }

    /**
     * The command line for {@code args}: this command with the subcommand the arguments
     * name, or with all of them when they name none (usage, {@code --help}, {@code --version},
     * a mistyped name, which then gets the whole list).
     */
    static CommandLine commandLine(Cli cli, String[] args) {
        // no option here is a date, a time or a JDBC type: picocli's converters for those are made
        // by reflection, loading about 80 classes before a command reads a byte (~30 ms of a one-shot)
        if (System.getProperty(PICOCLI_EXCLUDES) == null) System.setProperty(PICOCLI_EXCLUDES, "java\\.time\\..*,java\\.sql\\..*");
        CommandLine cmd = new CommandLine(cli);
        String named = null;
        for (int i = 0; i < args.length && named == null; i++) {
            CommandLine.Model.OptionSpec option = cmd.getCommandSpec().findOption(args[i]);
            if (option != null && option.arity().max() > 0) i++; // its value is the next argument
            else if (SUBCOMMANDS.containsKey(args[i])) named = args[i];
            else if (!args[i].startsWith("-")) break;
        }
        for (Map.Entry<String, Supplier<Object>> e : SUBCOMMANDS.entrySet()) {
            if (named == null || named.equals(e.getKey())) cmd.addSubcommand(e.getKey(), e.getValue().get());
        }
        return cmd;
    }

    private static final String PICOCLI_EXCLUDES = "picocli.converters.excludes";

    final FormatRegistry registry = FormatRegistry.standard();
    PrintStream out;
    /** Where commands explain usage problems and failures (the stream {@link #run} is given). */
    PrintStream err = System.err;
    /** The address a command is working on, named when it fails as a whole. */
    String working = "";

    public static boolean isCommand(String arg) {
        return COMMANDS.contains(arg);
    }

    @CommandLine.Option(names = "--anonymous", scope = CommandLine.ScopeType.INHERIT,
            description = "read s3:// addresses unsigned (public buckets), even when credentials exist")
    void anonymous(boolean on) { RemoteSettings.anonymous(on); }

    @CommandLine.Option(names = "--endpoint", paramLabel = "URL", scope = CommandLine.ScopeType.INHERIT,
            description = "an S3-compatible endpoint for s3:// addresses (default: AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, else AWS)")
    void endpoint(String url) { RemoteSettings.endpoint(url); }

    @CommandLine.Option(names = "--region", paramLabel = "REGION", scope = CommandLine.ScopeType.INHERIT,
            description = "the S3 region (default: AWS_REGION, else us-east-1)")
    void region(String r) { RemoteSettings.region(r); }

    /** Runs a command and returns its exit code; never throws, never prints a stack trace. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        // --anonymous, --endpoint and --region hold for this run only
        try (RemoteSettings.Saved before = RemoteSettings.save()) {
            return runWithSettings(args, out, err);
        }
    }

    private static int runWithSettings(String[] args, PrintStream out, PrintStream err) {
        Cli cli = new Cli();
        cli.out = out;
        cli.err = err;
        RemoteSettings.notices(notice -> err.println("packscope: " + PlainText.escape(notice)));
        CommandLine cmd = commandLine(cli, args);
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setParameterExceptionHandler((ex, a) -> {
            err.println("packscope: " + ex.getMessage());
            ex.getCommandLine().usage(err);
            return EXIT_USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, c, parsed) -> failed(cli, err, ex));
        // the person waits for the command: the vector warm-ups pause meanwhile (bounded), as in the window
        try (VectorWarmup.Foreground f = ownsForeground(cmd) ? null : VectorWarmup.foreground()) {
            return cmd.execute(args);
        } catch (RuntimeException | Error e) {
            return failed(cli, err, e);
        }
    }

    /**
     * Whether the command marks its own foreground work: {@code bench} lets the warm-ups run
     * during its warm-up and holds the mark only while it times a decode. Elsewhere a fresh
     * JVM's first decode met the races (their Vector API code still interpreted, allocating
     * as it went, and C2 compiling it) on the two cores: i64_ts_20m's first bulk decode
     * 0.19-0.40 s, 0.12-0.15 s with them paused, 0.11 s on the scalar paths alone.
     */
    static boolean ownsForeground(CommandLine cmd) {
        // only the subcommand a run names is built, past any global options
        return cmd.getSubcommands().size() == 1 && cmd.getSubcommands().containsKey("bench");
    }

    /**
     * A command that failed as a whole: one diagnostic line in PackScope's words (never a
     * class name or stack trace) and exit 1. Running out of memory or stack is
     * {@code too_large_to_hold} or {@code too_deep}; anything else is a bug, {@code internal_error}.
     */
    static int failed(Cli cli, PrintStream err, Throwable e) {
        err.println("packscope: " + PlainText.escape(cli.working.isEmpty() ? "" : cli.working + ": ")
                + failureLine(e));
        return 1;
    }

    /** {@code error with no byte offset: RULE: message} for a failure no reader caught (it has no place). */
    static String failureLine(Throwable e) {
        return CheckReport.failureLine(e);
    }

    static String describe(Throwable e) {
        return PlainText.forDisplay(PlainText.describe(e));
    }

    @Override
    public void run() {
        commandLine(this, new String[0]).usage(out);
    }
}
