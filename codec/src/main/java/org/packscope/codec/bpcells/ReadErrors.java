package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;

/** Store failures met while decoding, kept (a few) for the verifier instead of thrown. */
final class ReadErrors {
    private static final int KEEP = 20;
    private final List<ArrayReadException> kept = new ArrayList<>();
    private long count;

    void add(ArrayReadException e) {
        count++;
        if (kept.size() < KEEP) kept.add(e);
    }

    long count() { return count; }

    List<ArrayReadException> kept() { return kept; }
}
