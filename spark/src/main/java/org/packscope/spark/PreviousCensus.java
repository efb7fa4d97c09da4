package org.packscope.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A former run's units and diagnostics, read back from its JSON lines: a unit whose bytes
 * have the same size, modification time and ETag now is not checked again, and keeps its
 * former result (recorded as skipped-unchanged).
 */
final class PreviousCensus {
    /** A unit's former result. */
    record Unit(String fingerprint, String status, long bytes, long values, List<Problem> problems) implements Serializable { }

    private PreviousCensus() { }

    static Map<String, Unit> read(Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Map<String, List<Problem>> problems = new HashMap<>();
        try (BufferedReader r = Files.newBufferedReader(dir.resolve(LakeOutput.DIAGNOSTICS + ".jsonl"))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                JsonNode n = json.readTree(line);
                problems.computeIfAbsent(n.path("unit_id").asText(), k -> new ArrayList<>()).add(new Problem(
                        n.path("address").asText(), n.path("array").asText(), n.path("unit").asText(), n.path("severity").asText(),
                        n.path("rule").asText(), n.path("offset").asText(), n.path("place").asText(), n.path("message").asText(),
                        n.path("line").asText()));
            }
        }
        Map<String, Unit> units = new HashMap<>();
        try (BufferedReader r = Files.newBufferedReader(dir.resolve(LakeOutput.UNITS + ".jsonl"))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                JsonNode n = json.readTree(line);
                String status = n.path("status").asText();
                if (status.equals(UnitResult.SKIPPED)) status = n.path("previous").asText();
                String id = n.path("id").asText();
                units.put(id, new Unit(n.path("fingerprint").asText(), status, n.path("bytes").asLong(-1), n.path("values").asLong(-1),
                        problems.getOrDefault(id, List.of())));
            }
        }
        return units;
    }

    /** The unit's former result, as skipped, when its fingerprint is the same; else null (check it). */
    static UnitResult skip(LakeUnit u, String fingerprint, Map<String, Unit> previous) {
        if (previous == null || fingerprint.isEmpty()) return null;
        Unit p = previous.get(u.id());
        if (p == null || !p.fingerprint().equals(fingerprint)) return null;
        return new UnitResult(u, UnitResult.SKIPPED, p.bytes(), p.values(), fingerprint, p.status(), p.problems());
    }
}
