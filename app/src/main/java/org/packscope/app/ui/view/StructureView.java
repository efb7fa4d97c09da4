package org.packscope.app.ui.view;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.RawBits;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;

/** The fields of the selected node: where their bits are, the raw bits, the value and its meaning. */
public final class StructureView extends TableView<Field> {
    private Node node;

    StructureView() {
        setId("structure");
        setColumnResizePolicy(CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        setPlaceholder(new javafx.scene.control.Label("This node has no fields"));
        TableColumn<Field, String> name = column("Field", 150, f -> f.name());
        TableColumn<Field, String> offset = column("Offset", 80, f -> f.span() == null ? "—" : f.span().offsetText());
        TableColumn<Field, String> bits = column("Bits", 55, f -> f.span() == null ? "—" : Long.toString(f.span().bitLength()));
        TableColumn<Field, String> raw = column("Raw", 170, f -> node == null ? "" : RawBits.render(node.source(), f.span()));
        TableColumn<Field, String> value = column("Value", 190, Field::value);
        TableColumn<Field, String> meaning = column("Meaning", 320, Field::meaning);
        name.setMinWidth(110);
        offset.setMinWidth(72);
        bits.setMinWidth(52);
        raw.setMinWidth(90);
        value.setMinWidth(90);
        getColumns().setAll(java.util.List.of(name, offset, bits, raw, value, meaning));
        // a field whose bits a problem of the node names is drawn red (an error) or amber (a warning)
        setRowFactory(t -> new javafx.scene.control.TableRow<>() {
            @Override protected void updateItem(Field f, boolean empty) {
                super.updateItem(f, empty);
                Severity s = empty || f == null ? null : marks.get(f);
                SeverityClass.ROW.mark(getStyleClass(), s == Severity.ERROR,
                        s == Severity.WARNING);
            }
        });
    }

    /** The worst problem naming each field's bits (fields no problem names are absent). */
    private final java.util.Map<Field, Severity> marks = new java.util.IdentityHashMap<>();

    /** Each field's worst problem among {@code n}'s own: one whose span shares a bit with the field's. */
    static java.util.Map<Field, Severity> marks(Node n) {
        java.util.Map<Field, Severity> out = new java.util.IdentityHashMap<>();
        for (Diagnostic d : n.diagnostics()) {
            Span ds = d.span();
            if (ds == null || d.severity() == Severity.INFO) continue;
            long from = ds.startBit(), to = Math.max(ds.endBit(), from + 1);
            for (Field f : n.fields()) {
                Span fs = f.span();
                if (fs == null || fs.bitLength() == 0 || fs.endBit() <= from || fs.startBit() >= to) continue;
                if (out.get(f) != Severity.ERROR) out.put(f, d.severity());
            }
        }
        return out;
    }

    private TableColumn<Field, String> column(String title, double width, java.util.function.Function<Field, String> text) {
        TableColumn<Field, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(text.apply(cd.getValue())));
        c.setSortable(false);
        // raw bits, values and meanings can be longer than any column: hover shows them whole
        FullTextCell.on(c);
        return c;
    }

    void show(Node n) {
        this.node = n;
        marks.clear();
        if (n != null) marks.putAll(marks(n));
        setItems(n == null ? FXCollections.observableArrayList() : FXCollections.observableArrayList(n.fields()));
    }

    /** Selects the innermost field whose bits contain byte {@code offset}; false if none does. */
    boolean selectFieldAtByte(long offset) {
        return selectInnermost(s -> s.containsByte(offset));
    }

    /** Selects the innermost field whose bits contain all of {@code span}; false if none does. */
    boolean selectFieldCovering(Span span) {
        long start = span.startBit(), end = Math.max(span.endBit(), start + 1);
        return selectInnermost(s -> s.startBit() <= start && s.endBit() >= end);
    }

    /** Selects (and scrolls to) the narrowest field with bits whose span passes {@code test}. */
    private boolean selectInnermost(java.util.function.Predicate<Span> test) {
        Field best = null;
        for (Field f : getItems()) {
            Span s = f.span();
            if (s == null || s.bitLength() == 0 || !test.test(s)) continue;
            if (best == null || s.bitLength() < best.span().bitLength()) best = f;
        }
        if (best == null) return false;
        getSelectionModel().select(best);
        scrollTo(best);
        return true;
    }

    public Field selectedField() { return getSelectionModel().getSelectedItem(); }

    @SuppressWarnings("unused")
    private static <T> ReadOnlyObjectWrapper<T> wrap(T v) { return new ReadOnlyObjectWrapper<>(v); }
}
