package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class PlainTextTest {

    @Test
    void failuresAreToldWithoutJavaClassNames() {
        assertEquals("it needs more memory than PackScope may use", PlainText.describe(new OutOfMemoryError("Java heap space")));
        assertEquals("it is nested too deeply to follow", PlainText.describe(new StackOverflowError()));
        assertEquals("a reader met a missing value", PlainText.describe(new NullPointerException()));
        String jhdf = PlainText.scrub("io.jhdf.exceptions.HdfException: Failed to read object header at 0x30");
        assertEquals("the read failed: Failed to read object header at 0x30", jhdf);
        assertEquals("out of memory", PlainText.scrub("Java heap space"));
        assertFalse(PlainText.describe(new IllegalStateException("java.lang.NullPointerException")).contains("Exception"));
    }

    @Test
    void controlCharactersAreEscaped() {
        assertEquals("a\\x00b\\x1b[31m\\x0a\\x7f\\u202e", PlainText.escape("a\u0000b\u001b[31m\n\u007f\u202e"));
        assertEquals("naïve 名前", PlainText.escape("naïve 名前"));
    }

    @Test
    void groupsDigitsAsTheFormatterDoes() {
        java.util.Random rnd = new java.util.Random(28);
        long[] edges = {0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long n : edges) assertEquals(String.format(java.util.Locale.ROOT, "%,d", n), PlainText.grouped(n));
        for (int i = 0; i < 10_000; i++) {
            long n = rnd.nextLong() >> rnd.nextInt(64);
            assertEquals(String.format(java.util.Locale.ROOT, "%,d", n), PlainText.grouped(n));
        }
    }
}
