package org.packscope.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.ParallelTasks;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.TreeWalk;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "check", description = {
        "Prints one line per problem: PATH: SEVERITY at byte OFFSET[.BIT]: RULE: message.",
        "Exit 0 = no errors (warnings allowed), 1 = errors found, 2 = cannot read or bad usage."})
final class CheckCommand implements Callable<Integer> {
    private static final int MAX_NODES = 2_000_000;

    @ParentCommand Cli cli;

    @Parameters(arity = "1..*", paramLabel = "PATH")
    List<String> paths;

    @Override
    public Integer call() {
        boolean errors = false;
        boolean unreadable = false;
        // files are checked in parallel, and reported in the order given
        for (FileReport r : ParallelTasks.map(paths.size(), Math.min(paths.size(), ParallelTasks.cores()), Progress.NONE,
                i -> check(paths.get(i)))) {
            if (r.unreadable() != null) {
                System.err.println("packscope: " + r.unreadable());
                unreadable = true;
                continue;
            }
            errors |= r.errors();
            r.lines().forEach(cli.out::println);
        }
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
        List<String> lines = new java.util.ArrayList<>();
        boolean errors = false;
        for (TreeWalk.Located l : TreeWalk.diagnostics(r.target(), true, MAX_NODES, Progress.NONE)) {
            Diagnostic d = l.diagnostic();
            if (d.severity() == Severity.INFO) continue;
            errors |= d.severity() == Severity.ERROR;
            Span span = d.span() != null ? d.span() : l.node().span();
            String offset = span == null ? "0" : span.offsetText();
            lines.add(location(address, l) + ": " + d.severity().label() + " at byte " + offset + ": "
                    + d.rule() + ": " + d.message());
        }
        return new FileReport(lines, errors, null);
    }

    /** The file whose bytes the offset counts in: the argument itself, or a file inside a folder argument. */
    private static String location(String address, TreeWalk.Located l) {
        var src = l.node().source();
        if (src != null) {
            String name = src.name();
            try {
                if (Files.isRegularFile(Path.of(name))) {
                    String arg = address.contains("::") ? address.substring(0, address.indexOf("::")) : address;
                    if (Files.isRegularFile(Path.of(arg)) && Files.isSameFile(Path.of(arg), Path.of(name))) return address;
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
