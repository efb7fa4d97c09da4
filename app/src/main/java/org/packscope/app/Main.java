package org.packscope.app;

import org.packscope.app.cli.Cli;

/**
 * Entry point of the runnable jar: a command line when the first argument names a
 * command, the GUI otherwise. It does not extend Application, so the shaded jar runs
 * without a module path.
 */
public final class Main {
    private Main() { }

    public static void main(String[] args) {
        if (args.length > 0 && Cli.isCommand(args[0])) {
            // decoding commands get the Vector API paths: the JVM is started again with its module
            var relaunched = VectorRelaunch.run(args);
            if (relaunched.isPresent()) System.exit(relaunched.get());
            int code = Cli.run(args, System.out, System.err);
            System.out.flush();
            System.exit(code);
        }
        org.packscope.app.ui.PackScopeApp.launchWith(args);
    }
}
