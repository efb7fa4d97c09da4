package org.packscope.codec.inspect;

import java.util.function.Consumer;

/**
 * Checks that need more than the structure, usually a full decode of the data
 * (corrupt tANS streams, bad compressed blocks). {@code check} runs it; views may too.
 */
@FunctionalInterface
public interface Verifier {
    void verify(Consumer<Diagnostic> sink, Progress progress);
}
