package org.packscope.spark;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Checks a data lake on Spark: {@code LakeCheck [--master URL] [--previous DIR]
 * [--endpoint URL] [--region R] [--anonymous] --out DIR ADDRESS...}. Under
 * {@code spark-submit} the master comes from spark-submit; run directly it is
 * {@code --master}, else {@code local[*]}. Exit status as {@code check}'s.
 */
public final class LakeCheck {
    static final String USAGE = """
            usage: LakeCheck [--master URL] --out DIR [--previous DIR] [--endpoint URL] [--region R] [--anonymous] ADDRESS...
              ADDRESS   a file, a folder (listed file by file), a Zarr store, an s3:// or http(s):// address, or @FILE (a list, one address a line)
              --out     where the diagnostics, units and census go (JSON lines and Parquet)
              --previous a former --out: units whose size, time and ETag did not change are not checked again
            exit 0 = no errors, 1 = errors found, 2 = cannot read or bad usage""";

    /** The parsed command line. */
    record Options(String master, Path out, Path previous, LakeJob.Remote remote, List<String> addresses) { }

    private LakeCheck() { }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("packscope: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        SparkConf conf = new SparkConf();
        SparkSession.Builder b = SparkSession.builder().appName("packscope-lake-check");
        if (o.master() != null) b.master(o.master());
        else if (!conf.contains("spark.master")) b.master("local[*]");
        SparkSession spark = b.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            return run(spark, o, out);
        } catch (java.io.IOException e) {
            err.println("packscope: " + e.getMessage());
            return 2;
        } finally {
            spark.stop();
        }
    }

    /** Runs the job on {@code spark}, writes the tables under {@code o.out()} and prints the summary; returns the exit status. */
    static int run(SparkSession spark, Options o, PrintStream out) throws java.io.IOException {
        LakeReport report = LakeJob.run(spark, o.addresses(), o.previous(), o.remote());
        try {
            LakeOutput.write(spark, o.out(), report);
            summary(report, o.out(), out);
            return report.exitStatus();
        } finally {
            report.release();
        }
    }

    static Options parse(String[] args) {
        String master = null, endpoint = null, region = null;
        Path out = null, previous = null;
        boolean anonymous = false;
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--master" -> master = value(args, ++i, a);
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--previous" -> previous = Path.of(value(args, ++i, a));
                case "--endpoint" -> endpoint = value(args, ++i, a);
                case "--region" -> region = value(args, ++i, a);
                case "--anonymous" -> anonymous = true;
                default -> {
                    if (a.startsWith("--")) throw new IllegalArgumentException("unknown option " + a);
                    addresses.add(a);
                }
            }
        }
        if (out == null) throw new IllegalArgumentException("--out DIR is needed");
        if (addresses.isEmpty()) throw new IllegalArgumentException("at least one ADDRESS is needed");
        return new Options(master, out, previous, new LakeJob.Remote(endpoint, region, anonymous), addresses);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }

    /** One screen: counts, the arrays with the most damage, the first problem lines, where the tables are. */
    static void summary(LakeReport r, Path dir, PrintStream out) {
        long n = r.tally().units();
        out.printf(Locale.ROOT, "packscope lake check: %,d units in %.1f s (%,.0f units/s)%n", n, r.seconds(), n / Math.max(1e-9, r.seconds()));
        long missing = r.census().stream().mapToLong(c -> c.missing).sum();
        out.printf(Locale.ROOT, "  valid %,d · damaged %,d · missing (fill value) %,d · unreadable %,d · skipped unchanged %,d%n",
                r.count(UnitResult.VALID), r.count(UnitResult.DAMAGED), missing, r.count(UnitResult.UNREADABLE), r.count(UnitResult.SKIPPED));
        List<Census.Row> worst = r.census().stream().filter(c -> c.damaged + c.unreadable > 0)
                .sorted(Comparator.comparingLong((Census.Row c) -> -(c.damaged + c.unreadable))).limit(5).toList();
        for (Census.Row c : worst) {
            String name = c.array.isEmpty() ? c.origin + " (files)" : c.address + "::" + c.array;
            out.printf(Locale.ROOT, "  %s: %,d of %,d units damaged, %,d unreadable%n", name, c.damaged, c.units, c.unreadable);
        }
        List<Problem> ps = r.tally().first();
        out.printf(Locale.ROOT, "  %,d errors, %,d warnings%s%n", r.tally().errors(), r.tally().warnings(), ps.isEmpty() ? "" : "; the first:");
        ps.forEach(p -> out.println("    " + p.line()));
        out.println("  tables: " + dir.resolve(LakeOutput.CENSUS + ".jsonl") + ", " + LakeOutput.UNITS + ".jsonl, "
                + LakeOutput.DIAGNOSTICS + ".jsonl and *.parquet beside it");
    }
}
