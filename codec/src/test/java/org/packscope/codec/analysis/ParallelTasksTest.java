package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;

class ParallelTasksTest {

    @Test
    void resultsComeBackByTaskNumberWhateverTheThreads() {
        for (int threads : new int[] {1, 2, 3, 8}) {
            long[] r = ParallelTasks.each(100, threads, Progress.NONE, w -> i -> (long) i * i);
            for (int i = 0; i < 100; i++) assertEquals((long) i * i, r[i]);
            assertEquals(328350L, ParallelTasks.sum(100, threads, Progress.NONE, w -> i -> (long) i * i));
        }
        assertArrayEquals(new long[0], ParallelTasks.each(0, 4, null, w -> i -> 1));
    }

    @Test
    void oneThreadRunsOnTheCallersThreadAndSeveralUseThemAll() {
        Thread me = Thread.currentThread();
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        ParallelTasks.sum(10, 1, Progress.NONE, w -> i -> { seen.add(Thread.currentThread()); return 0; });
        assertEquals(Set.of(me), seen);
        seen.clear();
        AtomicInteger made = new AtomicInteger();
        ParallelTasks.sum(64, 3, Progress.NONE, w -> {
            made.incrementAndGet();
            return i -> {
                seen.add(Thread.currentThread());
                try { Thread.sleep(2); } catch (InterruptedException e) { throw new RuntimeException(e); }
                return 0;
            };
        });
        assertEquals(3, seen.size());
        assertEquals(3, made.get()); // one task state per thread, not per task
    }

    @Test
    void aFailureOnAWorkerReachesTheCaller() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ParallelTasks.sum(50, 4, Progress.NONE, w -> i -> {
            if (i == 17) throw new IllegalStateException("task 17");
            return 1;
        }));
        assertEquals("task 17", e.getMessage());
    }

    @Test
    void cancellationStopsTheWork() {
        AtomicInteger ran = new AtomicInteger();
        Progress cancelled = new Progress() {
            @Override public void update(double fraction, String message) { }
            @Override public boolean cancelled() { return ran.get() >= 5; }
        };
        assertThrows(Progress.CancelledException.class, () -> ParallelTasks.sum(1000, 2, cancelled, w -> i -> ran.incrementAndGet()));
        assertTrue(ran.get() < 1000);
    }
}
