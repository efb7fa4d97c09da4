package org.packscope.codec.inspect;

import java.util.List;

/**
 * A small table a format offers about a node: a Pco bin table, a Blosc block map, a
 * BP128 bit-width histogram. Cells are numbers or text. {@code chartX}/{@code chartY}
 * name the columns a view may plot as bars (null when a chart makes no sense).
 */
public record DataTable(String title, List<String> columns, List<List<Object>> rows, String chartX, String chartY) {

    public DataTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    public static DataTable of(String title, List<String> columns, List<List<Object>> rows) {
        return new DataTable(title, columns, rows, null, null);
    }

    public int columnIndex(String name) { return columns.indexOf(name); }
}
