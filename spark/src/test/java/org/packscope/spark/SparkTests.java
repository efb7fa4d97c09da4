package org.packscope.spark;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.apache.spark.sql.SparkSession;

import org.packscope.codec.format.CheckReport;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Progress;

/** What the Spark tests share: one local[2] session per test class, and single-machine check. */
final class SparkTests {
    private SparkTests() { }

    static SparkSession session() {
        SparkSession s = SparkSession.builder().master("local[2]").appName("packscope-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                // the smallest limit Spark allows on the results one action brings to the driver: the
                // job and the tests read a lake's results a partition at a time (2,000 units, well
                // under 1 MB), never all at once (the 102,000 chunks' results are megabytes)
                .config("spark.driver.maxResultSize", "1m").getOrCreate();
        s.sparkContext().setLogLevel("ERROR");
        return s;
    }

    /**
     * The lines single-machine {@code check} prints for the addresses (the codec's check, every
     * verifier run), the addresses checked side by side as {@code check} does.
     */
    static Set<String> checkLines(List<String> addresses) {
        FormatRegistry registry = FormatRegistry.standard();
        Set<String> lines = new TreeSet<>();
        for (List<String> one : ParallelTasks.map(addresses.size(), ParallelTasks.cores(), Progress.NONE, i -> {
            FormatRegistry.Resolved r = registry.resolve(addresses.get(i));
            try (Node root = r.root()) {
                return CheckReport.of(addresses.get(i), r.target()).lines();
            }
        })) {
            lines.addAll(one);
        }
        return lines;
    }

    static Set<String> lines(LakeReport r) {
        Set<String> out = new TreeSet<>();
        r.problems().forEach(p -> out.add(p.line()));
        return out;
    }

    static LakeReport run(SparkSession spark, Path out, Path previous, List<String> addresses) throws Exception {
        LakeCheck.Options o = new LakeCheck.Options(null, out, previous, new LakeJob.Remote(null, null, false), addresses);
        LakeReport r = LakeJob.run(spark, o.addresses(), o.previous(), o.remote());
        LakeOutput.write(spark, out, r);
        return r;
    }
}
