package org.packscope.app.cli;

import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import org.packscope.codec.blosc.Simd;
import org.packscope.codec.bpcells.bp128.Bp128Simd;
import org.packscope.codec.compress.NativeCodecs;
import org.packscope.codec.compress.VectorWarmup;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.ColumnPages;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.pco.PcoSimd;
import org.packscope.codec.remote.RemoteStats;

@Command(name = "bench", description = {
        "Decodes all values of PATH N times in one process (fast path, output discarded),",
        "after --warmup seconds of untimed decoding (the JIT compiles the decoders, the",
        "vector routines are warmed), first on one core, then on --threads threads (chunks,",
        "pages, blocks or column ranges decoded in parallel), and ends with one line per figure:",
        "values=V threads=T best_s=S values_per_s=R"})
final class BenchCommand implements Callable<Integer> {

    /** Values read per call on the paged fallback path. */
    private static final int PAGE = 1 << 16;

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--repeat", description = "how many times (default: ${DEFAULT-VALUE})")
    int repeat = 5;

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "untimed decoding before the timed runs (default: ${DEFAULT-VALUE}; 0 for none)")
    double warmup = 2;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads of the all-cores figure (default: the machine's cores); 1 gives only the one-core figure")
    Integer threads;

    @Override
    public Integer call() {
        // requests, bytes and cache hits of the whole run, opening included (a remote PATH)
        RemoteStats.Snapshot remoteBefore = RemoteStats.now();
        long opening = System.nanoTime();
        Node node = Targets.targetOrExplain(cli, path);
        if (node == null) return Cli.EXIT_USAGE;
        double openSeconds = (System.nanoTime() - opening) / 1e9;
        BulkDecoder decoder = decoderFor(node);
        if (decoder == null) {
            cli.err.println("packscope: " + PlainText.escape(path) + " holds no decodable values");
            return Cli.EXIT_USAGE;
        }
        int all = threads == null ? ParallelTasks.cores() : threads;
        if (all < 1) {
            System.err.println("packscope: --threads must be at least 1");
            return Cli.EXIT_USAGE;
        }
        if (warmup < 0 || Double.isNaN(warmup)) {
            System.err.println("packscope: --warmup must be 0 or more seconds");
            return Cli.EXIT_USAGE;
        }
        cli.out.println("decoders: shuffle " + Simd.describe() + ", "
                + NativeCodecs.describe() + ", bp128 " + Bp128Simd.describe()
                + ", pco " + PcoSimd.describe());
        // opening may read values already (a matrix's per-row counts), which later runs find cached
        cli.out.printf(Locale.ROOT, "opened: open_s=%.6f%n", openSeconds);
        if (warmup > 0) warmUp(decoder, all);
        String one = run(decoder, 1);
        String many = all > 1 ? run(decoder, all) : null;
        cli.out.println(one);
        if (many != null) cli.out.println(many);
        RemoteStats.Snapshot cost = RemoteStats.now().minus(remoteBefore);
        if (cost.any()) cli.out.println("remote: " + cost);
        return 0;
    }

    /**
     * Decodes untimed for {@link #warmup} seconds, on one thread and then on {@code threads}:
     * what a JIT-compiled decoder needs before its figure means anything (the vector
     * routines of BP128 are taken only once a background thread has warmed them).
     */
    private void warmUp(BulkDecoder decoder, int threads) {
        long t0 = System.nanoTime();
        long end = t0 + (long) (warmup * 1e9);
        int runs = 0;
        // and on, while vector routines (BP128, the shuffles, Pco) are still being warmed (up to ten times as long)
        long cap = t0 + (long) (10 * warmup * 1e9);
        do {
            decoder.decodeAll(Progress.NONE, runs % 4 == 3 ? threads : 1);
            runs++;
        } while (System.nanoTime() < end
                || VectorWarmup.busy() && System.nanoTime() < cap);
        cli.out.printf(Locale.ROOT, "warm-up: %d decodes in %.1f s%n", runs, (System.nanoTime() - t0) / 1e9);
    }

    /** Best of {@code repeat} runs on {@code n} threads, as the summary line. */
    private String run(BulkDecoder decoder, int n) {
        long values = 0;
        double best = Double.MAX_VALUE;
        for (int i = 0; i < Math.max(1, repeat); i++) {
            long t0 = System.nanoTime();
            values = decodeAsACommandWould(decoder, n);
            double s = (System.nanoTime() - t0) / 1e9;
            best = Math.min(best, s);
            cli.out.printf(Locale.ROOT, "run %d (%d %s): %.6f s%n", i + 1, n, n == 1 ? "thread" : "threads", s);
        }
        return String.format(Locale.ROOT, "values=%d threads=%d best_s=%.6f values_per_s=%.0f", values, n, best, values / best);
    }

    /**
     * A timed decode, as foreground work, which any other command's decode is ({@link Cli}):
     * with {@code --warmup 0} the first figure is what a person's first decode gets.
     */
    static long decodeAsACommandWould(BulkDecoder decoder, int threads) {
        try (VectorWarmup.Foreground f = VectorWarmup.foreground()) {
            return decoder.decodeAll(Progress.NONE, threads);
        }
    }

    /** The format's own fast path, or paged reads of its values or matrix entries. */
    static BulkDecoder decoderFor(Node node) {
        BulkDecoder own = node.facet(BulkDecoder.class);
        if (own != null) return own;
        ValueColumn column = node.values();
        if (column != null && column.type().numeric()) {
            // pages decoded on the threads asked for, handed over in order, as an export reads them
            return (progress, threads) -> {
                ColumnPages.read(column, 0, column.count(), PAGE, ColumnPages.Read.VALUES, threads, progress, (page, k) -> { });
                return column.count();
            };
        }
        SparseMatrix matrix = node.facet(SparseMatrix.class);
        if (matrix != null) {
            return (progress, threads) -> {
                long[] count = {0};
                matrix.forEachEntry((r, c, v) -> count[0]++, progress);
                return count[0];
            };
        }
        return null;
    }
}
