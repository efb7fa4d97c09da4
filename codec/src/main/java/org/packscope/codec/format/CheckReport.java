package org.packscope.codec.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.packscope.codec.analysis.DiagnosticPlace;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.RuleCap;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MappedFileSource;

/**
 * What {@code check} says about one address: its problem lines, each with the parts a
 * table needs (where, severity, rule, place, message). The CLI prints the lines; a
 * distributed check keeps the parts. At most {@link RuleCap#PER_RULE} problems of one rule
 * per file, then one saying how many more.
 */
public final class CheckReport {
    /** Nodes walked at most in one address. */
    public static final int MAX_NODES = 2_000_000;

    /** One problem: {@code line} is exactly what {@code check} prints for it. */
    public record Problem(String location, Severity severity, String rule, DiagnosticPlace place, String message, String line) { }

    private final List<Problem> problems;
    private final boolean errors;

    private CheckReport(List<Problem> problems, boolean errors) {
        this.problems = List.copyOf(problems);
        this.errors = errors;
    }

    public List<Problem> problems() { return problems; }

    public boolean errors() { return errors; }

    public List<String> lines() { return problems.stream().map(Problem::line).toList(); }

    /** The report of {@code target} (resolved from {@code address}), every verifier run. */
    public static CheckReport of(String address, Node target) {
        return of(address, target, n -> true);
    }

    /**
     * The report of {@code target}, running the verifiers of the nodes {@code verify} accepts
     * (a distributed check runs the others' work elsewhere, unit by unit). A failure no
     * reader caught is this address's problem, said in one line.
     */
    public static CheckReport of(String address, Node target, Predicate<Node> verify) {
        return of(address, target, verify, (n, d) -> true);
    }

    /** As above, keeping only the problems {@code keep} accepts (a distributed check says the others in other units). */
    public static CheckReport of(String address, Node target, Predicate<Node> verify,
                                 java.util.function.BiPredicate<Node, Diagnostic> keep) {
        try {
            List<TreeWalk.Located> found = TreeWalk.diagnostics(target, verify, MAX_NODES, Progress.NONE);
            return report(address, found.stream().filter(l -> keep.test(l.node(), l.diagnostic())).toList());
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return failed(address, e);
        }
    }

    /** The one line of an address whose check failed as a whole. */
    public static CheckReport failed(String address, Throwable e) {
        String where = PlainText.escape(address);
        var changed = MappedFileSource.explain(e);
        Problem p = changed != null
                ? new Problem(where, Severity.ERROR, "truncated", new DiagnosticPlace(Span.bytes(changed.offset(), 0), DiagnosticPlace.Kind.FILE, null),
                        PlainText.forDisplay(changed.getMessage()), where + ": " + failureLine(e))
                : new Problem(where, Severity.ERROR, failureRule(e), new DiagnosticPlace(null, DiagnosticPlace.Kind.NONE, null),
                        PlainText.forDisplay(PlainText.describe(e)), where + ": " + failureLine(e));
        return new CheckReport(List.of(p), true);
    }

    /** {@code error with no byte offset: RULE: message} for a failure no reader caught (it has no place). */
    public static String failureLine(Throwable e) {
        // a file cut short while mapped: the JVM's fault, said as the truncation it is, where the bytes end now
        var changed = MappedFileSource.explain(e);
        if (changed != null) {
            return "error at byte " + changed.offset() + ": truncated: " + PlainText.forDisplay(changed.getMessage());
        }
        return "error with no byte offset: " + failureRule(e) + ": " + PlainText.forDisplay(PlainText.describe(e));
    }

    public static String failureRule(Throwable e) {
        if (e instanceof OutOfMemoryError) return "too_large_to_hold";
        if (e instanceof StackOverflowError) return "too_deep";
        if (e instanceof java.io.IOException) return "write_failed";
        return "internal_error";
    }

    /** The line {@code check} prints for {@code d} at {@code place}, said of {@code where} (escaped already). */
    public static String line(String where, Diagnostic d, DiagnosticPlace place) {
        return where + ": " + d.severity().label() + " " + place.sentence() + ": " + d.rule() + ": " + PlainText.forDisplay(d.message());
    }

    private static CheckReport report(String address, List<TreeWalk.Located> found) {
        List<Problem> out = new ArrayList<>();
        boolean errors = false;
        RuleCap<String> repeats = new RuleCap<>();
        Map<String, String> lineStart = new HashMap<>();
        Map<String, DiagnosticPlace> firstHidden = new HashMap<>();
        for (TreeWalk.Located l : found) {
            Diagnostic d = l.diagnostic();
            if (d.severity() == Severity.INFO) continue;
            errors |= d.severity() == Severity.ERROR;
            String where = PlainText.escape(location(address, l));
            // the cap counts per node that found the problems: a folder's verifier speaking of
            // 15,000 chunk files names each file, but says "and N more" as one node
            String key = (d.source() == null ? where : PlainText.escape(location(address, l.node(), l.node().source()))) + "\u0000" + d.rule();
            if (!repeats.admit(key, d)) {
                lineStart.putIfAbsent(key, where);
                firstHidden.putIfAbsent(key, DiagnosticPlace.of(l));
                continue;
            }
            out.add(problem(where, d, DiagnosticPlace.of(l)));
        }
        repeats.forEachSummary((key, d) -> out.add(problem(lineStart.get(key), d, firstHidden.get(key))));
        return new CheckReport(out, errors);
    }

    /** The problem {@code d}, held by {@code node} of the tree opened from {@code address}, as {@code check} says it (no cap). */
    public static Problem problem(String address, Node node, Diagnostic d) {
        TreeWalk.Located l = new TreeWalk.Located(node, d);
        return problem(PlainText.escape(location(address, l)), d, DiagnosticPlace.of(l));
    }

    private static Problem problem(String where, Diagnostic d, DiagnosticPlace place) {
        return new Problem(where, d.severity(), d.rule(), place, PlainText.forDisplay(d.message()), line(where, d, place));
    }

    /** The file whose bytes the offset counts in: the argument itself, or a file inside a folder argument. */
    private static String location(String address, TreeWalk.Located l) {
        return location(address, l.node(), l.diagnostic().source() != null ? l.diagnostic().source() : l.node().source());
    }

    /** The file whose bytes {@code src} are, as {@code check} names it, or the place of {@code node} inside the address. */
    private static String location(String address, Node node, ByteSource src) {
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
        String inner = node.path();
        String file = address.contains("::") ? address.substring(0, address.indexOf("::")) : address;
        if (inner.isEmpty()) return address;
        if (!address.contains("::")) {
            String real = realPathPrefix(file, inner);
            if (real != null) return real;
        }
        return file + "::" + inner;
    }

    /**
     * A node under a folder argument named as the files beside it are: its real path as far
     * as it is one (a folder, a file in it), then {@code ::} and the part inside that file;
     * null when the argument is no local folder or the node's first step is no entry of it.
     */
    private static String realPathPrefix(String folder, String inner) {
        try {
            Path p = FormatRegistry.pathOf(folder);
            if (!Files.isDirectory(p)) return null;
            String[] steps = inner.split("/");
            int k = 0;
            while (k < steps.length && Files.isDirectory(p) && !steps[k].isEmpty() && Files.exists(p.resolve(steps[k]))) {
                p = p.resolve(steps[k]);
                k++;
            }
            if (k == 0) return null;
            String real = (folder.endsWith("/") ? folder : folder + "/") + String.join("/", java.util.Arrays.asList(steps).subList(0, k));
            return k == steps.length ? real : real + "::" + String.join("/", java.util.Arrays.asList(steps).subList(k, steps.length));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
