package org.packscope.app.ui.view;

import java.util.Locale;

import org.packscope.app.plot.NumberText;
import org.packscope.codec.analysis.Histogram;
import org.packscope.codec.analysis.Overview;
import org.packscope.codec.inspect.Summary;

/**
 * What the plot draws, made from the codec's results on the thread that computed them: the
 * FX thread then only hands arrays and text to the charts and never calls into the codec
 * while drawing (its watchdog counts any codec frame on the FX thread as reading data).
 */
final class PlotPictures {
    private PlotPictures() {}

    /**
     * The line plot of {@code [from, to)}: per pixel column the least and greatest value
     * (NaN where the column holds none), the value axis's fitted bounds (NaN when nothing
     * was counted), the statistics header, and the overview it was made from (for tests).
     */
    record Line(long from, long to, double[] min, double[] max, double axisLow, double axisHigh,
                String stats, boolean complete, Overview source) {
        int columns() { return min.length; }

        static Line of(Overview o) {
            Summary s = o.summary();
            double low = Double.NaN, high = Double.NaN;
            if (s.counted() > 0) {
                double min = s.min(), max = s.max();
                // a little room above and below; a constant gets ±1 around it
                double pad = max > min ? (max - min) * 0.04 : Math.max(1, Math.abs(min) * 1e-9);
                low = min - pad;
                high = max + pad;
            }
            return new Line(o.from(), o.to(), o.bucketMin(), o.bucketMax(), low, high,
                    statistics(o.from(), o.to(), s), o.complete(), o);
        }

        /** The header: the range, exact extremes and mean, what was left out; "so far" while reading. */
        private static String statistics(long from, long to, Summary s) {
            String text = String.format(Locale.ROOT, "%,d–%,d · min %s · max %s · mean %s%s%s",
                    from, to - 1, NumberText.plain(s.minText()), NumberText.plain(s.maxText()), NumberText.plain(s.mean()),
                    s.gaps() > 0 ? String.format(Locale.ROOT, " · %,d undecodable or missing (left out)", s.gaps()) : "",
                    s.nonFinite() > 0 ? String.format(Locale.ROOT, " · %,d NaN/∞", s.nonFinite()) : "");
            return s.exact() ? text : String.format(Locale.ROOT, "reading… %,d of %,d values so far · %s", s.read(), s.total(), text);
        }
    }

    /**
     * A histogram's bars: bin centres and counts, the bin axis's bounds, the count axis's
     * top, the statistics line, and the histogram it was made from (for tests).
     */
    record Bars(double[] centers, double[] counts, double low, double high, double top,
                String stats, boolean complete, Histogram source) {

        /** {@code what} names the values counted ("values", "elements"), {@code total} how many there are. */
        static Bars of(Histogram h, String what, long total) {
            int bins = h.counts().length;
            double[] edges = h.edges();
            double[] centers = new double[bins], counts = new double[bins];
            for (int i = 0; i < bins; i++) {
                centers[i] = (edges[i] + edges[i + 1]) / 2;
                counts[i] = h.counts()[i];
            }
            String stats = String.format(Locale.ROOT, "%s%,d %s in %d bins of width %s%s%s",
                    h.complete() ? "all " : String.format(Locale.ROOT, "counting… %,d of %,d read · ", h.read(), total),
                    h.binned(), what, bins, NumberText.tick(edges[1] - edges[0]),
                    h.gaps() > 0 ? String.format(Locale.ROOT, " · %,d undecodable or missing (left out)", h.gaps()) : "",
                    h.nonFinite() > 0 ? String.format(Locale.ROOT, " · %,d NaN/∞ (left out)", h.nonFinite()) : "");
            return new Bars(centers, counts, edges[0], edges[bins], h.tallest() * 1.05, stats, h.complete(), h);
        }
    }
}
