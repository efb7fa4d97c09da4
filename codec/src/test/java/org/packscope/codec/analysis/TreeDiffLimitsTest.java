package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.CpuBound;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;

/** A comparison never claims sameness it did not check: deep nesting, long drill-down lists, tight limits. */
class TreeDiffLimitsTest {

    /** A chain {@code depth} levels deep whose innermost node has field v = {@code leaf}. */
    private static Node chain(int depth, String leaf) {
        Node root = Node.of("doc", "bj-document");
        Node at = root;
        for (int i = 0; i < depth; i++) {
            Node next = Node.of("[0]", "bj-list");
            at.add(next);
            at = next;
        }
        at.field("v", null, leaf, "");
        return root;
    }

    /** A drill-down list (an R list, a long JSON array) whose element {@code at} holds {@code value}. */
    private static Node longList(int n, int at, String value) {
        Node root = Node.of("x.rds", "rds-file");
        Node list = Node.of("list", "r-list").drillDown(true);
        list.lazyChildren(n, i -> Node.of("[" + i + "]", "r-double").field("value", null, i == at ? value : "0", ""));
        root.add(list);
        return root;
    }

    @Test
    void findsADifferenceBelowDepth64() {
        TreeDiff.Result r = TreeDiff.compare(chain(100, "1"), chain(100, "2"), TreeDiff.Limits.DEFAULT, Progress.NONE);
        assertEquals(1, r.found());
        assertTrue(r.differences().get(0).path().contains("levels"), "a long path is shortened: " + r.differences().get(0).path());
    }

    @Test
    void followsNestingOfAHundredThousandWithoutRecursion() {
        TreeDiff.Result r = CpuBound.within(Duration.ofSeconds(10), "diff of two 100,000-deep chains",
                () -> TreeDiff.compare(chain(100_000, "1"), chain(100_000, "2"), TreeDiff.Limits.DEFAULT, Progress.NONE));
        assertEquals(1, r.found());
    }

    @Test
    void aDepthLimitIsReportedAsWhereItStopped() {
        TreeDiff.Result r = TreeDiff.compare(chain(100, "1"), chain(100, "1"), new TreeDiff.Limits(10, 10, 64), Progress.NONE);
        assertFalse(r.same());
        assertFalse(r.complete());
        assertTrue(r.why().contains("nesting deeper than 64"), r.why());
        assertEquals(TreeDiff.STOPPED, TreeDiff.diff(chain(100, "1"), chain(100, "1"), new TreeDiff.Limits(10, 10, 64), Progress.NONE)
                .get(0).what());
    }

    @Test
    void comparesInsideDrillDownListsLongerThan64And4096() {
        for (int n : new int[] {65, 5000}) {
            TreeDiff.Result r = TreeDiff.compare(longList(n, n - 1, "0"), longList(n, n - 1, "7"), TreeDiff.Limits.DEFAULT, Progress.NONE);
            assertEquals(1, r.found(), "list of " + n);
            assertEquals("list/[" + (n - 1) + "]", r.differences().get(0).path());
        }
        assertTrue(TreeDiff.compare(longList(5000, 1, "0"), longList(5000, 1, "0"), TreeDiff.Limits.DEFAULT, Progress.NONE).same());
    }

    @Test
    void aZeroLimitStillFindsTheDifference() {
        TreeDiff.Result r = TreeDiff.compare(chain(3, "1"), chain(3, "2"), new TreeDiff.Limits(0, 0, 64), Progress.NONE);
        assertEquals(0, r.differences().size());
        assertFalse(r.same());
    }

    @Test
    void negativeLimitsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TreeDiff.Limits(-1, 10, 64));
    }
}
