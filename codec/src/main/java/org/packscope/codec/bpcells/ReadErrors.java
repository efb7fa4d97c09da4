package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.read.ReadProblem;

/** Store failures met while decoding, kept (a few) as the matrix's diagnostics for the verifier instead of thrown. */
final class ReadErrors {
    private static final int KEEP = 20;
    private final List<Diagnostic> kept = new ArrayList<>();
    private long count;

    /** A failure to read {@code array}, placed in it as the matrix node places problems. */
    void add(String array, ReadProblem e) {
        count++;
        if (kept.size() < KEEP) {
            kept.add(StructureReader.diagnostic(Severity.ERROR, null, BpcellsRules.ARRAY_UNREADABLE,
                    StructureReader.where(array, -1, StructureReader.byteOffsetOf(e), e.getMessage())));
        }
    }

    /** A store that broke its contract (threw something else): reported, never thrown on. */
    void add(String array, RuntimeException e) {
        add(array, e instanceof ReadProblem p ? p : ArrayStore.unreadable(-1, "reading " + array + " failed: " + e));
    }

    long count() { return count; }

    List<Diagnostic> kept() { return kept; }
}
