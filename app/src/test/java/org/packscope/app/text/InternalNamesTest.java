package org.packscope.app.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * No internal names in the window: no library's Java class (jhdf's {@code CompoundDataType},
 * an exception's class), no numpy type code standing for a type ({@code S8}), and no
 * command-line option ({@code --max-values}) in any summary or meaning of the samples, nor
 * a Java class or option in any explanation. A field's value is the file's own text (a
 * bcolz dtype "|S8" as its metadata writes it) and is only checked for Java classes; R's
 * "S4" object system is a word of R, not a numpy code.
 */
class InternalNamesTest {
    static final Pattern JAVA = Pattern.compile("\\b\\w+(DataType|Exception|Error)\\b|\\b(io\\.jhdf|java\\.\\w+|org\\.packscope)\\.");
    static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z-]+");
    static final Pattern NUMPY_CODE = Pattern.compile("(?<![\\w.'\"])[|<>]?S(?!4\\b)\\d+\\b");
    static final Pattern INTERNAL = Pattern.compile(JAVA.pattern() + "|" + OPTION.pattern() + "|" + NUMPY_CODE.pattern());

    @Test
    void noInternalNameIsShown() throws Exception {
        List<String> found = new ArrayList<>();
        int texts = WindowTexts.visitAll((where, kind, text) -> {
            if (text == null) return;
            Pattern p = switch (kind) {
                case SUMMARY, MEANING -> INTERNAL;
                case EXPLANATION -> Pattern.compile(JAVA.pattern() + "|" + OPTION.pattern());
                case VALUE -> JAVA;
            };
            if (p.matcher(text).find()) found.add(where + " (" + kind + "): " + text);
        });
        assertTrue(texts > 1000, "texts read: " + texts);
        assertEquals(List.of(), found.subList(0, Math.min(found.size(), 30)));
    }

    @Test
    void thePatternFindsWhatItLooksFor() {
        for (String bad : List.of("CompoundDataType", "io.jhdf.exceptions", "a NullPointerException", "see --max-values", "S8 · 100 rows", "|S12"))
            assertTrue(INTERNAL.matcher(bad).find(), bad);
        for (String fine : List.of("compound", "fixed-length string of 8 bytes", "s3://bucket", "a 16-byte header", "error at byte 4", "S4 PackedMatrixMem_float"))
            assertTrue(!INTERNAL.matcher(fine).find(), fine);
    }
}
