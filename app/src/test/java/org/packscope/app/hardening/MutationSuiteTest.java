package org.packscope.app.hardening;

/** The first half of the mutation suite's inputs (see {@link MutationSuite}). */
class MutationSuiteTest extends MutationSuite {
    MutationSuiteTest() { super(0, 2); }
}
