package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two commands users run, on the packaged jar, each in a JVM of its own: spark-submit
 * (its class, {@code org.apache.spark.deploy.SparkSubmit}, as the script runs it, with
 * Spark's jars on the class path as on a cluster) and the documented local-mode command.
 * Both give single-machine check's lines and its exit status.
 */
class LakeCheckCommandIT {
    private static final Path TARGET = Path.of("target").toAbsolutePath();

    @Test
    void sparkSubmitAndLocalModeGiveCheckResults(@TempDir Path dir) throws Exception {
        ZarrLake.Truth t = ZarrLake.v2Blosc(dir.resolve("store.zarr"), 10_100, 5, 4, 3, 7);
        FolderLake files = FolderLake.make(dir.resolve("files"), 1, 1);
        List<String> addresses = List.of(dir.resolve("store.zarr").toString(), files.folder.toString());
        // check's addresses: the store, and each file of the folder (the job's units)
        List<String> units = new ArrayList<>(List.of(addresses.get(0)));
        units.addAll(files.entries);
        Set<String> check = SparkTests.checkLines(units);
        assertTrue(check.size() > t.damaged.size(), check.size() + " lines");

        String jar = TARGET.resolve("packscope-spark.jar").toString();
        String lib = TARGET.resolve("lib") + File.separator + "*";
        List<String> submit = new ArrayList<>(List.of("-cp", lib, "org.apache.spark.deploy.SparkSubmit", "--master", "local[2]",
                "--conf", "spark.ui.enabled=false", "--class", "org.packscope.spark.LakeCheck", jar));
        submit.addAll(addresses);
        submit.addAll(List.of("--out", dir.resolve("submitted").toString()));
        assertEquals(1, java(dir, dir, submit));
        assertEquals(check, lines(dir.resolve("submitted")));

        List<String> local = new ArrayList<>(List.of("-cp", jar + File.pathSeparator + lib, "org.packscope.spark.LakeCheck", "--master", "local[2]"));
        local.addAll(addresses);
        local.addAll(List.of("--out", dir.resolve("local").toString()));
        assertEquals(1, java(dir, dir, local));
        assertEquals(check, lines(dir.resolve("local")));
    }

    /**
     * {@code packscope check --spark local[2]} (the application's jar, which has no Spark in
     * it, finding this module's jar in the source checkout) runs the job: the job's summary,
     * census lines equal to check's, and check's exit status.
     */
    @Test
    void checkWithSparkOnTheCommandLine(@TempDir Path dir) throws Exception {
        ZarrLake.Truth t = ZarrLake.v2Blosc(dir.resolve("store.zarr"), 10_050, 3, 2, 2, 11);
        FolderLake files = FolderLake.make(dir.resolve("files"), 1, 1);
        List<String> units = new ArrayList<>(List.of(dir.resolve("store.zarr").toString()));
        units.addAll(files.entries);
        Set<String> check = SparkTests.checkLines(units);
        assertTrue(check.size() > t.damaged.size(), check.size() + " lines");
        Path app = TARGET.resolveSibling("..").resolve("app").resolve("target").resolve("packscope.jar").normalize();
        assertTrue(Files.isRegularFile(app), app + " is built before this module (its test dependency)");
        Path log = dir.resolve("check.log");
        int code = java(dir, dir, log, List.of("-jar", app.toString(), "check", "--spark", "local[2]", "--out", dir.resolve("census").toString(),
                dir.resolve("store.zarr").toString(), files.folder.toString()));
        assertEquals(1, code, Files.readString(log));
        assertEquals(check, lines(dir.resolve("census")));
        assertTrue(Files.readString(log).contains("packscope lake check: "), Files.readString(log));
    }

    /**
     * The census the window's tests open (the app's test resources, {@code lake-census/}) is
     * this job's output on that lake, run from the folder that holds it with a relative
     * address. With {@code -Dpackscope.census.record=true} the lake is made again and the
     * census recorded; else the job runs on a copy of the recorded lake and must write the
     * same lines (all but the volatile fields: modification times, the folder run in).
     */
    @Test
    void theWindowsRecordedCensusIsTheJobsOutput(@TempDir Path dir) throws Exception {
        Path resource = Path.of(System.getProperty("packscope.census.resource"));
        boolean record = Boolean.getBoolean("packscope.census.record");
        Path run = record ? resource : dir;
        if (record) {
            deleteTree(resource);
            CensusLake.make(resource.resolve("lake"));
        } else {
            copyTree(resource.resolve("lake"), dir.resolve("lake"));
        }
        String jar = TARGET.resolve("packscope-spark.jar").toString();
        String lib = TARGET.resolve("lib") + File.separator + "*";
        assertEquals(1, java(run, dir, List.of("-cp", jar + File.pathSeparator + lib, "org.packscope.spark.LakeCheck",
                "--master", "local[2]", "lake", "--out", "census")));
        if (record) {
            // the census travels with its lake: its relative addresses are then read beside it
            Path census = run.resolve("census").resolve("census.jsonl");
            List<String> lines = new ArrayList<>(Files.readAllLines(census));
            var head = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(lines.get(0));
            head.remove("working_directory");
            lines.set(0, head.toString());
            Files.write(census, lines);
        }
        for (String table : List.of("census", "units", "diagnostics")) {
            if (record) deleteTree(run.resolve("census").resolve(table + ".parquet"));
            else assertEquals(stable(resource.resolve("census").resolve(table + ".jsonl")), stable(run.resolve("census").resolve(table + ".jsonl")), table);
        }
        List<String> problems = Files.readAllLines(run.resolve("census").resolve("diagnostics.jsonl"));
        assertTrue(problems.stream().anyMatch(l -> l.contains("\"kind\":\"chunk\"") && l.contains("\"unit\":\"" + CensusLake.TRUNCATED + "\"")), "the cut chunk");
        assertTrue(problems.stream().anyMatch(l -> l.contains("\"kind\":\"chunk\"") && l.contains("\"unit\":\"" + CensusLake.BAD_HEADER + "\"")), "the bad header");
    }

    /** A JSON-lines file's rows without the fields that change from run to run. */
    private static List<String> stable(Path jsonl) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> rows = new ArrayList<>();
        for (String l : Files.readAllLines(jsonl)) {
            var n = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(l);
            n.remove(List.of("fingerprint", "working_directory"));
            rows.add(n.toString());
        }
        return rows;
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (var s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t); else Files.copy(p, t);
            }
        }
    }

    private static void deleteTree(Path p) throws Exception {
        if (!Files.exists(p)) return;
        try (var s = Files.walk(p)) {
            for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(q);
        }
    }

    /** Runs java in {@code cwd} with Spark's JDK 17 options and {@code args} (its log in {@code dir}); its exit status. */
    private static int java(Path cwd, Path dir, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(Arrays.asList(System.getProperty("spark.opens").trim().split("\\s+")));
        cmd.addAll(args);
        return java(cwd, dir, Files.createTempFile(dir, "run", ".log"), cmd);
    }

    /** Runs java in {@code cwd} with {@code args} only, its output to {@code log}; its exit status. */
    private static int java(Path cwd, Path dir, Path log, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx1g");
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        // the module is found where it was built, not where the environment may point
        pb.environment().remove("PACKSCOPE_SPARK");
        Process p = pb.directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "still running after 5 minutes");
        System.out.println(Files.readString(log).lines().filter(l -> l.startsWith("packscope") || l.startsWith("  ")).reduce("", (a, b) -> a + b + "\n"));
        return p.exitValue();
    }

    private static Set<String> lines(Path out) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Set<String> lines = new TreeSet<>();
        for (String l : Files.readAllLines(out.resolve("diagnostics.jsonl"))) lines.add(json.readTree(l).path("line").asText());
        return lines;
    }
}
