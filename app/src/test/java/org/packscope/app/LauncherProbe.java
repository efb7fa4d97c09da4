package org.packscope.app;

import java.lang.management.ManagementFactory;

/** Stands in for PackScope's main class in LauncherScriptTest: prints how it was started. */
public final class LauncherProbe {
    private LauncherProbe() { }

    public static void main(String[] args) {
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) System.out.println("jvm " + a);
        for (String a : args) System.out.println("arg [" + a + "]");
        System.exit(3);
    }
}
