package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;

/** {@code plot --kind histogram} draws every value's count: evenly spread data gives bars of one height. */
public class PlotHistogramTest {

    /** The bench file under ../shared, or null when ../shared is not beside the checkout. */
    public static Path benchFile(String relative) {
        for (Path p = Samples.root().getParent(); p != null; p = p.getParent()) {
            Path f = p.resolveSibling("shared").resolve(relative);
            if (java.nio.file.Files.exists(f)) return f;
        }
        return null;
    }

    /** The height in pixels of each of the 100 bars, read off the picture (bar colour 0x2f6fde). */
    static int[] barHeights(BufferedImage img, int width, int height) {
        int margin = 60, plotW = width - 2 * margin;
        int[] h = new int[100];
        for (int i = 0; i < 100; i++) {
            int x = margin + i * plotW / 100 + 1;
            for (int y = margin; y < height - margin; y++) {
                if ((img.getRGB(x, y) & 0xffffff) == 0x2f6fde) {
                    h[i] = height - margin - y;
                    break;
                }
            }
        }
        return h;
    }

    @Test
    void twentyMillionEvenlySpreadTimestampsDrawBarsOfOneHeight(@TempDir Path dir) throws Exception {
        Path ts = benchFile("bench/pco/i64_ts_20m.pco");
        Assumptions.assumeTrue(ts != null, "../shared/bench is not beside the checkout");
        Path png = dir.resolve("h.png");
        CliTest.Run r = CliTest.run("plot", ts.toString(), "--kind", "histogram", "--out", png.toString());
        assertEquals(0, r.code(), r.err());
        int[] h = barHeights(ImageIO.read(png.toFile()), 1200, 500);
        for (int k : h) assertEquals(h[0], k, java.util.Arrays.toString(h));
        assertEquals(380, h[0], "every bar is the tallest: 200,000 values each");
        assertTrue(new String(r.out()).contains("histogram of 20,000,000 values"), new String(r.out()));
    }

    @Test
    void aSampleHistogramCountsEveryValue(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("h.png");
        CliTest.Run r = CliTest.run("plot", Samples.get("pco/smooth_i64_timestamps_ms.pco").toString(), "--kind", "histogram",
                "--out", png.toString(), "--width", "400", "--height", "200");
        assertEquals(0, r.code(), r.err());
        assertTrue(!new String(r.out()).contains("sampled"), new String(r.out()));
    }
}
