package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** The rules are data: listed by the CLI, published as a page, and every reported rule is among them. */
class RuleListTest {
    private static final Path PAGE = Path.of("../docs/rules.md");

    static Map<String, Rule> catalogued() {
        Map<String, Rule> byId = new HashMap<>();
        for (RuleCatalogue c : RuleCatalogue.all()) {
            for (Rule r : c.rules()) {
                Rule before = byId.putIfAbsent(r.id(), r);
                assertTrue(before == null, "rule " + r.id() + " is catalogued twice (" + c.owner() + ")");
            }
        }
        return byId;
    }

    @Test
    void everyRuleIsCataloguedOnceWithAMeaning() {
        Map<String, Rule> rules = catalogued();
        assertTrue(rules.containsKey("truncated"));
        for (Rule r : rules.values()) assertTrue(r.meaning().length() >= 12, r.id() + " needs a real one-line meaning");
    }

    @Test
    void checkListsTheRules() {
        CliTest.Run r = CliTest.run("check", "--list-rules");
        assertEquals(0, r.code());
        for (String id : catalogued().keySet()) assertTrue(r.text().contains(" " + id + " "), id);
    }

    @Test
    void thePublishedPageIsCurrent() throws Exception {
        String page = RuleList.markdown();
        if (Boolean.getBoolean("packscope.writeRulesPage")) Files.writeString(PAGE, page);
        assertEquals(page, Files.readString(PAGE), "regenerate with: packscope check --list-rules --markdown > docs/rules.md");
    }
}
