package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.read.ReadRules;
import org.packscope.codec.testing.Fixtures;

/** The Pco rule catalogue is found like every other and names every rule the reader reports on damaged files. */
class PcoRulesTest {

    @Test
    void catalogueIsRegisteredWithDistinctIds() {
        assertTrue(RuleCatalogue.all().stream().anyMatch(c -> c instanceof PcoRules), "PcoRules not in META-INF/services");
        List<Rule> rules = new PcoRules().rules();
        Set<String> ids = new HashSet<>();
        for (Rule r : rules) assertTrue(ids.add(r.id()), "twice: " + r.id());
        assertTrue(rules.size() > 30, rules.toString());
    }

    @Test
    void everyReportedRuleIsCatalogued() {
        Set<String> known = new HashSet<>();
        // Pco's own rules and the shared ones every reader reports (truncated, too_large_to_hold, bad_magic ...)
        for (org.packscope.codec.inspect.RuleCatalogue c : org.packscope.codec.inspect.RuleCatalogue.all()) c.rules().forEach(r -> known.add(r.id()));
        Set<String> seen = new HashSet<>();
        for (String fixture : List.of("v1_0/dict_f64_10vals_nan", "v1_0/conv1_u8_near_zero_o3", "v0_4/lookback_f64_daily24",
                "v1_0/floatmult_f64_price_walk", "v0_4/multichunk_f32_10x1000")) {
            byte[] orig = Fixtures.bytes(Fixtures.resource("fixtures/pco/" + fixture + ".pco"));
            Random rnd = new Random(fixture.hashCode());
            for (int round = 0; round < 80; round++) {
                byte[] b = orig.clone();
                int pos = rnd.nextInt(Math.min(b.length, 64));
                b[pos] ^= (byte) (1 << rnd.nextInt(8));
                if (rnd.nextInt(4) == 0) b = java.util.Arrays.copyOf(b, rnd.nextInt(b.length));
                for (Diagnostic d : diagnostics(b)) {
                    seen.add(d.rule());
                    assertTrue(known.contains(d.rule()), fixture + ": rule " + d.rule() + " is not catalogued (" + d.message() + ")");
                }
            }
        }
        // the flips reach the header, the chunk metadata and the pages
        assertTrue(seen.size() >= 8, seen.toString());
    }

    private static List<Diagnostic> diagnostics(byte[] b) {
        Node root = PcoNodes.file("r.pco", ByteSource.of(b, "r.pco"));
        List<Diagnostic> found = new ArrayList<>(root.diagnostics());
        Verifier v = root.facet(Verifier.class);
        if (v != null) v.verify(found::add, Progress.NONE);
        for (Node c : root.children()) {
            found.addAll(c.diagnostics());
            for (Node g : c.children()) found.addAll(g.diagnostics());
        }
        return found;
    }
}
