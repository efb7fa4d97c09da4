package org.packscope.codec.testing;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * A bound on the work a piece of code does, as the CPU time of the thread running it, in
 * place of a wall-clock limit: the suite shares a loaded 2-core machine with other work,
 * so wall time says more about the neighbours than about the code. A wall limit far above
 * any bound ({@link #HANG}) remains only to end a hang, which spends no CPU.
 *
 * <p>Work the code hands to other threads (a parallel decode) is not counted; the bound is
 * on what the caller's own thread does, as in {@link BoundedWalk}.
 */
public final class CpuBound {
    /** Wall time after which the code is taken to hang: far above every CPU bound here. */
    public static final Duration HANG = Duration.ofSeconds(120);

    private CpuBound() { }

    /** Runs {@code work} and fails if its thread spends more than {@code cpu} of CPU time on it. */
    public static <T> T within(Duration cpu, String what, ThrowingSupplier<T> work) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] spent = {0};
        T out = assertTimeoutPreemptively(HANG, () -> {
            long t0 = mx.getCurrentThreadCpuTime();
            try {
                return work.get();
            } finally {
                spent[0] = mx.getCurrentThreadCpuTime() - t0;
            }
        }, what + ": still running after " + HANG.toSeconds() + " s (a hang)");
        assertTrue(spent[0] <= cpu.toNanos(), what + ": " + spent[0] / 1_000_000 + " ms of CPU, more than " + cpu.toMillis() + " ms");
        return out;
    }

    /** {@link #within(Duration, String, ThrowingSupplier)} for work that returns nothing. */
    public static void run(Duration cpu, String what, Executable work) {
        within(cpu, what, () -> {
            work.execute();
            return null;
        });
    }
}
