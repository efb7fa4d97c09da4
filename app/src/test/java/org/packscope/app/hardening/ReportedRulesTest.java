package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.analysis.TreeWalk;

/** Every rule PackScope reports on the samples, fixtures and their damaged copies is in a catalogue. */
class ReportedRulesTest {

    @Test
    void everyReportedRuleIsCatalogued() {
        Set<String> known = new HashSet<>();
        for (RuleCatalogue c : RuleCatalogue.all()) for (Rule r : c.rules()) known.add(r.id());
        Set<String> unknown = new TreeSet<>();
        Set<String> reported = new TreeSet<>();
        FormatRegistry registry = FormatRegistry.standard();
        for (Inputs.Input in : Inputs.all()) {
            try (Node root = registry.open(in.path())) {
                for (TreeWalk.Located l : TreeWalk.diagnostics(root, true, 20_000, Progress.NONE)) {
                    String id = l.diagnostic().rule();
                    reported.add(id);
                    if (!known.contains(id)) unknown.add(id + " (" + in.label() + ")");
                }
            }
        }
        assertTrue(reported.size() > 20, "the inputs report only " + reported);
        assertEquals(Set.of(), unknown);
    }
}
