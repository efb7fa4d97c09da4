package org.packscope.app.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * "1 chunks" nowhere: every summary and field value of every sample (and the CF fixtures),
 * walked a few levels deep, says one thing in the singular.
 */
class PluralsTest {
    /** "1" (not part of a larger number or a decimal) followed by a plural noun. */
    static final Pattern ONE_PLURAL = Pattern.compile("(?<![\\d.,])1 (chunks|values|entries|blocks|rows|bytes|pages|errors|warnings"
            + "|categories|columns|arrays|groups|files|numbers|elements|members|attributes|children|datasets|streams|bins|batches|words|items)\\b");

    @Test
    void oneIsSingularEverywhere() throws Exception {
        List<String> found = new ArrayList<>();
        int texts = WindowTexts.visitAll((where, kind, text) -> {
            if (text == null || (kind != WindowTexts.Kind.SUMMARY && kind != WindowTexts.Kind.VALUE)) return;
            Matcher m = ONE_PLURAL.matcher(text);
            if (m.find()) found.add(where + ": " + text);
        });
        assertTrue(texts > 1000, "texts read: " + texts);
        assertEquals(List.of(), found);
    }

    @Test
    void thePatternFindsWhatItLooksFor() {
        assertTrue(ONE_PLURAL.matcher("Zarr v2 array · 1 chunks").find());
        assertTrue(!ONE_PLURAL.matcher("11 chunks · 2.1 values · 1,001 bytes · 1 chunk").find());
    }
}
