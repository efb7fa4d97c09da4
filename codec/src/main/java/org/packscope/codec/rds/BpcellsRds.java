package org.packscope.codec.rds;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.codec.bpcells.BpcellsNodes;
import org.packscope.codec.bpcells.MatrixVersion;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;

/**
 * BPCells in-memory matrices (classes {@code PackedMatrixMem_uint32_t}, {@code
 * UnpackedMatrixMem_float}, ...) among R objects: recognised by class, read through an
 * {@link RArrayStore}, and shown with the same matrix tree as the folder and HDF5 layouts.
 */
public final class BpcellsRds {
    private static final Pattern CLASS = Pattern.compile("(Packed|Unpacked)MatrixMem_(uint32_t|float|double)");

    private BpcellsRds() { }

    /**
     * True when {@code item} is an S4 object of a BPCells in-memory matrix class, or an S4
     * object without a class (a truncated stream loses the class, the last slot) whose
     * version slot names a BPCells matrix version.
     */
    public static boolean isMatrix(RItem item) {
        if (!(item instanceof RItem.S4)) return false;
        String cls = item.className();
        if (cls != null) return CLASS.matcher(cls).matches();
        List<String> v = RItem.strings(RItem.resolve(item.attribute(RArrayStore.VERSION_SLOT)));
        return v != null && v.size() == 1 && MatrixVersion.looksLikeMatrixVersion(v.get(0));
    }

    /** The store over a matrix object's slots. */
    public static RArrayStore store(RItem.S4 object, ByteSource data, String description) {
        return new RArrayStore(object, data, description);
    }

    /**
     * When the stream's object is a BPCells matrix, turns the file node {@code n} into the
     * matrix node: its facts, facets (SparseMatrix, BulkDecoder, Verifier) and array
     * children, followed by the children already there (header, object). Returns the
     * matrix node's explainer (null when none, or when the object is not a matrix).
     */
    static FieldExplainer attach(Node n, RdsStream s) {
        if (!isMatrix(s.root())) return null;
        RItem.S4 obj = (RItem.S4) s.root();
        RArrayStore store = store(obj, s.data(), n.name());
        Node object = n.child("object");
        if (object != null) {
            store.problems().forEach(object::diagnose);
            classCheck(obj, store).forEach(object::diagnose);
        }
        Node m = BpcellsNodes.matrixNode(n.name(), store, store.versionString());
        List<Node> kids = new ArrayList<>(m.children());
        for (Field f : m.fields()) n.addField(new Field(f.key(), f.index(), f.name(), null, f.value(), f.meaning()));
        m.diagnostics().forEach(n::diagnose);
        m.tables().forEach(n::table);
        copy(m, n, SparseMatrix.class);
        copy(m, n, BulkDecoder.class);
        copy(m, n, Verifier.class);
        copy(m, n, ValueColumn.class);
        copy(m, n, ValueTracer.class);
        kids.addAll(n.children());
        n.children(kids);
        n.summary(m.summary() + " · " + n.summary());
        return m.facet(FieldExplainer.class);
    }

    /**
     * Adds a "matrix" child to the node of a BPCells matrix found inside another R object
     * (a list of matrices, a slot of a bigger object); slot problems go on {@code n}.
     */
    static void addMatrixChild(Node n, RItem.S4 obj, ByteSource data) {
        RArrayStore store = store(obj, data, n.path().isEmpty() ? n.name() : n.path());
        store.problems().forEach(n::diagnose);
        classCheck(obj, store).forEach(n::diagnose);
        RNodes.append(n, BpcellsNodes.matrixNode("matrix", store, store.versionString()));
    }

    private static <T> void copy(Node from, Node to, Class<T> type) {
        T f = from.facet(type);
        if (f != null) to.facet(type, f);
    }

    /** The class name and the version slot must agree on packing and value type. */
    static List<Diagnostic> classCheck(RItem.S4 obj, RArrayStore store) {
        if (obj.className() == null) {
            return List.of(Diagnostic.warning(Span.bytes(obj.offset(), 4), RdsRules.BPCELLS_CLASS_MISSING,
                    "the object has no class slot; it is read as a BPCells matrix because of its version slot"));
        }
        Matcher cm = CLASS.matcher(obj.className());
        if (!cm.matches()) return List.of();
        MatrixVersion v = MatrixVersion.parse(store.versionString()).orElse(null);
        if (v == null) return List.of();
        boolean packed = cm.group(1).equals("Packed");
        String kind = switch (cm.group(2)) {
            case "uint32_t" -> "uint";
            default -> cm.group(2);
        };
        if (packed == v.packed() && kind.equals(v.valueKind().label())) return List.of();
        RItem version = obj.attribute(RArrayStore.VERSION_SLOT);
        Span at = version == null ? Span.bytes(obj.offset(), 4) : Span.bytes(version.offset(), version.end() - version.offset());
        return List.of(Diagnostic.warning(at, RdsRules.BPCELLS_CLASS_VERSION_MISMATCH, String.format(Locale.ROOT,
                "class %s does not match version slot '%s'; the version slot is followed", obj.className(), v)));
    }
}
