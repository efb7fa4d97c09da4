package org.packscope.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.apache.spark.sql.SparkSession;

import org.packscope.codec.analysis.ParallelTasks;
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
                    System.out.printf(Locale.ROOT, "spark %-5s %d core(s): %,7d units in %6.1f s = %,8.0f units/s; %s%n",
                            where, cores, r.tally().units(), r.seconds(), r.tally().units() / r.seconds(), perUnit(r, cores));
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
        bigUnits(dir);
    }

    /**
     * The heavier unit kinds on their own, local files: the chunks of a big Pco file (the
     * shared bench's, when ../shared is there), the row ranges of the test's sparse
     * matrices and the column ranges of the BPCells C++ matrix, each with 1 and 2 cores.
     */
    private static void bigUnits(Path dir) throws Exception {
        Path sparse = dir.resolve("big_sparse.h5ad");
        try (var in = LakeBench.class.getResourceAsStream("/lake-sparse/big_sparse.h5ad")) {
            Files.copy(in, sparse);
        }
        Path pco = Path.of("../shared/bench/pco/i64_ts_20m.pco");
        List<List<String>> lakes = new java.util.ArrayList<>();
        lakes.add(List.of(sparse.toString()));
        Path bpcells = dir.resolve("mat_20000x5000_packed_dir");
        Files.createDirectories(bpcells);
        for (String f : List.of("col_names", "idxptr", "index_data", "index_idx", "index_idx_offsets", "index_starts", "row_names",
                "shape", "storage_order", "val_data", "val_idx", "val_idx_offsets", "version")) {
            try (var in = LakeBench.class.getResourceAsStream("/lake-bpcells/mat_20000x5000_packed_dir/" + f)) {
                Files.copy(in, bpcells.resolve(f));
            }
        }
        lakes.add(List.of(bpcells.toString()));
        if (Files.exists(pco)) lakes.add(List.of(pco.toString()));
        else System.out.println("no ../shared/bench/pco/i64_ts_20m.pco: the Pco chunks are left out");
        for (List<String> lake : lakes) {
            for (int cores : new int[] {1, 2}) {
                SparkSession spark = SparkSession.builder().master("local[" + cores + "]").appName("bench")
                        .config("spark.ui.enabled", "false").getOrCreate();
                spark.sparkContext().setLogLevel("ERROR");
                LakeJob.run(spark, lake, null, new LakeJob.Remote(null, null, false)); // warm-up
                LakeReport r = LakeJob.run(spark, lake, null, new LakeJob.Remote(null, null, false));
                spark.stop();
                System.out.printf(Locale.ROOT, "spark %s %d core(s): %,d units in %.1f s = %,.0f units/s; %s%n",
                        Path.of(lake.get(0)).getFileName(), cores, r.tally().units(), r.seconds(), r.tally().units() / r.seconds(), perUnit(r, cores));
            }
        }
    }

    /**
     * What one unit of the large arrays costs: core time (the run's time on all its cores,
     * listing included, over the units) and stored bytes. Time on E executors of C cores
     * for U such units is then about U x cost / (E x C), plus the driver's listing.
     */
    private static String perUnit(LakeReport r, int cores) {
        long units = 0, bytes = 0;
        for (Census.Row c : r.census()) {
            if (c.array.isEmpty()) continue;
            units += c.units;
            bytes += c.bytes;
        }
        double ms = r.seconds() * cores * 1000 / Math.max(1, r.tally().units());
        return String.format(Locale.ROOT, "%.3f ms of a core per unit, chunk/range units %,d of %,d bytes on average (%.1f MB/s stored)",
                ms, units, units == 0 ? 0 : bytes / units, bytes / 1e6 / r.seconds());
    }
}
