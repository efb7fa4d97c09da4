package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.packscope.codec.analysis.Histogram;

/** The histogram's header line as a person reads it. */
class PlotPicturesTest {
    @Test
    void theBinWidthIsShownWithoutTheNoiseOfItsSubtraction() {
        double low = 10, width = 9.9857;
        double[] edges = {low, low + width, low + 2 * width};
        // the edges' difference is the width plus rounding noise, the text is the width
        assertTrue(edges[1] - edges[0] != width, "the example must carry noise: " + (edges[1] - edges[0]));
        var bars = PlotPictures.Bars.of(new Histogram(edges, new long[] {3, 4}, 0, 0, 7, true, 0), "values", 7);
        assertEquals("all 7 values in 2 bins of width 9.9857", bars.stats());
    }
}
