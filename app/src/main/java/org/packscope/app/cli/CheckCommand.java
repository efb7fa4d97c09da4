package org.packscope.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.remote.RemoteStats;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.DiagnosticPlace;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ParallelTasks;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.RuleCap;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.TreeWalk;

@Command(name = "check", description = {
        "Prints one line per problem: PATH: SEVERITY at byte OFFSET[.BIT][ of STREAM]: RULE: message",
        "(STREAM: a buffer decompressed in memory; 'with no byte offset' when the problem has no place).",
        "Exit 0 = no errors (warnings allowed), 1 = errors found, 2 = cannot read or bad usage."})
final class CheckCommand implements Callable<Integer> {
    private static final int MAX_NODES = 2_000_000;

    @ParentCommand Cli cli;

    @Parameters(arity = "0..*", paramLabel = "PATH")
    List<String> paths = List.of();

    @picocli.CommandLine.Option(names = "--list-rules",
            description = "Print every rule check can report (id, usual severity, meaning), grouped by format, and exit.")
    boolean listRules;

    @picocli.CommandLine.Mixin DtypeOption dtype = new DtypeOption();

    @picocli.CommandLine.Option(names = "--markdown", description = "With --list-rules: print the list as a Markdown page.")
    boolean markdown;

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
        List<String> lines = new ArrayList<>();
        // many files are checked in one run: each tree's file handles go when its report is made
        try (Node root = r.root()) {
            // a standalone chunk's values are checked as the type asked for (the window's "Read elements as")
            String refused = dtype.refusal(r.target());
            if (refused != null) return new FileReport(List.of(), false, refused);
            boolean errors = report(address, TreeWalk.diagnostics(r.target(), true, MAX_NODES, Progress.NONE), lines);
            return new FileReport(lines, errors, null);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            // a failure no reader caught is this file's problem, not the end of the other files' checks
            lines.add(PlainText.escape(address) + ": " + Cli.failureLine(e));
            return new FileReport(lines, true, null);
        }
    }

    /**
     * Adds the problems to {@code lines}, at most {@link RuleCap#PER_RULE} lines of one rule
     * per file and then one line saying how many more; returns whether any was an error.
     */
    private static boolean report(String address, List<TreeWalk.Located> found, List<String> lines) {
        boolean errors = false;
        RuleCap<String> repeats = new RuleCap<>();
        Map<String, String> lineStart = new HashMap<>();
        Map<String, DiagnosticPlace> firstHidden = new HashMap<>();
        for (TreeWalk.Located l : found) {
            Diagnostic d = l.diagnostic();
            if (d.severity() == Severity.INFO) continue;
            errors |= d.severity() == Severity.ERROR;
            String where = PlainText.escape(location(address, l));
            String key = where + "\u0000" + d.rule();
            if (!repeats.admit(key, d)) {
                lineStart.putIfAbsent(key, where);
                firstHidden.putIfAbsent(key, DiagnosticPlace.of(l));
                continue;
            }
            lines.add(line(where, d, DiagnosticPlace.of(l)));
        }
        repeats.forEachSummary((key, d) -> lines.add(line(lineStart.get(key), d, firstHidden.get(key))));
        return errors;
    }

    private static String line(String where, Diagnostic d, DiagnosticPlace place) {
        return where + ": " + d.severity().label() + " " + place.sentence() + ": "
                + d.rule() + ": " + PlainText.forDisplay(d.message());
    }



    /** The file whose bytes the offset counts in: the argument itself, or a file inside a folder argument. */
    private static String location(String address, TreeWalk.Located l) {
        var src = l.node().source();
        if (src != null) {
            String name = src.name();
            try {
                Path source = FormatRegistry.pathOf(name);
                if (Files.isRegularFile(source)) {
                    int sep = FormatRegistry.innerSeparator(address);
                    Path arg = FormatRegistry.pathOf(sep < 0 ? address : address.substring(0, sep));
                    if (Files.isRegularFile(arg) && Files.isSameFile(arg, source)) return address;
                    return name;
                }
            } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
                return address;
            }
        }
        String inner = l.node().path();
        String file = address.contains("::") ? address.substring(0, address.indexOf("::")) : address;
        return inner.isEmpty() ? address : file + "::" + inner;
    }
}
