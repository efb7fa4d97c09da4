package org.packscope.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.apache.spark.sql.SparkSession;

import org.packscope.codec.inspect.ParallelTasks;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.remote.LocalS3;
import org.packscope.codec.remote.RemoteSettings;

/**
 * Units checked per second (not a test; bench/spark-lake.sh runs it): a Zarr store of
 * {@code CHUNKS} Blosc chunks and a folder of sample files, checked by the Spark job with
 * 1 and 2 executor cores, from local files and through the S3 server, next to
 * single-machine check (the codec's, one address per thread) on the same addresses.
 */
public final class LakeBench {
    private LakeBench() { }

    public static void main(String[] args) throws Exception {
        int chunks = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        Path dir = Files.createTempDirectory("lake-bench");
        Path local = dir.resolve("lake");
        ZarrLake.v2Blosc(local.resolve("store.zarr"), chunks, 10, 10, 10, 1);
        FolderLake files = FolderLake.make(local.resolve("files"), 4, 4);
        List<String> here = List.of(local.resolve("store.zarr").toString(), local.resolve("files").toString());
        long bytes = Files.walk(local).filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        System.out.printf(Locale.ROOT, "lake: %,d chunks + %,d files, %,d bytes%n", chunks, files.entries.size(), bytes);
        try (LocalS3 s3 = new LocalS3()) {
            s3.upload("bench", local);
            s3.signIn();
            List<String> remote = List.of("s3://bench/store.zarr", "s3://bench/files");
            for (String where : List.of("local", "s3")) {
                List<String> addresses = where.equals("local") ? here : remote;
                LakeJob.Remote settings = new LakeJob.Remote(where.equals("s3") ? s3.endpoint() : null, null, false);
                settings.apply();
                for (int cores : new int[] {1, 2}) {
                    SparkSession spark = SparkSession.builder().master("local[" + cores + "]").appName("bench")
                            .config("spark.ui.enabled", "false").getOrCreate();
                    spark.sparkContext().setLogLevel("ERROR");
                    LakeJob.run(spark, addresses, null, settings); // warm-up
                    LakeReport r = LakeJob.run(spark, addresses, null, settings);
                    spark.stop();
                    System.out.printf(Locale.ROOT, "spark %-5s %d core(s): %,7d units in %6.1f s = %,8.0f units/s%n",
                            where, cores, r.results().size(), r.seconds(), r.results().size() / r.seconds());
                }
                long units = chunks + files.entries.size();
                for (int threads : new int[] {1, 2}) {
                    long t0 = System.nanoTime();
                    List<String> per = addresses.size() == 1 ? addresses : List.of(addresses.get(0));
                    // check's way: one address per thread (the store is one address, the files each one)
                    List<String> all = new java.util.ArrayList<>(per);
                    all.addAll(files.entries.stream().map(a -> where.equals("s3") ? a.replace(local.toString(), "s3://bench") : a).toList());
                    ParallelTasks.map(all.size(), threads, Progress.NONE, i -> SparkTests.checkLines(List.of(all.get(i))));
                    double s = (System.nanoTime() - t0) / 1e9;
                    System.out.printf(Locale.ROOT, "check %-5s %d thread(s): %,7d units in %6.1f s = %,8.0f units/s%n", where, threads, units, s, units / s);
                }
            }
        } finally {
            RemoteSettings.endpoint(null);
        }
    }
}
