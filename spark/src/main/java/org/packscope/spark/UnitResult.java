package org.packscope.spark;

import java.io.Serializable;
import java.util.List;

/**
 * What an executor found in one unit.
 *
 * @param status      {@link #VALID}, {@link #DAMAGED}, {@link #UNREADABLE}, {@link #MISSING} or {@link #SKIPPED}
 * @param bytes       stored bytes of the unit, -1 when not known
 * @param values      values the unit decodes to, -1 when not counted (whole files)
 * @param fingerprint size, modification time and ETag (remote) when the unit was read; empty when there is none
 * @param previous    for a skipped unit: its status in the previous census; else empty
 */
public record UnitResult(LakeUnit unit, String status, long bytes, long values, String fingerprint, String previous,
                         List<Problem> problems) implements Serializable {
    public static final String VALID = "valid";
    public static final String DAMAGED = "damaged";
    public static final String UNREADABLE = "unreadable";
    /** A chunk listed as stored that was gone when its executor came to it: the fill value now. */
    public static final String MISSING = "missing";
    public static final String SKIPPED = "skipped-unchanged";

    public UnitResult {
        problems = List.copyOf(problems);
    }

    /** The status the unit's data has: a skipped unit's previous one. */
    String effectiveStatus() { return status.equals(SKIPPED) ? previous : status; }

    boolean errors() { return problems.stream().anyMatch(Problem::error); }
}
