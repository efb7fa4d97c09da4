package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.cli.Cli;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.analysis.DrillWalk;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.testing.CpuBound;

/**
 * Truncations and bit flips of every sample and fixture. {@code check} must finish
 * within 5 s of CPU time (its thread's: the machine is shared, wall time is not the
 * code's; see {@link CpuBound}) with exit 0 or 1, print well-formed lines, and report no internal error
 * (a reader that trusted bad input), and a walk that also opens drill-down children
 * (first, last, short lists whole) must find no internal error either. Runs in its own
 * JVM with a 256 MB heap, so a reader that allocates what a header claims fails here.
 *
 * <p>The inputs are dealt into {@code parts} classes ({@link MutationSuiteTest} and its
 * siblings), which Surefire runs in that many JVMs side by side: each input keeps the seed
 * it has in the whole list, so the mutations are the same however they are dealt.
 */
abstract class MutationSuite {
    private static final long SEED = 20261121L;
    private static final int TRUNCATIONS = 8;
    private static final int FLIPS = 8;
    private static final int FOLDER_FILES = 4;
    private static final int FOLDER_MUTATIONS = 5;

    @TempDir
    Path temp;

    private final int part;
    private final int parts;

    MutationSuite(int part, int parts) {
        this.part = part;
        this.parts = parts;
    }

    /** This class's share of the inputs, each with its seed from the whole list. */
    private List<Map.Entry<Inputs.Input, Long>> share() {
        Random rnd = new Random(SEED);
        List<Inputs.Input> all = Inputs.all();
        List<Map.Entry<Inputs.Input, Long>> mine = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            long seed = rnd.nextLong();
            if (i % parts == part) mine.add(Map.entry(all.get(i), seed));
        }
        return mine;
    }

    /** One damaged copy: how it was made, and its bytes. */
    record Mutation(String what, byte[] bytes) { }

    static List<Mutation> mutationsOf(byte[] original, Random rnd, int truncations, int flips) {
        List<Mutation> out = new ArrayList<>();
        int n = original.length;
        for (int i = 0; i < truncations && n > 0; i++) {
            int at = i == 0 ? 0 : i == 1 ? Math.min(n - 1, 8) : rnd.nextInt(n);
            out.add(new Mutation("truncated to " + at + " bytes", Arrays.copyOf(original, at)));
        }
        for (int i = 0; i < flips && n > 0; i++) {
            byte[] b = original.clone();
            // half the flips land in the first 64 bytes, where headers live
            int at = i % 2 == 0 ? rnd.nextInt(Math.min(n, 64)) : rnd.nextInt(n);
            int bit = rnd.nextInt(8);
            b[at] ^= (byte) (1 << bit);
            out.add(new Mutation("bit " + bit + " of byte " + at + " flipped", b));
        }
        if (n > 0) {
            byte[] b = original.clone();
            for (int k = 0; k < 16; k++) b[rnd.nextInt(n)] = (byte) rnd.nextInt(256);
            out.add(new Mutation("16 random bytes overwritten", b));
        }
        return out;
    }

    /** Nodes the deep walk opens per input at most (drill-down ends and short drill-down lists included). */
    private static final int DRILL_NODES = 5000;
    /** The CPU time one check, or one deep walk, may take. */
    private static final Duration LIMIT = Duration.ofSeconds(5);

    /** Every sample and fixture as it is: opening drill-down children finds no reader bug. */
    @TestFactory
    Stream<DynamicTest> drillDownWalkOfEveryInputFindsNoInternalError() {
        return share().stream().map(Map.Entry::getKey)
                .map(input -> DynamicTest.dynamicTest(input.label(), () -> drillWalk(input.path(), input.label())));
    }

    @TestFactory
    Stream<DynamicTest> checkSurvivesEveryMutation() {
        return share().stream().map(e -> DynamicTest.dynamicTest(e.getKey().label(), () -> {
            Inputs.Input input = e.getKey();
            if (input.folder()) mutateFolder(input.path(), new Random(e.getValue()));
            else mutateFile(input.path(), new Random(e.getValue()));
        }));
    }

    private void mutateFile(Path file, Random rnd) throws IOException {
        byte[] original = Files.readAllBytes(file);
        Path dir = Files.createTempDirectory(temp, "m");
        Path target = dir.resolve(file.getFileName().toString());
        for (Mutation m : mutationsOf(original, rnd, TRUNCATIONS, FLIPS)) {
            Files.write(target, m.bytes());
            check(target, file.getFileName() + ": " + m.what());
        }
    }

    private void mutateFolder(Path folder, Random rnd) throws IOException {
        List<Path> files = Inputs.filesIn(folder);
        for (int f = 0; f < Math.min(FOLDER_FILES, files.size()); f++) {
            Path victim = files.get(f == 0 ? 0 : rnd.nextInt(files.size()));
            Path rel = folder.relativize(victim);
            Path copy = Files.createTempDirectory(temp, "m").resolve(folder.getFileName().toString());
            copyTree(folder, copy);
            byte[] original = Files.readAllBytes(victim);
            for (Mutation m : mutationsOf(original, rnd, FOLDER_MUTATIONS / 2, FOLDER_MUTATIONS / 2)) {
                Path target = copy.resolve(rel.toString());
                target.toFile().setWritable(true);
                Files.write(target, m.bytes());
                check(copy, folder.getFileName() + "/" + rel + ": " + m.what());
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }

    private static void check(Path target, String what) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = CpuBound.within(LIMIT, what + ": check",
                () -> Cli.run(new String[] {"check", target.toString()}, new PrintStream(out, true), new PrintStream(err, true)));
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(code == 0 || code == 1, what + ": exit " + code + " " + e);
        assertFalse(e.contains("\tat "), what + ": stack trace " + e);
        assertFalse(o.contains(": internal_error: "), what + ": a reader trusted bad input:\n" + o);
        for (String line : o.split("\n")) {
            if (!line.isEmpty()) assertTrue(CHECK_LINE.matcher(line).matches(), what + ": malformed line " + line);
        }
        drillWalk(target, what);
    }

    /**
     * Opens the tree the way a person clicking through it would, drill-down children too
     * (see {@link DrillWalk}), within 5 s of CPU time, and fails on any internal error.
     */
    static void drillWalk(Path target, String what) {
        List<TreeWalk.Located> found = CpuBound.within(LIMIT, what + ": deep walk",
                () -> DrillWalk.run(FormatRegistry.standard().open(target), DRILL_NODES));
        List<String> bugs = found.stream().filter(l -> l.diagnostic().rule().equals("internal_error"))
                .map(l -> l.node().path() + ": " + l.diagnostic().message()).toList();
        assertTrue(bugs.isEmpty(), what + ": a reader trusted bad input below a drill-down node:\n" + String.join("\n", bugs));
    }

    private static final java.util.regex.Pattern CHECK_LINE =
            java.util.regex.Pattern.compile("^.+: (error|warning) (at byte \\d+(\\.\\d)?( of [^:]+)?|with no byte offset): [a-z0-9_]+: .*$");
}
