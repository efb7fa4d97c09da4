package org.packscope.app.ui.view;

import io.fair_acc.chartfx.renderer.spi.AbstractRendererXY;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.packscope.app.plot.Envelope;
import org.packscope.codec.analysis.Overview;

/**
 * Draws an {@link Overview}, as a {@link PlotPictures.Line}, on a chartfx chart: each pixel column filled from its
 * maximum's row to its minimum's, the line through the middles inside that band (see
 * {@link Envelope}). Columns are placed through the index axis: when the axis shows the
 * overview's range over as many pixels as it has columns (as {@link PlotView} sets it),
 * column {@code b} is pixel column {@code b}, so what is drawn in a pixel column is
 * exactly the extent of the values mapped to it. Only whole-pixel rectangles are filled:
 * no antialiased edge blurs an extent, and a software-rendered frame stays cheap.
 */
final class EnvelopeRenderer extends AbstractRendererXY<EnvelopeRenderer> {
    private PlotPictures.Line picture;

    /** Shows {@code p} (null: nothing) from the next frame on. */
    void show(PlotPictures.Line p) {
        picture = p;
        invalidateCanvas();
    }

    /** The overview drawn (for tests). */
    Overview shown() { return picture == null ? null : picture.source(); }

    /** The band's colour in {@code theme}: solid, lighter than the line on light backgrounds, darker on dark ones. */
    static Color band(Theme theme) { return theme == Theme.DARK ? BAND_DARK : BAND_LIGHT; }

    /** The line's colour in {@code theme}. */
    static Color line(Theme theme) { return theme == Theme.DARK ? LINE_DARK : LINE_LIGHT; }

    // parsed once: Color.web per pixel column was a fifth of the FX thread's time while a plot is read
    private static final Color BAND_DARK = Color.web("#2b4a7a"), BAND_LIGHT = Color.web("#9dbcf0");
    private static final Color LINE_DARK = Color.web("#79b8ff"), LINE_LIGHT = Color.web("#1f56b8");

    @Override
    protected void render(GraphicsContext gc, DataSet ds, DataSetNode style) {
        PlotPictures.Line o = picture;
        if (o == null || o.columns() == 0) return;
        Envelope e = Envelope.of(o.min(), o.max(), yAxis::getDisplayPosition);
        Theme theme = Theme.current();
        Color bandColor = band(theme), lineColor = line(theme);
        double width = gc.getCanvas().getWidth(), height = gc.getCanvas().getHeight();
        int columns = o.columns();
        double n = o.to() - o.from();
        gc.save();
        gc.beginPath();
        gc.rect(0, 0, width, height);
        gc.clip();
        int x0 = pixel(o.from());
        for (int b = 0; b < columns; b++) {
            int x1 = pixel(o.from() + (b + 1) * n / columns);
            if (e.present(b) && x1 >= 0 && x0 < width) {
                int w = Math.max(1, x1 - x0);
                int top = Math.max(-1, e.top()[b]), bottom = (int) Math.min(height + 1, e.bottom()[b]);
                if (bottom >= top) {
                    gc.setFill(bandColor);
                    gc.fillRect(x0, top, w, bottom - top + 1);
                    int lineTop = Math.max(-1, e.lineTop()[b]), lineBottom = (int) Math.min(height + 1, e.lineBottom()[b]);
                    gc.setFill(lineColor);
                    gc.fillRect(x0, lineTop, w, lineBottom - lineTop + 1);
                }
            }
            x0 = Math.max(x0, x1);
        }
        gc.restore();
    }

    /** The pixel column index {@code i} falls in (a hair of rounding is not a column). */
    private int pixel(double index) {
        return (int) Math.floor(xAxis.getDisplayPosition(index) + 1e-6);
    }

    @Override
    protected EnvelopeRenderer getThis() { return this; }
}
