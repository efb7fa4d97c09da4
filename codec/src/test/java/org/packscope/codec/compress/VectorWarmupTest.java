package org.packscope.codec.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

/** The race every vector routine runs before a decoder takes it, with rounds whose speed the test sets. */
class VectorWarmupTest {

    /** A round that takes at least {@code millis}. */
    private static LongSupplier slow(long millis) {
        return () -> {
            long until = System.nanoTime() + millis * 1_000_000;
            long spins = 0;
            while (System.nanoTime() < until) spins++;
            return spins;
        };
    }

    private static final LongSupplier QUICK = () -> 1;

    @Test
    void aRoutineNoSlowerThanScalarWinsAfterThreeRoundsInARow() {
        VectorWarmup.Race race = VectorWarmup.race(50, slow(2), QUICK);
        assertTrue(race.fast(), race.summary());
        assertEquals(VectorWarmup.FAST_ROUNDS, race.rounds(), race.summary());
        assertTrue(race.scalarNanos() >= 2_000_000 && race.vectorNanos() < race.scalarNanos(), race.summary());
    }

    @Test
    void aRoutineSlowerThanScalarIsNeverFastAndRunsOutOfRounds() {
        VectorWarmup.Race race = VectorWarmup.race(7, QUICK, slow(1));
        assertFalse(race.fast());
        assertEquals(7, race.rounds());
        assertTrue(race.summary().startsWith("never fast after 7 rounds"), race.summary());
    }

    @Test
    void pairsRaceSideBySideAndAWonPairStopsRunning() {
        AtomicInteger quickPairRounds = new AtomicInteger();
        // the first pair gets fast on its third round; the second only on its sixth
        AtomicInteger slowPairRounds = new AtomicInteger();
        LongSupplier slowUntilSixth = () -> slowPairRounds.incrementAndGet() <= 3 ? slow(3).getAsLong() : 1;
        List<VectorWarmup.Race> races = VectorWarmup.race(40, List.of(
                new VectorWarmup.Pair(slow(1), () -> quickPairRounds.incrementAndGet()),
                new VectorWarmup.Pair(slow(1), slowUntilSixth)));
        assertTrue(races.get(0).fast() && races.get(1).fast(), races.toString());
        assertEquals(3, races.get(0).rounds(), races.toString());
        assertEquals(3, quickPairRounds.get(), "a pair that has won is not run again");
        assertEquals(6, races.get(1).rounds(), races.toString());
    }

    @Test
    void roundsWaitWhileAPersonWaitsForWorkAndGoOnWhenItEnds() throws Exception {
        AtomicInteger rounds = new AtomicInteger();
        LongSupplier counted = () -> rounds.incrementAndGet();
        VectorWarmup.Foreground opening = VectorWarmup.foreground();
        Thread racer = new Thread(() -> VectorWarmup.race(5, counted, counted));
        try {
            racer.start();
            Thread.sleep(150);
            assertEquals(0, rounds.get(), "no round while the foreground work is under way");
        } finally {
            opening.close();
            opening.close(); // a second close changes nothing
        }
        racer.join(5_000);
        assertFalse(racer.isAlive());
        assertTrue(rounds.get() > 0, "the race went on once the work ended: " + rounds.get() + " calls");
        assertFalse(VectorWarmup.foregroundUnderWay());
    }

    @Test
    void theWaitIsBoundedSoALongDecodeStillGetsItsRoutines() {
        try (VectorWarmup.Foreground decode = VectorWarmup.foreground()) {
            long waited = VectorWarmup.yieldToForeground(60_000_000L);
            assertTrue(waited >= 60_000_000L && waited < 2_000_000_000L, waited + " ns");
        }
        // the window answers in several tasks in a row: a moment after one ends is still theirs
        long quiet = VectorWarmup.yieldToForeground(10 * VectorWarmup.QUIET_NANOS);
        assertTrue(quiet > VectorWarmup.QUIET_NANOS / 2 && quiet < 2 * VectorWarmup.QUIET_NANOS, quiet + " ns");
        assertEquals(0, VectorWarmup.yieldToForeground(60_000_000L), "then nothing to wait for");
    }

    @Test
    void eachStretchOfForegroundWorkGetsItsOwnBoundedWait() {
        long budget = 60_000_000L;
        VectorWarmup.Yielding yielding = new VectorWarmup.Yielding(budget);
        try (VectorWarmup.Foreground startUp = VectorWarmup.foreground()) {
            assertTrue(yielding.yieldNow() >= budget, "waited the budget");
            assertTrue(yielding.yieldNow() < budget / 2, "spent within one stretch: a long decode gets its routines");
        }
        assertTrue(yielding.yieldNow() < budget / 2, "nothing under way: no wait");
        try (VectorWarmup.Foreground opening = VectorWarmup.foreground();
             VectorWarmup.Foreground itsProblems = VectorWarmup.foreground()) {
            // the file a person opens after the window's start: a new stretch, waited for again
            assertTrue(yielding.yieldNow() >= budget, "a new stretch renews the wait");
        }
    }

    @Test
    void aRoundPausesBetweenItsCallsAndTheWaitIsNotCountedAsItsTime() throws Exception {
        long t0 = System.nanoTime();
        VectorWarmup.Race race = VectorWarmup.race(1, () -> {
            // the person opens a file in the middle of this round, for 150 ms
            VectorWarmup.Foreground opening = VectorWarmup.foreground();
            new Thread(() -> {
                LockSupport.parkNanos(150_000_000L);
                opening.close();
            }).start();
            VectorWarmup.pause();
            return 1;
        }, () -> 2);
        long wall = System.nanoTime() - t0;
        assertTrue(wall >= 150_000_000L, "the round waited: " + wall + " ns");
        assertTrue(race.scalarNanos() < 100_000_000L, "but not on its clock: " + race.scalarNanos() + " ns");
        assertFalse(VectorWarmup.foregroundUnderWay());

        try (VectorWarmup.Foreground decode = VectorWarmup.foreground()) {
            long p0 = System.nanoTime();
            VectorWarmup.pause();
            assertTrue(System.nanoTime() - p0 < 50_000_000L, "outside a race a pause is nothing");
        }
    }

    @Test
    void warmUpsQueueOnOneThread() throws InterruptedException {
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        CountDownLatch secondDone = new CountDownLatch(1);
        VectorWarmup.start(() -> {
            firstRunning.countDown();
            try {
                releaseFirst.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        VectorWarmup.start(secondDone::countDown);
        assertTrue(firstRunning.await(10, TimeUnit.SECONDS));
        assertFalse(secondDone.await(200, TimeUnit.MILLISECONDS), "the second warm-up waits for the first");
        releaseFirst.countDown();
        assertTrue(secondDone.await(10, TimeUnit.SECONDS));
    }
}
