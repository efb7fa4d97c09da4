package org.packscope.spark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

import org.packscope.codec.remote.RemoteSettings;

/**
 * The job: the driver lists the units (metadata read once), Spark spreads them over its
 * executors, each checks its units with the codec, and the results stay there, cached,
 * in the order the units were listed; the driver tallies them a partition at a time.
 */
public final class LakeJob {
    /** Units per task at least: fewer would spend more on scheduling than on checking. */
    static final int UNITS_PER_TASK = 2_000;

    /**
     * What the executors need to reach remote stores: the settings given on the command
     * line (credentials come from each executor's own standard chain, never from here).
     */
    record Remote(String endpoint, String region, boolean anonymous) implements java.io.Serializable {
        void apply() {
            if (endpoint != null) RemoteSettings.endpoint(endpoint);
            if (region != null) RemoteSettings.region(region);
            if (anonymous) RemoteSettings.anonymous(true);
        }
    }

    private LakeJob() { }

    public static LakeReport run(SparkSession spark, List<String> addresses, Path previous, Remote remote) throws IOException {
        long start = System.nanoTime();
        remote.apply();
        UnitLister listed = UnitLister.list(addresses);
        Map<String, PreviousCensus.Unit> before = previous == null ? null : PreviousCensus.read(previous);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<Map<String, PreviousCensus.Unit>> shared = before == null ? null : jsc.broadcast(before);
        int cores = jsc.defaultParallelism();
        int tasks = Math.max(1, Math.max(Math.min(listed.units.size(), cores * 2), listed.units.size() / UNITS_PER_TASK));
        // what the driver found itself comes first, then every unit, in the order listed
        JavaRDD<UnitResult> results = jsc.parallelize(listed.found, 1);
        if (!listed.units.isEmpty()) {
            results = results.union(jsc.parallelize(listed.units, tasks).mapPartitions(units -> {
                remote.apply();
                Map<String, PreviousCensus.Unit> prev = shared == null ? null : shared.value();
                return new java.util.Iterator<UnitResult>() {
                    @Override public boolean hasNext() { return units.hasNext(); }

                    @Override public UnitResult next() { return Checkers.check(units.next(), prev); }
                };
            }));
        }
        // checked in parallel once and kept where computed; the driver then reads them a partition at a time
        results = results.persist(StorageLevel.MEMORY_AND_DISK_SER());
        results.count();
        // kept on the driver: reading the cached results again may ship the tasks again
        if (shared != null) shared.unpersist(false);
        Checkers.release();
        double seconds = (System.nanoTime() - start) / 1e9;
        LakeReport.Tally tally = new LakeReport.Tally();
        Census census = new Census(listed.arrays);
        for (java.util.Iterator<UnitResult> it = results.toLocalIterator(); it.hasNext(); ) {
            UnitResult u = it.next();
            tally.add(u);
            census.add(u);
        }
        return new LakeReport(List.copyOf(addresses), results, tally, census.rows(), seconds);
    }
}
