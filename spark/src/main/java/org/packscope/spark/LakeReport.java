package org.packscope.spark;

import java.util.List;

/**
 * A run's results: every unit's, in the order the units were listed, and the census.
 *
 * @param seconds the time from listing to the last result
 */
public record LakeReport(List<String> addresses, List<UnitResult> results, List<Census.Row> census, double seconds) {

    /** Like {@code check}'s: 0 no errors (warnings allowed), 1 errors found, 2 something could not be read. */
    public int exitStatus() {
        if (results.stream().anyMatch(u -> u.status().equals(UnitResult.UNREADABLE))) return 2;
        return results.stream().anyMatch(UnitResult::errors) ? 1 : 0;
    }

    /** Every problem, unit by unit. */
    public List<Problem> problems() {
        return results.stream().flatMap(u -> u.problems().stream()).toList();
    }

    long count(String status) {
        return results.stream().filter(u -> u.status().equals(status)).count();
    }
}
