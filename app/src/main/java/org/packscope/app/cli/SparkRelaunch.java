package org.packscope.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

import org.packscope.app.VectorRelaunch;
import org.packscope.codec.remote.RemoteSettings;

/**
 * {@code check --spark MASTER}: the Spark job (the spark module's {@code LakeCheck}) run in
 * a JVM of its own, on the module's jar and the Spark jars beside it, so the application
 * itself never carries Spark. The child's output is passed through and its exit status
 * returned; where the module is not built, one message says how to get it.
 */
final class SparkRelaunch {
    static final String HOME_PROPERTY = "packscope.spark.home";
    static final String HOME_ENV = "PACKSCOPE_SPARK";
    static final String JAR = "packscope-spark.jar";
    static final String MAIN = "org.packscope.spark.LakeCheck";
    /** In the jar: the JVM options Spark needs on JDK 17 (the module's {@code spark.opens}). */
    static final String OPTIONS = "org/packscope/spark/jvm-options.txt";
    static final String HOW = "check --spark needs PackScope's Spark module: build it in PackScope's source folder with "
            + "'mvn -B -q package -pl spark -am -DskipTests' (it makes spark/target/" + JAR + " and spark/target/lib/), "
            + "or set " + HOME_ENV + " to a folder holding " + JAR + " and lib/";

    /** The module as built: its jar, and the folder of Spark's jars. */
    record Install(Path jar, Path lib) { }

    private SparkRelaunch() { }

    /**
     * Where the module is: {@code -Dpackscope.spark.home} or {@code PACKSCOPE_SPARK} when
     * set (and nowhere else then), else beside this application's jar, else in the source
     * checkout it was built in ({@code app/target} → {@code spark/target}). Null when absent.
     */
    static Install find() {
        String home = System.getProperty(HOME_PROPERTY, System.getenv(HOME_ENV));
        if (home != null && !home.isBlank()) return at(Path.of(home));
        try {
            Path code = Path.of(SparkRelaunch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path dir = code.getParent();
            Install beside = at(dir);
            if (beside != null) return beside;
            Path checkout = dir.getParent() == null || dir.getParent().getParent() == null ? null
                    : dir.getParent().getParent().resolve("spark").resolve("target");
            return checkout == null ? null : at(checkout);
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static Install at(Path dir) {
        Path jar = dir.resolve(JAR), lib = dir.resolve("lib");
        return Files.isRegularFile(jar) && Files.isDirectory(lib) ? new Install(jar, lib) : null;
    }

    /** The JVM options the module's jar asks for; none when it holds no list. */
    static List<String> jvmOptions(Path jar) throws IOException {
        try (ZipFile z = new ZipFile(jar.toFile())) {
            var e = z.getEntry(OPTIONS);
            if (e == null) return List.of();
            try (InputStream in = z.getInputStream(e)) {
                String text = new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8).strip();
                return text.isEmpty() ? List.of() : List.of(text.split("\\s+"));
            }
        }
    }

    /** The child's command line: the job with {@code args} (its own options and the addresses). */
    static List<String> command(String javaCommand, Install in, List<String> jvmOptions, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaCommand);
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(in.jar() + java.io.File.pathSeparator + in.lib().resolve("*"));
        cmd.add(MAIN);
        cmd.addAll(args);
        return cmd;
    }

    /** The job's own options for a check on {@code master}, writing under {@code out}, the remote settings as this run has them. */
    static List<String> jobArgs(String master, Path out, Path previous, List<String> addresses) {
        List<String> a = new ArrayList<>(List.of("--master", master, "--out", out.toString()));
        if (previous != null) a.addAll(List.of("--previous", previous.toString()));
        String endpoint = RemoteSettings.endpoint();
        if (endpoint != null && !endpoint.isBlank()) a.addAll(List.of("--endpoint", endpoint));
        String region = RemoteSettings.region();
        if (region != null && !region.isBlank()) a.addAll(List.of("--region", region));
        if (RemoteSettings.anonymous()) a.add("--anonymous");
        a.addAll(addresses);
        return a;
    }

    /** Runs the job; its exit status, or the usage status when the module is not there or cannot start. */
    static int run(String master, Path out, Path previous, List<String> addresses, PrintStream stdout, PrintStream stderr) {
        Install in = find();
        if (in == null) {
            stderr.println("packscope: " + HOW);
            return Cli.EXIT_USAGE;
        }
        try {
            Path dir = out != null ? out : Files.createTempDirectory("packscope-census-");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(command(java, in, jvmOptions(in.jar()), jobArgs(master, dir, previous, addresses)))
                    .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
            VectorRelaunch.forwardEnd(p);
            Thread o = pass(p.getInputStream(), stdout), e = pass(p.getErrorStream(), stderr);
            int code = p.waitFor();
            o.join();
            e.join();
            return code;
        } catch (IOException e) {
            stderr.println("packscope: the Spark job could not start: " + e.getMessage());
            return Cli.EXIT_USAGE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private static Thread pass(InputStream in, OutputStream to) {
        Thread t = new Thread(() -> {
            try {
                in.transferTo(to);
                to.flush();
            } catch (IOException e) {
                // the child closed its stream: nothing more to pass on
            }
        }, "packscope-spark-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
