package org.packscope.spark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.spark.api.java.JavaRDD;

/**
 * A run's results. Every unit's result stays in the distributed dataset (cached where it
 * was computed); the driver keeps only what the summary and the exit status need: the
 * counts, the census (one row per array) and the first problem lines, gathered while the
 * results stream past it a partition at a time. {@link #seconds} is the time from listing
 * to the last result; {@link #results} holds every unit's, in the order they were listed.
 */
public final class LakeReport {
    private final List<String> addresses;
    private final JavaRDD<UnitResult> results;
    private final Tally tally;
    private final List<Census.Row> census;
    private final double seconds;
    /** Every result, once a test asked for them all. */
    private List<UnitResult> collected;

    LakeReport(List<String> addresses, JavaRDD<UnitResult> results, Tally tally, List<Census.Row> census, double seconds) {
        this.addresses = addresses;
        this.results = results;
        this.tally = tally;
        this.census = census;
        this.seconds = seconds;
    }

    public List<String> addresses() { return addresses; }

    JavaRDD<UnitResult> results() { return results; }

    Tally tally() { return tally; }

    public List<Census.Row> census() { return census; }

    public double seconds() { return seconds; }

    /** Problem lines the summary shows at most. */
    static final int FIRST_PROBLEMS = 8;

    /** What the driver keeps of the results: counts and the first problems, whatever the lake's size. */
    static final class Tally {
        private final Map<String, Long> byStatus = new TreeMap<>();
        private final List<Problem> first = new ArrayList<>();
        private long units, errors, warnings;

        void add(UnitResult u) {
            units++;
            byStatus.merge(u.status(), 1L, Long::sum);
            for (Problem p : u.problems()) {
                if (p.error()) errors++;
                else warnings++;
                if (first.size() < FIRST_PROBLEMS) first.add(p);
            }
        }

        long units() { return units; }

        long count(String status) { return byStatus.getOrDefault(status, 0L); }

        long errors() { return errors; }

        long warnings() { return warnings; }

        List<Problem> first() { return first; }
    }

    /** Like {@code check}'s: 0 no errors (warnings allowed), 1 errors found, 2 something could not be read. */
    public int exitStatus() {
        if (tally.count(UnitResult.UNREADABLE) > 0) return 2;
        return tally.errors() > 0 ? 1 : 0;
    }

    /** The results one partition at a time, in the listed order: the driver holds one partition at most. */
    Iterator<UnitResult> stream() { return results.toLocalIterator(); }

    /** Every result in one list: for tests and small lakes only (it holds them all on the driver). */
    public synchronized List<UnitResult> collected() {
        if (collected == null) {
            List<UnitResult> all = new ArrayList<>();
            stream().forEachRemaining(all::add);
            collected = List.copyOf(all);
        }
        return collected;
    }

    /** Every problem, unit by unit: for tests and small lakes only. */
    public List<Problem> problems() {
        return collected().stream().flatMap(u -> u.problems().stream()).toList();
    }

    long count(String status) { return tally.count(status); }

    /** Lets go of the cached results. */
    void release() { results.unpersist(false); }
}
