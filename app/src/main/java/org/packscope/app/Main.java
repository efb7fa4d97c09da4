package org.packscope.app;

import org.packscope.app.cli.Cli;
import org.packscope.app.ui.PackScopeApp;

/**
 * Entry point of the runnable jar: a command line when the first argument names a
 * command, the GUI otherwise. It does not extend Application, so the shaded jar runs
 * without a module path.
 */
public final class Main {
    private Main() { }

    public static void main(String[] args) {
        // commands and the window both decode: the JVM is started again with the Vector API module
        var relaunched = VectorRelaunch.run(args);
        if (relaunched.isPresent()) System.exit(relaunched.get());
        if (args.length > 0 && Cli.isCommand(args[0])) {
            int code = Cli.run(args, System.out, System.err);
            System.out.flush();
            System.exit(code);
        }
        try {
            PackScopeApp.launchWith(args);
        } catch (RuntimeException | LinkageError e) {
            String why = toolkitProblem(e);
            if (why == null) throw e;
            System.err.println(why);
            System.exit(1);
        }
    }

    /**
     * One line saying why the window could not start, when the cause is the machine (no GTK 3,
     * no display) rather than PackScope; null for any other failure.
     */
    static String toolkitProblem(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null && all.length() < 10_000; t = t.getCause()) all.append(t).append('\n');
        String text = all.toString();
        if (text.contains("GTK") || text.contains("libgtk")) {
            return "packscope: the window cannot start: the GTK 3 library (libgtk-3.so.0; Debian/Ubuntu package libgtk-3-0) "
                    + "is missing. Install it, or use the command line: " + commandLine() + " --help";
        }
        if (text.contains("Unable to open DISPLAY") || text.contains("DISPLAY")) {
            return "packscope: the window cannot start: there is no display (DISPLAY is not set). Run it on a desktop, "
                    + "under xvfb-run -a, or use the command line: " + commandLine() + " --help";
        }
        if (text.contains("no suitable pipeline") || text.contains("Graphics Device initialization failed")) {
            return "packscope: the window cannot start: JavaFX found no graphics pipeline (try -Dprism.order=sw), "
                    + "or use the command line: " + commandLine() + " --help";
        }
        return null;
    }

    /** How this program is run from a shell: {@code java -jar} and the jar it runs from (it runs anywhere Java does). */
    static String commandLine() {
        try {
            java.nio.file.Path p = java.nio.file.Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (p.toString().endsWith(".jar")) {
                java.nio.file.Path here = java.nio.file.Path.of("").toAbsolutePath();
                java.nio.file.Path shown = p.startsWith(here) ? here.relativize(p) : p;
                return "java -jar " + shown;
            }
        } catch (RuntimeException | java.net.URISyntaxException e) {
            // no code source (an unusual class loader): the documented command
        }
        return "java -jar app/target/packscope.jar";
    }
}
