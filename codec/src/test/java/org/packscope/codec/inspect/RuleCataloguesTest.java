package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.io.NotRegularFileException;

/** The rule catalogues as data: found through ServiceLoader, every id defined once, each with its meaning. */
class RuleCataloguesTest {

    @Test
    void everyIdIsDefinedInOneCatalogueOnly() {
        Map<String, String> owner = new HashMap<>();
        for (RuleCatalogue c : RuleCatalogue.all()) {
            assertFalse(c.rules().isEmpty(), c.owner() + " lists no rules");
            for (Rule r : c.rules()) {
                String before = owner.put(r.id(), c.owner());
                assertEquals(null, before, r.id() + " is catalogued by both " + before + " and " + c.owner());
                assertFalse(r.meaning().isBlank(), r.id());
            }
        }
    }

    @Test
    void theCataloguesOfThisPortAreRegistered() {
        List<String> owners = RuleCatalogue.all().stream().map(c -> c.getClass().getSimpleName()).toList();
        for (String name : List.of("SharedRules", "ReadRules", "FormatRules", "FsRules", "Hdf5Rules", "SparseRules",
                "AnndataRules", "BpcellsRules", "Bp128Rules")) {
            assertTrue(owners.contains(name), name + " is not in META-INF/services: " + owners);
        }
    }

    /** io cannot name a Rule (it would depend back on inspect); its text ids must stay those of the shared rules. */
    @Test
    void ioTextIdsAreTheSharedRules() {
        assertEquals(SharedRules.TOO_LARGE_TO_HOLD.id(), MemoryBudget.RULE);
        assertEquals(SharedRules.NOT_REGULAR_FILE.id(), NotRegularFileException.RULE);
        assertEquals(org.packscope.codec.read.ReadRules.TRUNCATED, SharedRules.TRUNCATED);
    }

    @Test
    void severitiesAreTheUsualOnes() {
        assertEquals(Severity.INFO, SharedRules.CANCELLED.severity());
        assertEquals(Severity.INFO, SharedRules.WALK_LIMIT.severity());
        assertEquals(Severity.WARNING, org.packscope.codec.bpcells.bp128.Bp128Rules.DATA_TRAILING.severity());
    }
}
