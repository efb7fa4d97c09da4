package org.packscope.codec.testing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Debian's /usr/bin/python3, for the checks that let a reference library (h5py) judge PackScope's output where it is installed. */
public final class Python3 {
    public static final Path PATH = Path.of("/usr/bin/python3");

    private Python3() { }

    /** Whether python3 is there and imports {@code module}. */
    public static boolean has(String module) throws Exception {
        return Files.isExecutable(PATH) && run("-c", "import " + module).startsWith("0\n");
    }

    /** Runs python3 with {@code args}: its exit code, a newline, then its standard output ("timeout" after two minutes). */
    public static String run(String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = PATH.toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "timeout\n";
        }
        return p.exitValue() + "\n" + new String(out, StandardCharsets.UTF_8);
    }
}
