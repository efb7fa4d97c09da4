package org.packscope.codec.bpcells;

/**
 * How the compressed axis relates to the logical matrix: COL is CSC (idxptr over
 * columns, index holds rows); ROW is CSR, i.e. the arrays describe the transpose.
 */
public enum StorageOrder {
    COL, ROW;

    public static StorageOrder parse(String text) {
        if (text == null) return null;
        return switch (text.strip()) {
            case "col" -> COL;
            case "row" -> ROW;
            default -> null;
        };
    }

    public String label() { return this == COL ? "col" : "row"; }
}
