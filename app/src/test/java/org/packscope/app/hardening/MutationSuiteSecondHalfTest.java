package org.packscope.app.hardening;

/** The second half of the mutation suite's inputs, run in a JVM of its own beside the first (see {@link MutationSuite}). */
class MutationSuiteSecondHalfTest extends MutationSuite {
    MutationSuiteSecondHalfTest() { super(1, 2); }
}
