package org.packscope.app.cli;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import org.packscope.codec.format.CheckReport;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.remote.RemoteStats;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;

@Command(name = "check", description = {
        "Prints one line per problem: PATH: SEVERITY at byte OFFSET[.BIT][ of STREAM]: RULE: message",
        "(STREAM: a buffer decompressed in memory; 'with no byte offset' when the problem has no place).",
        "Exit 0 = no errors (warnings allowed), 1 = errors found, 2 = cannot read or bad usage."})
final class CheckCommand implements Callable<Integer> {
    @ParentCommand Cli cli;

    @Parameters(arity = "0..*", paramLabel = "PATH")
    List<String> paths = List.of();

    @picocli.CommandLine.Option(names = "--list-rules",
            description = "Print every rule check can report (id, usual severity, meaning), grouped by format, and exit.")
    boolean listRules;

    @picocli.CommandLine.Mixin DtypeOption dtype = new DtypeOption();

    @picocli.CommandLine.Option(names = "--markdown", description = "With --list-rules: print the list as a Markdown page.")
    boolean markdown;

    @picocli.CommandLine.Option(names = "--spark", paramLabel = "MASTER",
            description = {"Check on Apache Spark (local[*], spark://HOST:PORT, yarn, k8s://...): files, stores' structures and large arrays' chunks "
                    + "spread over the executors. Runs the spark module's job in a JVM of its own; prints its summary, writes the census "
                    + "under --out, exits as check does."})
    String spark;

    @picocli.CommandLine.Option(names = "--out", paramLabel = "DIR",
            description = "With --spark: where the census, units and diagnostics go (JSON lines and Parquet); default: a new temporary folder.")
    java.nio.file.Path out;

    @picocli.CommandLine.Option(names = "--previous", paramLabel = "DIR",
            description = "With --spark: a former --out; units whose size, time and ETag did not change are not checked again.")
    java.nio.file.Path previous;

    @Override
    public Integer call() {
        if (listRules) {
            cli.out.print(markdown ? RuleList.markdown() : RuleList.text());
            return 0;
        }
        if (paths.isEmpty()) {
            cli.err.println("packscope: check needs at least one PATH (or --list-rules)");
            return Cli.EXIT_USAGE;
        }
        if (spark == null && (out != null || previous != null)) {
            cli.err.println("packscope: --out and --previous go with --spark");
            return Cli.EXIT_USAGE;
        }
        if (spark != null) return SparkRelaunch.run(spark, out, previous, paths, cli.out, cli.err);
        boolean errors = false;
        boolean unreadable = false;
        RemoteStats.Snapshot before = RemoteStats.now();
        // files are checked in parallel, and reported in the order given
        for (FileReport r : ParallelTasks.map(paths.size(), Math.min(paths.size(), ParallelTasks.cores()), Progress.NONE,
                i -> check(paths.get(i)))) {
            if (r.unreadable() != null) {
                cli.err.println("packscope: " + PlainText.escape(r.unreadable()));
                unreadable = true;
                continue;
            }
            errors |= r.errors();
            r.lines().forEach(cli.out::println);
        }
        RemoteStats.Snapshot cost = RemoteStats.now().minus(before);
        // on standard error: the problem lines stay the same for a local and a remote copy
        if (cost.any()) cli.err.println("remote: " + cost);
        if (unreadable) return Cli.EXIT_USAGE;
        return errors ? 1 : 0;
    }

    /** One argument's problem lines, or why it cannot be read. */
    private record FileReport(List<String> lines, boolean errors, String unreadable) { }

    private FileReport check(String address) {
        FormatRegistry.Resolved r;
        try {
            r = Targets.resolve(cli.registry, address);
        } catch (Targets.UnreadableException e) {
            return new FileReport(List.of(), false, e.getMessage());
        }
        // many files are checked in one run: each tree's file handles go when its report is made
        CheckReport report;
        try (Node root = r.root()) {
            // a standalone chunk's values are checked as the type asked for (the window's "Read elements as")
            String refused = dtype.refusal(r.target());
            if (refused != null) return new FileReport(List.of(), false, refused);
            report = CheckReport.of(address, r.target());
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            report = CheckReport.failed(address, e);
        }
        return new FileReport(report.lines(), report.errors(), null);
    }
}
