package org.packscope.app.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.TreeDiff;
import org.packscope.codec.sparse.MatrixCompare;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "diff", description = {
        "Compares two files of the same format structure by structure: fields, chunks and values.",
        "Matrices of two different formats (BPCells, AnnData, 10x; or files holding one each) are compared entry by entry, with names.",
        "Exit 0 = no differences, 1 = differences found, 2 = cannot read or bad usage."})
final class DiffCommand implements Callable<Integer> {

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
        Node a = Targets.targetOrExplain(cli.registry, left);
        Node b = a == null ? null : Targets.targetOrExplain(cli.registry, right);
        if (b == null) return Cli.EXIT_USAGE;
        // a matrix against a matrix (a conversion to check) is compared entry by entry, not container by container
        boolean matrices = MatrixCompare.applies(a, b);
        if (matrices) cli.out.println(MatrixCompare.heading(a, b));
        List<TreeDiff.Difference> diffs = matrices ? MatrixCompare.diff(a, b, max, Progress.NONE)
                : TreeDiff.diff(a, b, new TreeDiff.Limits(max, maxValues, 64), Progress.NONE);
        for (TreeDiff.Difference d : diffs) {
            cli.out.println(d.path() + ": " + d.what() + where(d.leftSpan(), d.rightSpan()) + ": " + show(d.left()) + " → " + show(d.right()));
        }
        cli.out.println(diffs.isEmpty() ? "no differences" : diffs.size() + (diffs.size() == 1 ? " difference" : " differences")
                + (diffs.size() >= max ? " (listing stopped at --max)" : ""));
        return diffs.isEmpty() ? 0 : 1;
    }

    private static String where(Span l, Span r) {
        if (l == null && r == null) return "";
        if (l != null && r != null && l.startBit() == r.startBit()) return " (at byte " + l.offsetText() + ")";
        return " (at byte " + (l == null ? "—" : l.offsetText()) + " / " + (r == null ? "—" : r.offsetText()) + ")";
    }

    private static String show(String s) {
        return s == null || s.isEmpty() ? "(none)" : s.length() > 80 ? s.substring(0, 77) + "…" : s;
    }
}
