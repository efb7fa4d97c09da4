package org.packscope.app.cli;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import org.packscope.codec.compare.MatrixCompare;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.analysis.TreeDiff;

@Command(name = "diff", description = {
        "Compares two files of the same format structure by structure: fields, chunks and values.",
        "Matrices of two different formats (BPCells, AnnData, 10x; or files holding one each) are compared entry by entry, with names.",
        "Exit 0 = no differences, 1 = differences found, 2 = cannot read or bad usage."})
final class DiffCommand implements Callable<Integer> {

    /** Levels of nesting followed; deeper than this the comparison says where it stopped. */
    private static final int MAX_DEPTH = 100_000;

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "LEFT")
    String left;

    @Parameters(index = "1", paramLabel = "RIGHT")
    String right;

    @Option(names = "--max", description = "differences listed at most (default: ${DEFAULT-VALUE})")
    int max = 1000;

    @Option(names = "--max-values", description = "differing values listed per node at most (default: ${DEFAULT-VALUE})")
    int maxValues = 20;

    @Override
    public Integer call() {
        if (max < 0 || maxValues < 0) {
            cli.err.println("packscope: --max and --max-values cannot be negative");
            return Cli.EXIT_USAGE;
        }
        Node a = Targets.targetOrExplain(cli, left);
        Node b = a == null ? null : Targets.targetOrExplain(cli, right);
        if (b == null) return Cli.EXIT_USAGE;
        cli.working = left + " / " + right;
        TreeDiff.Result r;
        if (MatrixCompare.applies(a, b)) {
            // a matrix against a matrix of another format (a conversion to check) is compared entry by entry
            cli.out.println(PlainText.forDisplay(MatrixCompare.heading(a, b)));
            List<TreeDiff.Difference> found = MatrixCompare.diff(a, b, max, Progress.NONE);
            r = found.size() >= max
                    ? new TreeDiff.Result(found, found.size(), "the matrices' entries", "--max " + max + " differences listed")
                    : new TreeDiff.Result(found, found.size(), null, null);
        } else {
            r = TreeDiff.compare(a, b, new TreeDiff.Limits(max, maxValues, MAX_DEPTH), Progress.NONE);
        }
        for (TreeDiff.Difference d : r.differences()) {
            cli.out.println(PlainText.escape(d.path()) + ": " + PlainText.forDisplay(d.what()) + where(d.leftSpan(), d.rightSpan())
                    + ": " + show(d.left()) + " → " + show(d.right()));
        }
        if (!r.complete()) {
            // never "no differences" for a comparison that did not reach the end
            cli.out.println("comparison stopped early at " + PlainText.escape(r.stoppedAt()) + ": " + r.why());
        }
        long listedCount = r.differences().stream().filter(d -> !d.what().equals("more values differ")).count();
        String count = (r.complete() ? "" : "at least ") + r.headline()
                + (r.found() > listedCount ? ", " + listedCount + " listed (--max " + max + ")" : "");
        cli.out.println(r.same() ? "no differences" : r.found() == 0 ? "no differences up to where the comparison stopped" : count);
        return r.same() ? 0 : 1;
    }

    private static String where(Span l, Span r) {
        if (l == null && r == null) return "";
        if (l != null && r != null && l.startBit() == r.startBit()) return " (at byte " + l.offsetText() + ")";
        return " (at byte " + (l == null ? "—" : l.offsetText()) + " / " + (r == null ? "—" : r.offsetText()) + ")";
    }

    private static String show(String raw) {
        if (raw == null || raw.isEmpty()) return "(none)";
        String s = PlainText.forDisplay(raw);
        return s.length() > 80 ? s.substring(0, 77) + "…" : s;
    }
}
