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
import org.packscope.app.plot.Envelope;
import org.packscope.app.plot.NumberText;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.analysis.Histogram;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.Overview;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Summary;
import org.packscope.codec.inspect.ValueColumn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "plot", description = {
        "Draws the values of PATH as a PNG: a line plot with per-pixel min/max (every spike kept) or a histogram.",
        "netCDF / CF data is drawn as physical values (fills as gaps); --stored-values draws the numbers as stored."})
final class PlotCommand implements Callable<Integer> {
    private static final int MARGIN = 60;
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** The band of each pixel column, minimum to maximum, and the line through the middles. */
    static final Color BAND = new Color(0x9dbcf0), LINE = new Color(0x1f56b8);
    /** Where the plot area starts (its columns run from here to {@code width - MARGIN}). */
    private int left = MARGIN;
    /** The largest side a plot may have: a 4,000² image is 64 MB of pixels, within a 256 MB heap. */
    private static final int MAX_SIDE = 4000;

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--out", required = true, paramLabel = "FILE.png")
    Path out;

    @picocli.CommandLine.Mixin DtypeOption dtype = new DtypeOption();

    @picocli.CommandLine.Mixin StoredValuesOption storedValues = new StoredValuesOption();

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
        if (!dtype.applyTo(cli, node)) return Cli.EXIT_USAGE;
        // netCDF / CF data is drawn as physical values, fills as gaps, unless --stored-values
        storedValues.applyTo(node);
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
        BufferedImage img = draw(c);
        SafeOutput.write(out, inputs, stream -> ImageIO.write(img, "png", stream));
        cli.out.printf(Locale.ROOT, "wrote %s: %s of %,d values%s%n", PlainText.escape(out.toString()), kind, c.count(), statistics);
        // a readable but damaged input is a problem found (1), never a clean plot: what the reader
        // found wrong, while opening or while drawing, is said as decode says it
        boolean damaged = undecodable > 0;
        if (damaged) {
            // damage met while drawing (a block that cannot be decoded), which opening the file did not see
            cli.err.printf(Locale.ROOT, "packscope: %s: %,d value%s could not be decoded and %s left out of the plot (run check for where)%n",
                    PlainText.escape(path), undecodable, undecodable == 1 ? "" : "s", undecodable == 1 ? "is" : "are");
        }
        int told = 0;
        for (Diagnostic d : node.diagnostics()) {
            if (d.severity() != Severity.ERROR) continue;
            damaged = true;
            if (told++ == MAX_NOTES) break;
            cli.err.println("packscope: " + PlainText.escape(path) + ": error at byte " + (d.span() == null ? "0" : d.span().offsetText())
                    + ": " + d.rule() + ": " + PlainText.forDisplay(d.message()) + " (the plot shows the values as read)");
        }
        return damaged ? 1 : 0;
    }

    /** Problems of the plotted node listed on standard error at most. */
    private static final int MAX_NOTES = 20;

    /** What the last {@link #draw} found, for the line printed after it: exact minimum, maximum and mean. */
    private String statistics = "";
    /** Values the last {@link #draw} met that could not be decoded (left out of the picture). */
    private long undecodable;

    /** The picture of {@code c}'s values as {@link #kind}, {@link #width} × {@link #height}. */
    BufferedImage draw(ValueColumn c) {
        if (h(kind)) {
            // the histogram counts every value, in integer cells for integers
            Histogram h = Histogram.of(c, 100, Progress.NONE, null);
            left = leftMargin(NumberText.plain(Long.toString(h.tallest())));
            statistics = "";
            undecodable = h.undecodable();
            return histogram(h, c);
        }
        // one pass over the values: value labels too wide for the margin go above and below the plot instead
        left = MARGIN;
        // every value is read: the columns and the statistics are exact
        Overview o = Overview.of(c, 0, c.count(), width - left - MARGIN, Progress.NONE);
        Summary s = o.summary();
        undecodable = s.undecodable();
        statistics = String.format(Locale.ROOT, " (min %s, max %s, mean %s)", NumberText.plain(s.minText()),
                NumberText.plain(s.maxText()), NumberText.plain(s.mean()));
        return line(o, c);
    }

    private static boolean h(String kind) { return kind.equals("histogram"); }

    /** Where the plot area starts: at {@link #MARGIN}, or further right when a value label is wider. */
    private static int leftMargin(String... labels) {
        java.awt.FontMetrics m = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics().getFontMetrics(LABEL_FONT);
        int widest = 0;
        for (String l : labels) widest = Math.max(widest, m.stringWidth(l));
        return Math.max(MARGIN, widest + 10);
    }

    private Graphics2D canvas(BufferedImage img, String title) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(0x1f2933));
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(title, left, 24);
        // the frame lies just outside the plot area, so every column inside is the data's
        g.setColor(new Color(0xcbd2d9));
        g.drawRect(left - 1, MARGIN - 1, width - left - MARGIN + 1, height - 2 * MARGIN + 1);
        return g;
    }

    /**
     * Column {@code x} of the plot area ({@code left + x} in the picture) holds the indices
     * {@code i} with {@code floor(i · W / n) = x}; value {@code v} lies on row
     * {@code MARGIN + floor((H - 1) · (max - v) / (max - min))} (a constant column on the middle row).
     * Each column is filled from its maximum's row to its minimum's, the line through the
     * middles drawn inside that band (see {@link Envelope}).
     */
    private BufferedImage line(Overview o, ValueColumn c) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Summary s = o.summary();
        Graphics2D g = canvas(img, PlainText.escape(c.name()) + " — " + String.format(Locale.ROOT, "%,d", c.count())
                + " values, each pixel column's minimum to maximum"
                + (s.gaps() + s.nonFinite() > 0 ? String.format(Locale.ROOT, " (%,d undecodable, missing or NaN left out)", s.gaps() + s.nonFinite()) : ""));
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        Envelope e = Envelope.of(o.bucketMin(), o.bucketMax(), rows(s.min(), s.max(), MARGIN, height - 2 * MARGIN));
        for (int x = 0; x < e.columns(); x++) {
            if (!e.present(x)) continue;
            g.setColor(BAND);
            g.fillRect(left + x, e.top()[x], 1, e.bottom()[x] - e.top()[x] + 1);
            g.setColor(LINE);
            g.fillRect(left + x, e.lineTop()[x], 1, e.lineBottom()[x] - e.lineTop()[x] + 1);
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        axisLabels(g, NumberText.plain(s.maxText()), NumberText.plain(s.minText()), "0", String.format(Locale.ROOT, "%,d", c.count() - 1));
        g.dispose();
        return img;
    }

    /** Value to pixel row over {@code rows} rows from {@code top}: the maximum on the first, the minimum on the last. */
    static java.util.function.DoubleUnaryOperator rows(double min, double max, int top, int rows) {
        if (!(max > min)) return v -> top + (rows - 1) / 2;
        return v -> top + (rows - 1) * ((max - v) / (max - min));
    }

    private BufferedImage histogram(Histogram o, ValueColumn c) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(img, PlainText.escape(c.name()) + " — histogram of all " + String.format(Locale.ROOT, "%,d", o.binned()) + " values"
                + (o.gaps() + o.nonFinite() > 0 ? String.format(Locale.ROOT, " (%,d undecodable, missing or NaN left out)", o.gaps() + o.nonFinite()) : ""));
        long most = o.tallest();
        int bins = o.counts().length, plotW = width - left - MARGIN, plotH = height - 2 * MARGIN;
        g.setColor(new Color(0x2f6fde));
        for (int i = 0; i < bins; i++) {
            int x0 = left + i * plotW / bins, x1 = left + (i + 1) * plotW / bins;
            int h = (int) ((double) o.counts()[i] / most * plotH);
            g.fillRect(x0, MARGIN + plotH - h, Math.max(1, x1 - x0 - 1), h);
        }
        axisLabels(g, NumberText.plain(Long.toString(most)), "0", NumberText.plain(o.edges()[0]), NumberText.plain(o.edges()[bins]));
        g.dispose();
        return img;
    }

    private void axisLabels(Graphics2D g, String top, String bottom, String left, String right) {
        g.setColor(new Color(0x52606d));
        g.setFont(LABEL_FONT);
        java.awt.FontMetrics m = g.getFontMetrics();
        int indexRow = height - MARGIN + 16;
        if (Math.max(m.stringWidth(top), m.stringWidth(bottom)) <= this.left - 8) {
            // value labels end 6 px before the plot area
            g.drawString(top, this.left - 6 - m.stringWidth(top), MARGIN + 10);
            g.drawString(bottom, this.left - 6 - m.stringWidth(bottom), height - MARGIN);
        } else {
            // too wide for the margin: above the plot's top left corner and below its bottom left one, never cut
            g.drawString(top, this.left, MARGIN - 6);
            g.drawString(bottom, this.left, indexRow);
            indexRow += 16;
        }
        g.drawString(left, this.left, indexRow);
        g.drawString(right, width - MARGIN - m.stringWidth(right), indexRow);
    }
}
