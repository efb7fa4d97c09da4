package org.packscope.app.ui.view;

import java.util.Locale;
import java.util.function.LongConsumer;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Orientation;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;

/**
 * A virtual hex view: only the rows on screen are read and drawn, so multi-GB files
 * scroll as fast as small ones. The selected span is highlighted byte by byte, and a
 * bit strip below shows the bits of the bytes it touches, with the span's own bits
 * marked (bit 0 of each byte is its least significant bit).
 */
public final class HexView extends BorderPane {
    static final int BYTES_PER_ROW = 16;
    private static final double ROW_HEIGHT = 18;
    private static final double CHAR_WIDTH = 8.4;
    private static final int BIT_STRIP_BYTES = 8;

    private final Canvas canvas = new Canvas();
    private final Canvas bitStrip = new Canvas();
    private final ScrollBar scroll = new ScrollBar();
    private final Label header = new Label("No bytes to show");
    private final javafx.scene.control.TextField goTo = new javafx.scene.control.TextField();
    private final ObjectProperty<Span> selection = new SimpleObjectProperty<>();
    private final Font font = Font.font("Monospaced", 13);
    private final Font bold = Font.font("Monospaced", FontWeight.BOLD, 13);

    private ByteSource source;
    private LongConsumer onByteClicked = b -> { };

    public HexView() {
        setId("hex-view");
        header.setId("hex-selection");
        Pane holder = new Pane(canvas);
        holder.setMinSize(0, 0);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> redraw());
        canvas.heightProperty().addListener(o -> redraw());
        scroll.setOrientation(Orientation.VERTICAL);
        scroll.valueProperty().addListener(o -> redraw());
        bitStrip.setHeight(44);
        bitStrip.widthProperty().bind(widthProperty());
        selection.addListener(o -> { redraw(); drawBitStrip(); updateHeader(); });
        goTo.setId("hex-goto");
        goTo.setPromptText("go to offset (12, 0x1f, 12.3)");
        goTo.setPrefColumnCount(16);
        goTo.setOnAction(e -> {
            String why = goToProblem(goTo.getText());
            goToRefused(why);
            if (why != null) goTo.selectAll();
        });
        goTo.textProperty().addListener(o -> goToRefused(null));
        javafx.scene.layout.Region spring = new javafx.scene.layout.Region();
        javafx.scene.layout.HBox.setHgrow(spring, javafx.scene.layout.Priority.ALWAYS);
        javafx.scene.layout.HBox top = new javafx.scene.layout.HBox(8, header, spring, goTo);
        top.getStyleClass().add("hex-header");
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        setTop(top);
        setCenter(holder);
        setRight(scroll);
        setBottom(bitStrip);
        holder.setOnScroll(e -> scroll.setValue(clamp(scroll.getValue() - Math.signum(e.getDeltaY()) * 3)));
        holder.setOnMousePressed(e -> requestFocus());
        holder.setOnMouseClicked(e -> {
            if (e.getButton() != MouseButton.PRIMARY || source == null) return;
            long offset = byteAt(e.getX(), e.getY());
            if (offset >= 0) onByteClicked.accept(offset);
        });
        setFocusTraversable(true);
        setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == KeyCode.G) {
                goTo.requestFocus();
                goTo.selectAll();
                return;
            }
            double rows = visibleRows();
            if ((e.getCode() == KeyCode.LEFT || e.getCode() == KeyCode.RIGHT) && source != null && source.size() > 0) {
                stepField(e.getCode() == KeyCode.RIGHT);
                e.consume();
                return;
            }
            if (e.getCode() == KeyCode.PAGE_DOWN) scroll.setValue(clamp(scroll.getValue() + rows));
            else if (e.getCode() == KeyCode.PAGE_UP) scroll.setValue(clamp(scroll.getValue() - rows));
            else if (e.getCode() == KeyCode.DOWN) scroll.setValue(clamp(scroll.getValue() + 1));
            else if (e.getCode() == KeyCode.UP) scroll.setValue(clamp(scroll.getValue() - 1));
            else if (e.getCode() == KeyCode.HOME) scroll.setValue(0);
            else if (e.getCode() == KeyCode.END) scroll.setValue(scroll.getMax());
        });
    }

    /**
     * The keyboard's click: the byte just after (or before) the selection is clicked, so
     * the innermost field there gets selected, and so on through the file.
     */
    private void stepField(boolean forward) {
        Span s = selection.get();
        long top = (long) scroll.getValue() * BYTES_PER_ROW;
        long at = s == null ? top : forward ? s.byteEnd() : s.byteOffset() - 1;
        if (s != null && forward && s.byteLength() == 0) at = s.byteOffset() + 1;
        at = Math.max(0, Math.min(source.size() - 1, at));
        onByteClicked.accept(at);
    }

    void setOnByteClicked(LongConsumer handler) { this.onByteClicked = handler; }

    ObjectProperty<Span> selectionProperty() { return selection; }

    public ByteSource source() { return source; }

    String headerText() { return header.getText(); }

    /** Repaints with the current theme's colours. */
    void repaint() {
        redraw();
        drawBitStrip();
    }

    public void show(ByteSource src) {
        if (src == source && src != null) {
            selection.set(null);
            return;
        }
        this.source = src;
        long rows = src == null ? 0 : (src.size() + BYTES_PER_ROW - 1) / BYTES_PER_ROW;
        scroll.setMin(0);
        scroll.setMax(Math.max(0, rows - 1));
        scroll.setValue(0);
        scroll.setVisibleAmount(Math.max(1, visibleRows()));
        selection.set(null);
        updateHeader();
        redraw();
        drawBitStrip();
    }

    /**
     * Selects {@code span}; a span of no bits (a place, as a problem or a trace step may
     * name) is shown as the byte starting there, so the place can be seen.
     */
    public void selectPlace(Span span) {
        select(span.bitLength() == 0 ? Span.bits(span.startBit(), 8) : span);
    }

    /** Selects a span and scrolls it into view. */
    void select(Span span) {
        selection.set(span);
        if (span != null && source != null) {
            long row = span.byteOffset() / BYTES_PER_ROW;
            double top = scroll.getValue();
            if (row < top || row >= top + visibleRows() - 1) scroll.setValue(clamp(row - 2));
        }
    }

    /**
     * Jumps to a byte offset given as decimal, 0x-hex or "byte.bit", selecting that
     * byte (or bit); false when the text is not an offset inside the data.
     */
    boolean goToOffset(String text) {
        return goToProblem(text) == null;
    }

    /** Jumps as {@link #goToOffset} does; null when it did, else why not, in words. */
    String goToProblem(String text) {
        if (source == null) return "there are no bytes to go to";
        String t = text == null ? "" : text.trim().replace(",", "").replace("_", "");
        if (t.isEmpty()) return "type an offset: 12, 0x1f or 12.3 (byte 12, bit 3)";
        boolean hex = t.startsWith("0x") || t.startsWith("0X");
        int bit = -1;
        int dot = t.indexOf('.');
        if (dot >= 0) {
            if (hex) return "'" + text.trim() + "': a bit number goes with a decimal byte (12.3), not with 0x";
            try {
                bit = Integer.parseInt(t.substring(dot + 1));
            } catch (NumberFormatException e) {
                return "'" + text.trim() + "': the part after the dot is a bit number, 0 to 7";
            }
            if (bit < 0 || bit > 7) return "'" + text.trim() + "': a byte has bits 0 to 7";
            t = t.substring(0, dot);
        }
        long off;
        try {
            off = hex ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
        } catch (NumberFormatException e) {
            return "'" + text.trim() + "' is not an offset: use 12, 0x1f or 12.3";
        }
        if (off < 0 || off >= source.size()) {
            return String.format(Locale.ROOT, "byte %,d is past the end: the data has %,d bytes (0–%,d)", off, source.size(),
                    Math.max(0, source.size() - 1));
        }
        select(bit < 0 ? Span.bytes(off, 1) : Span.bits(off * 8 + bit, 1));
        return null;
    }

    /** Says on the field why the last go-to did nothing (a red border and a tooltip), or clears it. */
    private void goToRefused(String why) {
        goToProblem = why;
        goTo.pseudoClassStateChanged(INVALID, why != null);
        goTo.setTooltip(why == null ? null : new javafx.scene.control.Tooltip(why));
        updateHeader();
    }

    private static final javafx.css.PseudoClass INVALID = javafx.css.PseudoClass.getPseudoClass("invalid");
    /** Why the last go-to did nothing, shown in the header until the text changes. */
    private String goToProblem;

    String goToFeedback() { return goToProblem; }

    public void focusGoTo() {
        goTo.requestFocus();
        goTo.selectAll();
    }

    /** First visible byte offset. */
    long firstVisibleByte() { return (long) scroll.getValue() * BYTES_PER_ROW; }

    private double clamp(double v) { return Math.max(scroll.getMin(), Math.min(scroll.getMax(), v)); }

    private double visibleRows() { return Math.max(1, Math.floor(canvas.getHeight() / ROW_HEIGHT)); }

    private double hexX(int col) { return CHAR_WIDTH * (12 + col * 3 + (col >= 8 ? 1 : 0)); }

    private double asciiX(int col) { return CHAR_WIDTH * (12 + BYTES_PER_ROW * 3 + 2 + col); }

    private long byteAt(double x, double y) {
        long row = (long) scroll.getValue() + (long) (y / ROW_HEIGHT);
        int col = -1;
        for (int c = 0; c < BYTES_PER_ROW; c++) {
            if (x >= hexX(c) - 2 && x < hexX(c) + CHAR_WIDTH * 2 + 2) col = c;
            if (x >= asciiX(c) && x < asciiX(c) + CHAR_WIDTH) col = c;
        }
        if (col < 0) return -1;
        long offset = row * BYTES_PER_ROW + col;
        return offset < source.size() ? offset : -1;
    }

    private void updateHeader() {
        if (source == null) {
            header.setText("No bytes to show");
            return;
        }
        Span s = selection.get();
        String name = source.name() == null ? "" : source.name();
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        String size = (slash >= 0 ? name.substring(slash + 1) : name) + " · " + String.format(Locale.ROOT, "%,d bytes", source.size());
        if (goToProblem != null) {
            header.setText(size + " — not gone: " + goToProblem);
        } else if (s == null) {
            header.setText(size + " — select a field to highlight its bytes");
        } else if (s.isByteAligned()) {
            long last = s.byteEnd() - 1;
            header.setText(size + " — selected bytes " + s.byteOffset() + "–" + Math.max(s.byteOffset(), last)
                    + " (" + s.byteLength() + (s.byteLength() == 1 ? " byte)" : " bytes)"));
        } else {
            header.setText(size + " — selected bits " + s.startBit() + "–" + (s.endBit() - 1)
                    + " (byte " + s.byteOffset() + " bit " + s.bitInByte() + ", " + s.bitLength() + " bits)");
        }
    }

    private void redraw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(Theme.current().background);
        g.fillRect(0, 0, w, h);
        if (source == null) return;
        scroll.setVisibleAmount(Math.max(1, visibleRows()));
        long firstRow = (long) scroll.getValue();
        int rows = (int) Math.ceil(h / ROW_HEIGHT);
        byte[] buf = new byte[BYTES_PER_ROW];
        Span sel = selection.get();
        g.setFont(font);
        for (int r = 0; r < rows; r++) {
            long rowStart = (firstRow + r) * BYTES_PER_ROW;
            if (rowStart >= source.size()) break;
            int n = (int) Math.min(BYTES_PER_ROW, source.size() - rowStart);
            try {
                source.read(rowStart, buf, 0, n);
            } catch (OutOfRangeException e) {
                break;
            }
            double y = r * ROW_HEIGHT;
            double baseline = y + ROW_HEIGHT - 5;
            g.setFill(Theme.current().address);
            g.fillText(String.format(Locale.ROOT, "%010x", rowStart), 4, baseline);
            for (int c = 0; c < n; c++) {
                long off = rowStart + c;
                boolean hit = sel != null && sel.containsByte(off);
                if (hit) {
                    g.setFill(Theme.current().highlight);
                    g.fillRect(hexX(c) - 2, y + 1, CHAR_WIDTH * 2 + 4, ROW_HEIGHT - 2);
                    g.fillRect(asciiX(c), y + 1, CHAR_WIDTH, ROW_HEIGHT - 2);
                }
                int v = buf[c] & 0xff;
                g.setFont(hit ? bold : font);
                g.setFill(v == 0 ? Theme.current().zero : Theme.current().text);
                g.fillText(String.format(Locale.ROOT, "%02x", v), hexX(c), baseline);
                g.setFill(Theme.current().ascii);
                g.fillText(v >= 0x20 && v < 0x7f ? String.valueOf((char) v) : "·", asciiX(c), baseline);
            }
        }
        g.setFont(font);
    }

    private void drawBitStrip() {
        GraphicsContext g = bitStrip.getGraphicsContext2D();
        double w = bitStrip.getWidth(), h = bitStrip.getHeight();
        g.setFill(Theme.current().stripBackground);
        g.fillRect(0, 0, w, h);
        Span s = selection.get();
        if (source == null || s == null) return;
        g.setFont(Font.font("Monospaced", 12));
        long first = s.byteOffset();
        int count = (int) Math.min(BIT_STRIP_BYTES, Math.min(s.byteLength(), source.size() - first));
        double cell = 11;
        double x = 8;
        for (int i = 0; i < count; i++) {
            long off = first + i;
            int v;
            try {
                v = source.u8(off);
            } catch (OutOfRangeException e) {
                break;
            }
            g.setFill(Theme.current().ascii);
            g.fillText("byte " + off, x, 12);
            for (int b = 7; b >= 0; b--) {
                long bit = off * 8 + b;
                boolean in = s.containsBit(bit);
                double bx = x + (7 - b) * cell;
                if (in) {
                    g.setFill(Theme.current().highlight);
                    g.fillRect(bx - 1, 17, cell, 18);
                }
                g.setFill(in ? Theme.current().text : Theme.current().dim);
                g.fillText(((v >>> b) & 1) == 1 ? "1" : "0", bx, 31);
            }
            x += 8 * cell + 14;
            if (x > w - 8 * cell) break;
        }
        if (s.byteLength() > count) {
            g.setFill(Theme.current().ascii);
            g.fillText("…", x, 31);
        }
    }
}
