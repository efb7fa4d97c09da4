package org.packscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorRelaunchTest {

    @Test
    void theChildGetsTheModuleTheSameOptionsAndArgumentsAndAMarkAgainstLoops() {
        List<String> cmd = VectorRelaunch.command("/jdk/bin/java", List.of("-XX:SharedArchiveFile=/a.jsa"), List.of("-Xmx1g", "-Dx=y"), "a.jar",
                "org.packscope.app.Main", new String[] {"bench", "f.pco", "--threads", "2"});
        assertEquals(List.of("/jdk/bin/java", "--add-modules", "jdk.incubator.vector", "-XX:PerMethodTrapLimit=1000000", "-Dpackscope.relaunched=true",
                "-XX:SharedArchiveFile=/a.jsa", "-Xmx1g", "-Dx=y", "-cp", "a.jar", "org.packscope.app.Main", "bench", "f.pco", "--threads", "2"), cmd);
    }

    @Test
    void optionsOfOursTheFirstJvmAlreadyHadAreGivenOnce() {
        List<String> ours = List.of("-XX:+UseTransparentHugePages", "-XX:SharedArchiveFile=/a.jsa", "-Xlog:cds=off");
        List<String> cmd = VectorRelaunch.command("/jdk/bin/java", ours,
                List.of("-XX:SharedArchiveFile=/a.jsa", "-XX:-UseTransparentHugePages", "-Xlog:cds=off", "-Xmx1g"), "a.jar",
                "org.packscope.app.Main", new String[] {"check", "f.pco"});
        // a person's own opposite choice still comes after ours, and wins
        assertEquals(List.of("/jdk/bin/java", "--add-modules", "jdk.incubator.vector", "-XX:PerMethodTrapLimit=1000000", "-Dpackscope.relaunched=true",
                "-XX:+UseTransparentHugePages", "-XX:SharedArchiveFile=/a.jsa", "-Xlog:cds=off", "-XX:-UseTransparentHugePages", "-Xmx1g",
                "-cp", "a.jar", "org.packscope.app.Main", "check", "f.pco"), cmd);
    }

    @Test
    void theChildCompilesWithEveryTierWhateverTheFirstJvmWasBoundTo() {
        List<String> cmd = VectorRelaunch.command("/jdk/bin/java", List.of(), List.of("-XX:TieredStopAtLevel=1", "-Xmx1g"), "a.jar",
                "org.packscope.app.Main", new String[] {"decode", "big.pco"});
        assertEquals(List.of("/jdk/bin/java", "--add-modules", "jdk.incubator.vector", "-XX:PerMethodTrapLimit=1000000", "-Dpackscope.relaunched=true",
                "-Xmx1g", "-cp", "a.jar", "org.packscope.app.Main", "decode", "big.pco"), cmd);
    }

    @Test
    void aOneShotCommandOnSmallLocalInputRunsHereTheWindowAndLastingCommandsRelaunch(@TempDir Path dir) throws Exception {
        Path small = Files.write(dir.resolve("small.pco"), new byte[1000]);
        // sparse: as big as the threshold on disk's word, without writing 64 MB
        Path big = dir.resolve("big.h5");
        try (var f = new RandomAccessFile(big.toFile(), "rw")) { f.setLength(VectorRelaunch.ONE_SHOT_BYTES); }
        Path store = Files.createDirectories(dir.resolve("store.zarr/0"));
        for (int i = 0; i < 3; i++) {
            try (var f = new RandomAccessFile(store.resolve("c" + i).toFile(), "rw")) { f.setLength(VectorRelaunch.ONE_SHOT_BYTES / 3 + 1); }
        }
        assertTrue(VectorRelaunch.paysOff(new String[0]), "the window");
        assertTrue(VectorRelaunch.paysOff(new String[] {small.toString()}), "the window opening a file");
        assertTrue(VectorRelaunch.paysOff(new String[] {"bench", small.toString()}));
        assertTrue(VectorRelaunch.paysOff(new String[] {"survey", small.toString()}));
        assertTrue(!VectorRelaunch.paysOff(new String[] {"decode", small.toString(), "--format", "raw"}));
        assertTrue(!VectorRelaunch.paysOff(new String[] {"check", "/no/such/file.pco"}));
        assertTrue(VectorRelaunch.paysOff(new String[] {"decode", big + "::/x", "--out", small.toString()}), "the file of an inner path counts");
        assertTrue(VectorRelaunch.paysOff(new String[] {"check", small.toString(), dir.resolve("store.zarr").toString()}), "a folder's files count");
        assertTrue(!VectorRelaunch.paysOff(new String[] {"decode", small.toString(), "--out", big.toString()}), "the output is not input");
        assertTrue(!VectorRelaunch.paysOff(new String[] {"decode", "s3://bucket/" + big}), "remote input is read at the network's pace");
        Path many = Files.createDirectories(dir.resolve("many.zarr"));
        for (int i = 0; i < VectorRelaunch.FILES_LOOKED_AT; i++) Files.createFile(many.resolve(Integer.toString(i)));
        assertTrue(VectorRelaunch.paysOff(new String[] {"check", many.toString()}), "a store of more files than are looked at is a long job");
        Files.delete(many.resolve("0"));
        Files.delete(many.resolve("1"));
        assertTrue(!VectorRelaunch.paysOff(new String[] {"check", many.toString()}), "up to that many small files are counted");
    }

    @Test
    void theChildMapsTheArchiveBesideTheJar(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("packscope.jar"));
        assertEquals(List.of(), VectorRelaunch.sharing(jar.toString()), "no archive beside the jar: nothing to map");
        Path archive = Files.createFile(dir.resolve("packscope.jsa"));
        assertEquals(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"), VectorRelaunch.sharing(jar.toString()));
        assertEquals(List.of(), VectorRelaunch.sharing(dir + "/classes" + File.pathSeparator + jar), "a class path of many entries has no one archive");
        // the archive records the class path: it must read the same from any folder
        assertEquals(Path.of("a.jar").toAbsolutePath() + File.pathSeparator + Path.of("/x/b.jar"),
                VectorRelaunch.absolute("a.jar" + File.pathSeparator + "/x/../x/b.jar"));
    }

    @Test
    void theChildAsksForHugePagesWhereLinuxGivesThemOnRequest(@TempDir Path dir) throws Exception {
        Path setting = dir.resolve("enabled");
        assertEquals(List.of(), VectorRelaunch.hugePages(setting), "no setting (not Linux): the JVM's defaults");
        Files.writeString(setting, "always [madvise] never\n");
        assertEquals(List.of("-XX:+UseTransparentHugePages"), VectorRelaunch.hugePages(setting));
        Files.writeString(setting, "[always] madvise never\n");
        assertEquals(List.of("-XX:+UseTransparentHugePages"), VectorRelaunch.hugePages(setting));
        Files.writeString(setting, "always madvise [never]\n");
        assertEquals(List.of(), VectorRelaunch.hugePages(setting), "huge pages turned off: nothing to ask for");
    }

    @Test
    void theChildsYoungGenerationIsFixedUnlessThePersonSizedIt() {
        long gb = 1L << 30;
        assertEquals(List.of("-Xmn128m"), VectorRelaunch.youngGeneration(6 * gb, List.of("-Xmx6g")), "a usual heap: 128 MB, reused run after run");
        assertEquals(List.of("-Xmn64m"), VectorRelaunch.youngGeneration(256L << 20, List.of()), "a small heap: a quarter of it");
        assertEquals(List.of(), VectorRelaunch.youngGeneration(16L << 20, List.of()), "a tiny heap: the JVM's own sizing");
        for (String own : List.of("-Xmn300m", "-XX:NewSize=64m", "-XX:MaxNewSize=512m", "-XX:NewRatio=3")) {
            assertEquals(List.of(), VectorRelaunch.youngGeneration(6 * gb, List.of("-Xss2m", own)), own + " is the person's choice");
        }
    }

    @Test
    void theLaunchersYoungGenerationStaysWithTheFirstJvm() {
        String mark = "-D" + VectorRelaunch.LAUNCHER_YOUNG + "=-Xmn64m";
        List<String> first = List.of("-Xss2m", "-XX:TieredStopAtLevel=1", "-Xmn64m", mark);
        assertEquals(List.of("-Xss2m", "-XX:TieredStopAtLevel=1"), VectorRelaunch.withoutLaunchersYoung(first, "-Xmn64m"));
        assertEquals(List.of("-Xmn128m"), VectorRelaunch.youngGeneration(6L << 30, VectorRelaunch.withoutLaunchersYoung(first, "-Xmn64m")),
                "the second JVM sizes its own");
        assertEquals(first, VectorRelaunch.withoutLaunchersYoung(first, null), "not started by the launcher: all the person's");
        assertEquals(List.of("-Xmn64m", "-Xss2m"), VectorRelaunch.withoutLaunchersYoung(List.of("-Xmn64m", "-Xss2m", "-Xmn64m", mark), "-Xmn64m"),
                "only the last, the launcher's, goes");
    }

    @Test
    void onlyTheJvmsIncubatorNoticeIsDroppedFromStandardError() {
        String nl = System.lineSeparator();
        assertEquals("packscope: no such file" + nl, copied(VectorRelaunch.NOTICE + nl + "packscope: no such file" + nl));
        assertEquals("packscope: no such file" + nl, copied("packscope: no such file" + nl));
        assertEquals("", copied(""));
        assertEquals("x", copied("x"));
    }

    private static String copied(String in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorRelaunch.copyDroppingNotice(new ByteArrayInputStream(in.getBytes(StandardCharsets.UTF_8)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * The launcher run as a user runs the jar, in a JVM started without flags (the classes
     * and dependencies of this build, not a jar left from an earlier one): it relaunches
     * itself with the Vector API module, passes exit codes and streams through and hides
     * the JVM's incubator notice.
     */
    @Test
    void aPlainJvmRelaunchesItselfWithTheVectorModule() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        Process p = new ProcessBuilder(java, "-cp", cp, Main.class.getName(), "check", "/no/such/file.pco").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor());
        assertEquals("", out);
        assertTrue(err.startsWith("packscope: "), err);
        assertTrue(!err.contains("incubator"), err);
        // bench names the decoders in use: the relaunched JVM has the Vector API shuffle
        Assumptions.assumeTrue(System.getProperty("os.arch").equals("amd64"), "vector width is known on amd64 (AVX2 or wider)");
        Path blosc = Path.of("../codec/src/test/resources/fixtures/blosc/blosclz_shuf_ts8_256k_seq_c5.blosc");
        Process b = new ProcessBuilder(java, "-cp", cp, Main.class.getName(), "bench", "--warmup", "0", "--repeat", "1", "--threads", "1", blosc.toString())
                .redirectErrorStream(true).start();
        String text = new String(b.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, b.waitFor(), text);
        assertTrue(text.startsWith("decoders: shuffle vector ("), text);
        assertTrue(text.contains(", bp128 vector (128-bit), "), "the relaunched JVM has the JIT option BP128's routines need: " + text);
        // and -Dpackscope.scalar=true keeps the scalar loops, in this JVM
        Process s = new ProcessBuilder(java, "-Dpackscope.scalar=true", "-cp", cp, Main.class.getName(), "bench", "--warmup", "0", "--repeat", "1",
                "--threads", "1", blosc.toString()).redirectErrorStream(true).start();
        String scalar = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, s.waitFor(), scalar);
        assertTrue(scalar.startsWith("decoders: shuffle scalar, "), scalar);
    }
}
