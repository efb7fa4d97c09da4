package org.packscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code app/packscope}, the launcher, run with a stand-in jar ({@link LauncherProbe}) in
 * its {@code target/}: what JVM options and arguments the program gets, and its exit code.
 */
class LauncherScriptTest {
    @TempDir Path app;

    @BeforeEach
    void copyTheLauncherBesideAStandInJar() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "the launcher is a POSIX shell script");
        Path script = app.resolve("packscope");
        Files.copy(Path.of("packscope"), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void writeStandInJar() throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
        Path target = Files.createDirectories(app.resolve("target"));
        String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream out = Files.newOutputStream(target.resolve("packscope.jar"));
             JarOutputStream jar = new JarOutputStream(out, m);
             InputStream probe = LauncherProbe.class.getClassLoader().getResourceAsStream(entry)) {
            jar.putNextEntry(new JarEntry(entry));
            probe.transferTo(jar);
            jar.closeEntry();
        }
    }

    private record Run(int code, List<String> lines) { }

    private Run launch(String... args) throws Exception {
        return launchWith(java.util.Map.of(), args);
    }

    private Run launchWith(java.util.Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(app.resolve("packscope").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(env);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out.lines().toList());
    }

    @Test
    void argumentsPassThroughAsGivenAndTheExitCodeComesBack() throws Exception {
        writeStandInJar();
        Run r = launch("decode", "a file.pco", "", "*", "--out", "x;y");
        assertEquals(3, r.code(), r.lines().toString());
        assertEquals(List.of("arg [decode]", "arg [a file.pco]", "arg []", "arg [*]", "arg [--out]", "arg [x;y]"),
                r.lines().stream().filter(l -> l.startsWith("arg ")).toList());
    }

    @Test
    void theFirstJvmCompilesWithC1AloneAndMapsTheArchiveBesideTheJar() throws Exception {
        writeStandInJar();
        assertFalse(launch("check").lines().stream().anyMatch(l -> l.contains("SharedArchiveFile")), "no archive: none named");
        Path archive = Files.writeString(app.resolve("target/packscope.jsa"), "made by another JDK");
        Run r = launch("check");
        assertEquals(3, r.code(), "an archive the JVM refuses is passed over without a word: " + r.lines());
        assertTrue(r.lines().contains("jvm -XX:SharedArchiveFile=" + archive.toRealPath()), r.lines().toString());
        assertTrue(r.lines().contains("jvm -XX:TieredStopAtLevel=1"), r.lines().toString());
        assertFalse(r.lines().stream().anyMatch(l -> !l.startsWith("jvm ") && !l.startsWith("arg ")), "nothing else printed: " + r.lines());
    }

    @Test
    void theHeapIsInHugePagesWhereLinuxGivesThemOnRequest() throws Exception {
        writeStandInJar();
        Path setting = Path.of(VectorRelaunch.TRANSPARENT_HUGE_PAGES);
        boolean given = Files.isReadable(setting) && Files.readString(setting).matches("(?s).*\\[(madvise|always)\\].*");
        assertEquals(given, launch().lines().contains("jvm -XX:+UseTransparentHugePages"));
    }

    @Test
    void theYoungGenerationIs64MbUnlessThePersonSizedTheHeap() throws Exception {
        writeStandInJar();
        List<String> ours = List.of("jvm -Xmn64m", "jvm -D" + VectorRelaunch.LAUNCHER_YOUNG + "=-Xmn64m");
        assertTrue(launch("check").lines().containsAll(ours), "named as the launcher's, for the second JVM");
        for (var env : List.of(java.util.Map.of("JDK_JAVA_OPTIONS", "-Xmx512m"), java.util.Map.of("JDK_JAVA_OPTIONS", "-Xss2m -Xmn300m"),
                java.util.Map.of("JAVA_TOOL_OPTIONS", "-XX:NewRatio=2"), java.util.Map.of("JDK_JAVA_OPTIONS", "-XX:MaxRAMPercentage=10"))) {
            List<String> lines = launchWith(env, "check").lines();
            assertFalse(lines.stream().anyMatch(l -> ours.contains(l)), env + ": the person's sizing stands alone: " + lines);
        }
    }

    @Test
    void withoutTheJarItSaysHowToBuildIt() throws Exception {
        Run r = launch("--version");
        assertEquals(2, r.code());
        assertTrue(r.lines().get(0).contains("is missing; build it first: mvn -q -DskipTests package"), r.lines().toString());
    }
}
