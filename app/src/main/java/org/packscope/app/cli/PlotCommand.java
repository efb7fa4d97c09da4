package org.packscope.app.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import javax.imageio.ImageIO;

import org.packscope.app.export.SafeOutput;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Histogram;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Overview;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "plot", description = {
        "Draws the values of PATH as a PNG: a line plot with per-pixel min/max (every spike kept) or a histogram."})
final class PlotCommand implements Callable<Integer> {
    private static final int MARGIN = 60;
    /** The largest side a plot may have: a 4,000² image is 64 MB of pixels, within a 256 MB heap. */
    private static final int MAX_SIDE = 4000;

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--out", required = true, paramLabel = "FILE.png")
    Path out;

    @Option(names = "--kind", description = "line or histogram (default: ${DEFAULT-VALUE})")
    String kind = "line";

    @Option(names = "--width", description = "pixels (default: ${DEFAULT-VALUE})")
    int width = 1200;

    @Option(names = "--height", description = "pixels (default: ${DEFAULT-VALUE})")
    int height = 500;

    @Override
    public Integer call() throws IOException {
        if (!kind.equals("line") && !kind.equals("histogram") || width < 200 || height < 120
                || width > MAX_SIDE || height > MAX_SIDE) {
            cli.err.println("packscope: --kind is line or histogram; --width and --height from 200 and 120 up to " + MAX_SIDE);
            return Cli.EXIT_USAGE;
        }
        Node node = Targets.targetOrExplain(cli, path);
        if (node == null) return Cli.EXIT_USAGE;
        ValueColumn c = node.values();
        if (c == null || !c.type().numeric() || c.count() == 0) {
            cli.err.println("packscope: " + PlainText.escape(path) + " holds no numbers to plot");
            return Cli.EXIT_USAGE;
        }
        int sep = FormatRegistry.innerSeparator(path);
        List<Path> inputs = new ArrayList<>(SafeOutput.inputsOf(node));
        inputs.add(FormatRegistry.pathOf(sep < 0 ? path : path.substring(0, sep)));
        try {
            SafeOutput.refuseInputs(out, inputs);
        } catch (SafeOutput.Refused e) {
            cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return Cli.EXIT_USAGE;
        }
        Overview o = Overview.of(c, 0, c.count(), width - 2 * MARGIN, 100, Progress.NONE);
        // the histogram counts every value (no sampling), in integer cells for integers
        Histogram h = kind.equals("histogram") ? Histogram.of(c, 100, Progress.NONE, null) : null;
        BufferedImage img = h == null ? line(o, c) : histogram(h, c);
        SafeOutput.write(out, inputs, stream -> ImageIO.write(img, "png", stream));
        cli.out.printf(Locale.ROOT, "wrote %s: %s of %,d values (min %s, max %s)%s%n", PlainText.escape(out.toString()), kind, c.count(),
                c.type().kind() == org.packscope.codec.inspect.ValueType.Kind.FLOAT ? o.min() : (long) o.min(),
                c.type().kind() == org.packscope.codec.inspect.ValueType.Kind.FLOAT ? o.max() : (long) o.max(),
                o.sampled() && h == null ? " — sampled" : "");
        return 0;
    }

    private Graphics2D canvas(BufferedImage img, String title) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(0x1f2933));
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(title, MARGIN, 24);
        g.setColor(new Color(0xcbd2d9));
        g.drawRect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN);
        return g;
    }

    private BufferedImage line(Overview o, ValueColumn c) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(img, PlainText.escape(c.name()) + " — " + String.format(Locale.ROOT, "%,d", c.count()) + " values");
        double lo = o.min(), hi = o.max() == o.min() ? o.min() + 1 : o.max();
        int plotH = height - 2 * MARGIN;
        g.setColor(new Color(0x2f6fde));
        g.setStroke(new BasicStroke(1f));
        for (int b = 0; b < o.buckets(); b++) {
            if (Double.isNaN(o.bucketMin()[b])) continue;
            int x = MARGIN + (int) ((long) b * (width - 2 * MARGIN) / o.buckets());
            int y1 = MARGIN + plotH - (int) ((o.bucketMin()[b] - lo) / (hi - lo) * plotH);
            int y2 = MARGIN + plotH - (int) ((o.bucketMax()[b] - lo) / (hi - lo) * plotH);
            g.drawLine(x, y1, x, y2);
        }
        axisLabels(g, String.valueOf(o.max()), String.valueOf(o.min()), "0", String.format(Locale.ROOT, "%,d", c.count() - 1));
        g.dispose();
        return img;
    }

    private BufferedImage histogram(Histogram o, ValueColumn c) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(img, PlainText.escape(c.name()) + " — histogram of all " + String.format(Locale.ROOT, "%,d", o.binned()) + " values"
                + (o.gaps() + o.nonFinite() > 0 ? String.format(Locale.ROOT, " (%,d undecodable, missing or NaN left out)", o.gaps() + o.nonFinite()) : ""));
        long most = o.tallest();
        int bins = o.counts().length, plotW = width - 2 * MARGIN, plotH = height - 2 * MARGIN;
        g.setColor(new Color(0x2f6fde));
        for (int i = 0; i < bins; i++) {
            int x0 = MARGIN + i * plotW / bins, x1 = MARGIN + (i + 1) * plotW / bins;
            int h = (int) ((double) o.counts()[i] / most * plotH);
            g.fillRect(x0, MARGIN + plotH - h, Math.max(1, x1 - x0 - 1), h);
        }
        axisLabels(g, Long.toString(most), "0", String.valueOf(o.edges()[0]), String.valueOf(o.edges()[bins]));
        g.dispose();
        return img;
    }

    private void axisLabels(Graphics2D g, String top, String bottom, String left, String right) {
        g.setColor(new Color(0x52606d));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.drawString(top, 4, MARGIN + 10);
        g.drawString(bottom, 4, height - MARGIN);
        g.drawString(left, MARGIN, height - MARGIN + 16);
        g.drawString(right, width - MARGIN - g.getFontMetrics().stringWidth(right), height - MARGIN + 16);
    }
}
