package org.packscope.app;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.packscope.app.cli.Cli;
import org.packscope.codec.compress.VectorPaths;

/**
 * Gives runs of the jar, commands and the window alike, the Vector API paths without flags:
 * a JVM started as {@code java -jar packscope.jar [CMD ...]} lacks {@code jdk.incubator.vector} (a manifest
 * cannot add modules), so the launcher starts the same JVM again with
 * {@code --add-modules jdk.incubator.vector} (and {@link VectorPaths#JIT_OPTION}), passes the standard streams through and exits
 * with the child's code. The JVM's "Using incubator modules" notice is dropped from the
 * child's standard error. Nothing happens when the module is already there, when
 * {@code -Dpackscope.scalar=true} asks for the scalar loops, when this is already the
 * relaunched JVM, or when the java command cannot be found; then the scalar loops run.
 */
public final class VectorRelaunch {
    static final String MODULE = VectorPaths.MODULE;
    static final String MARK = "packscope.relaunched";
    static final String NOTICE = "WARNING: Using incubator modules: " + MODULE;

    private VectorRelaunch() { }

    /** Runs the command in a relaunched JVM and returns its exit code, or empty to run it here. */
    static Optional<Integer> run(String[] args) {
        if (VectorPaths.moduleLoaded() || Boolean.getBoolean(VectorPaths.SCALAR)
                || Boolean.getBoolean(MARK)) {
            return Optional.empty();
        }
        if (!"always".equals(System.getProperty(ALWAYS)) && !paysOff(args)) return Optional.empty();
        List<String> cmd;
        try {
            String java = ProcessHandle.current().info().command().orElse(null);
            if (java == null) return Optional.empty();
            String classPath = absolute(System.getProperty("java.class.path"));
            List<String> jvmArgs = withoutLaunchersYoung(ManagementFactory.getRuntimeMXBean().getInputArguments(),
                    System.getProperty(LAUNCHER_YOUNG));
            List<String> ours = new ArrayList<>(hugePages(Path.of(TRANSPARENT_HUGE_PAGES)));
            ours.addAll(youngGeneration(Runtime.getRuntime().maxMemory(), jvmArgs));
            ours.addAll(sharing(classPath));
            cmd = command(java, ours, jvmArgs, classPath, Main.class.getName(), args);
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
        try {
            Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
            forwardEnd(p);
            Thread err = new Thread(() -> copyDroppingNotice(p.getErrorStream(), System.err), "packscope-stderr");
            err.setDaemon(true);
            err.start();
            int code = p.waitFor();
            err.join();
            return Optional.of(code);
        } catch (IOException e) {
            return Optional.empty(); // could not start: run here, on the scalar paths
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(130);
        }
    }

    /**
     * When this JVM is ended (SIGTERM, SIGINT, SIGHUP), the child is ended the same polite
     * way and waited for, so it removes its partial output and no orphan keeps decoding.
     * A child that has already ended is left alone.
     */
    public static void forwardEnd(Process child) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!child.isAlive()) return;
            child.destroy();
            try {
                if (!child.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) child.destroyForcibly();
            } catch (InterruptedException e) {
                child.destroyForcibly();
            }
        }, "packscope-end-child"));
    }

    /**
     * The child's command line: same java, the module and the JIT option the vector routines
     * need ({@link VectorPaths#JIT_OPTION}), our memory and class-data sharing options
     * ({@link #hugePages}, {@link #youngGeneration}, {@link #sharing}), the same JVM options
     * (after ours, so that a person's own choice wins; those equal to one of ours once) but a
     * bound on the JIT's tiers, a mark against loops. The second JVM is started for runs long
     * enough to repay it, which C2 compiles best: {@code app/packscope} starts the first with
     * C1 alone ({@link #QUICK_TIERS}), quicker for what runs in it. {@code bench/window.sh}
     * gives the window's test JVM the same module, JIT and memory options: change both.
     */
    static List<String> command(String java, List<String> ours, List<String> jvmArgs, String classPath, String mainClass, String[] args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("--add-modules");
        cmd.add(MODULE);
        cmd.add(VectorPaths.JIT_OPTION);
        cmd.add("-D" + MARK + "=true");
        cmd.addAll(ours);
        for (String a : jvmArgs) if (!a.startsWith(QUICK_TIERS) && !ours.contains(a)) cmd.add(a);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** The JIT option that bounds its tiers (to C1 alone, in {@code app/packscope}'s first JVM). */
    static final String QUICK_TIERS = "-XX:TieredStopAtLevel=";

    /** {@code -Dpackscope.relaunch=always}: the second JVM for every run, short commands included. */
    static final String ALWAYS = "packscope.relaunch";

    /** Commands that run for as long as a person keeps them: they reach the vector routines' steady speed. */
    private static final Set<String> LASTING = Set.of("bench", "survey");

    /** Local input from which a one-shot command decodes long enough for the vector routines to repay a second start. */
    static final long ONE_SHOT_BYTES = 64L << 20;

    /**
     * Whether a second JVM is worth starting for {@code args}: always for the window and for
     * {@code bench} and {@code survey}; for a one-shot command only when its local inputs
     * hold {@link #ONE_SHOT_BYTES} or more. The vector routines are taken only once warmed,
     * about a second into a run, so a command that ends within a few seconds runs on the
     * scalar loops either way, and the second start plus the warm-up's CPU beside it were
     * most of what made it slow: a one-shot decode of 20M u32 values took 1.75 s relaunched
     * and 1.45 s here (Rust's pco CLI harness: 0.89 s). Remote inputs are read at the
     * network's pace and do not count.
     */
    static boolean paysOff(String[] args) {
        if (args.length == 0 || !Cli.isCommand(args[0]) || LASTING.contains(args[0])) return true;
        long bytes = 0;
        for (int i = 1; i < args.length && bytes < ONE_SHOT_BYTES; i++) {
            String a = args[i];
            if (a.equals("--out") || a.equals("--previous")) {
                i++; // an output (or an earlier report) is not input
                continue;
            }
            if (a.startsWith("-") || a.contains("://")) continue;
            int inner = a.indexOf("::");
            bytes += localBytes(inner < 0 ? a : a.substring(0, inner), ONE_SHOT_BYTES - bytes);
        }
        return bytes >= ONE_SHOT_BYTES;
    }

    /** Entries of an input folder looked at before starting: a store of more files than this is a long job. */
    static final int FILES_LOOKED_AT = 10_000;

    /**
     * The bytes of a local file, or of the files in a folder (a store), counted until
     * {@code enough}; {@code enough} for a folder of more than {@link #FILES_LOOKED_AT}
     * entries (a million small chunk files are not walked before the command starts); 0 for
     * anything else.
     */
    static long localBytes(String arg, long enough) {
        try {
            Path p = Path.of(arg);
            if (Files.isRegularFile(p)) return Files.size(p);
            if (!Files.isDirectory(p)) return 0;
            long sum = 0;
            int seen = 0;
            try (Stream<Path> files = Files.walk(p)) {
                Iterator<Path> it = files.iterator();
                while (it.hasNext() && sum < enough) {
                    if (++seen > FILES_LOOKED_AT) return enough;
                    Path f = it.next();
                    if (Files.isRegularFile(f)) sum += Files.size(f);
                }
            }
            return sum;
        } catch (IOException | RuntimeException e) {
            return 0; // not a path, or unreadable: the command itself will say so
        }
    }

    /** Linux's transparent huge page setting: {@code always [madvise] never}, the chosen one in brackets. */
    static final String TRANSPARENT_HUGE_PAGES = "/sys/kernel/mm/transparent_hugepage/enabled";

    /** The most the young generation is given: a few runs' allocations, reused. */
    static final long YOUNG_BYTES = 128L << 20;

    /** Options a person may give that size the young generation; ours then stays out. */
    private static final List<String> YOUNG_OPTIONS = List.of("-Xmn", "-XX:NewSize=", "-XX:MaxNewSize=", "-XX:NewRatio=");

    /** The property by which {@code app/packscope} names the young-generation option it gave the first JVM. */
    static final String LAUNCHER_YOUNG = "packscope.launcherYoung";

    /**
     * The JVM options without what {@code app/packscope} added for the first JVM alone: its
     * young generation (sized for a one-shot command) and the property naming it. The
     * launcher adds them after the person's options, and only when those do not size the
     * heap, so the last equal option is the launcher's; the second JVM then sizes its own.
     */
    static List<String> withoutLaunchersYoung(List<String> jvmArgs, String young) {
        if (young == null) return jvmArgs;
        List<String> out = new ArrayList<>(jvmArgs);
        out.removeIf(a -> a.startsWith("-D" + LAUNCHER_YOUNG + "="));
        int last = out.lastIndexOf(young);
        if (last >= 0) out.remove(last);
        return out;
    }

    /**
     * A young generation of fixed size ({@link #YOUNG_BYTES}, at most a quarter of the heap):
     * G1 grows it after its first collections (to ~220 MB here), and every decode that then
     * allocates into regions never touched before pays a page fault per 4 KB, or waits while
     * the kernel assembles huge pages; whether it can decided a launch's speed. Measured
     * (bench, 5-6 launches, best of the later runs): grid.zarr 0.056-0.47 s, 0.056-0.072 s
     * fixed; i64_ts_20m.pco 43.8-55.8 ms, 43.3-43.9 fixed. Nothing is added when the person
     * sized it.
     */
    static List<String> youngGeneration(long maxHeap, List<String> jvmArgs) {
        for (String a : jvmArgs) for (String o : YOUNG_OPTIONS) if (a.startsWith(o)) return List.of();
        long mb = Math.min(YOUNG_BYTES, maxHeap / 4) >> 20;
        return mb < 8 ? List.of() : List.of("-Xmn" + mb + "m");
    }

    /**
     * The heap in 2 MB pages where Linux gives them to a process that asks ({@code madvise},
     * the usual default): a decode writes tens of MB at memory speed, and with 4 KB pages
     * TLB misses decide how fast, and a launch whose heap happened to get huge pages anyway
     * was the fast one. Nothing is added where the setting is {@code never} or absent (other
     * systems), where the JVM would only warn. Figures in the commit that brought it.
     */
    static List<String> hugePages(Path setting) {
        try {
            String s = Files.readString(setting);
            if (s.contains("[madvise]") || s.contains("[always]")) return List.of("-XX:+UseTransparentHugePages");
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the JVM's defaults
        }
        return List.of();
    }

    /**
     * Class-data sharing for the child: the classes a run of PackScope loads, parsed and
     * verified once at build time into {@code packscope.jsa} beside the jar (a dynamic
     * archive of JDK 17, written by {@link ArchiveTraining}), are mapped instead of loaded
     * again, which takes a one-shot command's start from about 0.64 s to 0.53 s. An archive
     * made by another JDK or for another jar is refused by the JVM and the classes load as
     * usual; its logging is off, so nothing is printed either way.
     */
    static List<String> sharing(String classPath) {
        if (!classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) return List.of();
        Path archive = Path.of(classPath.substring(0, classPath.length() - ".jar".length()) + ".jsa");
        if (!Files.isRegularFile(archive)) return List.of();
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /**
     * The class path with every entry absolute: an archive records where its classes came
     * from, so the path must read the same from any working folder.
     */
    static String absolute(String classPath) {
        List<String> out = new ArrayList<>();
        for (String e : classPath.split(File.pathSeparator)) {
            out.add(e.isEmpty() ? e : Path.of(e).toAbsolutePath().normalize().toString());
        }
        return String.join(File.pathSeparator, out);
    }

    /** Copies {@code in} to {@code out}, leaving out the JVM's incubator notice line if it comes first. */
    static void copyDroppingNotice(InputStream in, OutputStream out) {
        try {
            byte[] notice = (NOTICE + System.lineSeparator()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] head = in.readNBytes(notice.length);
            if (!java.util.Arrays.equals(head, notice)) out.write(head);
            in.transferTo(out);
            out.flush();
        } catch (IOException e) {
            // the child's error stream closed early: nothing more to pass on
        }
    }
}
