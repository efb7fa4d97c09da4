package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;

/** The array names of the BPCells matrix layout and the type each one has. */
public final class ArrayNames {
    private ArrayNames() { }

    public static final String VAL = "val";
    public static final String INDEX = "index";
    public static final String IDXPTR = "idxptr";
    public static final String SHAPE = "shape";
    public static final String ROW_NAMES = "row_names";
    public static final String COL_NAMES = "col_names";
    public static final String STORAGE_ORDER = "storage_order";
    public static final String VERSION = "version";

    /** Prefixes of the two BP128 streams: values (FOR) and indices (D1Z). */
    public static final String VAL_PREFIX = "val";
    public static final String INDEX_PREFIX = "index";

    public static String data(String prefix) { return prefix + "_data"; }
    public static String idx(String prefix) { return prefix + "_idx"; }
    public static String idxOffsets(String prefix) { return prefix + "_idx_offsets"; }
    public static String starts(String prefix) { return prefix + "_starts"; }

    /** The arrays a matrix of this version must have, in a readable order. */
    public static List<String> required(MatrixVersion v) {
        List<String> names = new ArrayList<>();
        if (v.packedValues()) {
            names.add(data(VAL_PREFIX));
            names.add(idx(VAL_PREFIX));
            if (v.hasIdxOffsets()) names.add(idxOffsets(VAL_PREFIX));
        } else {
            names.add(VAL);
        }
        if (v.packed()) {
            names.add(data(INDEX_PREFIX));
            names.add(idx(INDEX_PREFIX));
            if (v.hasIdxOffsets()) names.add(idxOffsets(INDEX_PREFIX));
            names.add(starts(INDEX_PREFIX));
        } else {
            names.add(INDEX);
        }
        names.add(IDXPTR);
        names.add(SHAPE);
        names.add(ROW_NAMES);
        names.add(COL_NAMES);
        names.add(STORAGE_ORDER);
        return names;
    }

    /**
     * The element type BPCells means for {@code name} in a matrix of version {@code v}, or
     * null for a name the layout does not define. Stores over containers with looser
     * types (R vectors) use this to report and convert.
     */
    public static ElementType expectedType(String name, MatrixVersion v) {
        return switch (name) {
            case VAL -> v.valueKind().elementType();
            case IDXPTR -> v.idxptrType();
            case SHAPE, INDEX, "val_data", "val_idx", "index_data", "index_idx", "index_starts" -> ElementType.UINT32;
            case "val_idx_offsets", "index_idx_offsets" -> ElementType.UINT64;
            case ROW_NAMES, COL_NAMES, STORAGE_ORDER, VERSION -> ElementType.STRING;
            default -> null;
        };
    }
}
