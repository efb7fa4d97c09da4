package org.packscope.app.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Plain numbers on axes and in headers; powers of ten only where a plain form would be long. */
class NumberTextTest {
    @Test
    void integersAreGroupedAndNeverRounded() {
        assertEquals("1,719,999,998,997", NumberText.plain("1719999998997"));
        assertEquals("-9,223,372,036,854,775,808", NumberText.plain(Long.toString(Long.MIN_VALUE)));
        assertEquals("18,446,744,073,709,551,615", NumberText.plain("18446744073709551615"));
        assertEquals("0", NumberText.plain("0"));
        assertEquals("999", NumberText.plain("999"));
    }

    @Test
    void floatsArePlainUnlessVeryLargeOrSmall() {
        assertEquals("1,709,999,999,500.0002", NumberText.plain("1.7099999995000002E12"));
        assertEquals("-4.710772544584555", NumberText.plain("-4.710772544584555"));
        assertEquals("0.000125", NumberText.plain("1.25E-4"));
        assertEquals("3.4028235E38", NumberText.plain("3.4028235E38"));
        assertEquals("1.5E-9", NumberText.plain("1.5E-9"));
        assertEquals("NaN", NumberText.plain("NaN"));
        assertEquals("—", NumberText.plain("—"));
        assertEquals("-Infinity", NumberText.plain("-Infinity"));
        assertEquals("1,000,000", NumberText.plain(1e6));
    }

    @Test
    void ticksHideTheRoundingNoiseOfComputedSteps() {
        assertEquals("0.3", NumberText.tick(0.1 + 0.2));
        assertEquals("1,719,050,000,000", NumberText.tick(1.71905e12));
        assertEquals("0", NumberText.tick(0));
        assertEquals("-2.5", NumberText.tick(-2.5));
    }
}
