package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --spark}: where the spark module is not built, one message says how to get
 * it, with the usage status; where it is, the job's command line carries the module's JVM
 * options, its jar and Spark's, the master, the census folder and the addresses. (The job
 * itself runs from the command line in the spark module's LakeCheckCommandIT.)
 */
class SparkCheckCliTest {
    @AfterEach
    void forgetHome() {
        System.clearProperty(SparkRelaunch.HOME_PROPERTY);
    }

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(out, true), new PrintStream(err, true));
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void withoutTheModuleItSaysHowToBuildIt(@TempDir Path empty) throws Exception {
        System.setProperty(SparkRelaunch.HOME_PROPERTY, empty.toString());
        Path file = Files.writeString(empty.resolve("x.sj"), "{}");
        String[] r = run("check", "--spark", "local[2]", file.toString());
        assertEquals("2", r[0]);
        assertEquals("", r[1]);
        assertTrue(r[2].contains("mvn -B -q package -pl spark -am -DskipTests"), r[2]);
        assertTrue(r[2].contains(SparkRelaunch.HOME_ENV), r[2]);
    }

    @Test
    void aCensusFolderNeedsSpark(@TempDir Path dir) {
        String[] r = run("check", "--out", dir.toString(), dir.toString());
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("--spark"), r[2]);
    }

    @Test
    void theJobsCommandLine(@TempDir Path home) throws Exception {
        Path jar = home.resolve(SparkRelaunch.JAR);
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
            z.putNextEntry(new ZipEntry(SparkRelaunch.OPTIONS));
            z.write("--add-opens=java.base/java.nio=ALL-UNNAMED  -Dio.netty.tryReflectionSetAccessible=true\n".getBytes(StandardCharsets.UTF_8));
        }
        Files.createDirectories(home.resolve("lib"));
        System.setProperty(SparkRelaunch.HOME_PROPERTY, home.toString());
        SparkRelaunch.Install in = SparkRelaunch.find();
        assertEquals(jar, in.jar());
        List<String> options = SparkRelaunch.jvmOptions(in.jar());
        assertEquals(List.of("--add-opens=java.base/java.nio=ALL-UNNAMED", "-Dio.netty.tryReflectionSetAccessible=true"), options);
        List<String> cmd = SparkRelaunch.command("java", in, options,
                List.of("--master", "local[2]", "--out", "census", "s3://bucket/lake/", "/data/a.zarr"));
        List<String> expected = new ArrayList<>(List.of("java"));
        expected.addAll(options);
        expected.addAll(List.of("-cp", jar + java.io.File.pathSeparator + home.resolve("lib").resolve("*"), SparkRelaunch.MAIN,
                "--master", "local[2]", "--out", "census", "s3://bucket/lake/", "/data/a.zarr"));
        assertEquals(expected, cmd);
        // a folder without the Spark jars is no install
        Files.delete(home.resolve("lib"));
        assertEquals(null, SparkRelaunch.find());
    }
}
