package org.packscope.spark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-array census: for each large array (and for each argument's plain files, taken
 * together) how many units are valid, missing (the fill value), damaged, unreadable or
 * skipped as unchanged (counted as well under what they were found to be before), with their stored bytes and decoded values.
 */
final class Census {

    /** One line of the census. {@code array} is empty for a group of files. */
    static final class Row {
        final String origin, address, array;
        long chunks = -1, units, valid, missing, damaged, unreadable, skipped, bytes, values;

        Row(String origin, String address, String array) {
            this.origin = origin;
            this.address = address;
            this.array = array;
        }

        Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("record", "array");
            m.put("origin", origin);
            m.put("address", address);
            m.put("array", array);
            m.put("grid_chunks", chunks);
            m.put("units", units);
            m.put("valid", valid);
            m.put("missing", missing);
            m.put("damaged", damaged);
            m.put("unreadable", unreadable);
            m.put("skipped_unchanged", skipped);
            m.put("bytes", bytes);
            m.put("values", values);
            return m;
        }
    }

    private final Map<String, Row> rows = new LinkedHashMap<>();

    /** A census of the large arrays listed, to which every unit's result is then added. */
    Census(List<ArrayInfo> arrays) {
        for (ArrayInfo a : arrays) {
            Row r = rows.computeIfAbsent(a.address() + "::" + a.array(), k -> new Row(a.origin(), a.address(), a.array()));
            r.chunks = a.chunks();
            r.missing += a.missing();
        }
    }

    void add(UnitResult u) {
        LakeUnit unit = u.unit();
        Row r = unit.kind() == LakeUnit.Kind.CHUNK
                ? rows.computeIfAbsent(unit.address() + "::" + unit.array(), k -> new Row(unit.origin(), unit.address(), unit.array()))
                : rows.computeIfAbsent(unit.origin() + "::(files)", k -> new Row(unit.origin(), "", ""));
        if (unit.key().equals("(listing)")) return;
        r.units++;
        // a unit skipped as unchanged counts as what it was found to be before, and as skipped
        if (u.status().equals(UnitResult.SKIPPED)) r.skipped++;
        switch (u.effectiveStatus()) {
            case UnitResult.VALID -> r.valid++;
            case UnitResult.DAMAGED -> r.damaged++;
            case UnitResult.UNREADABLE -> r.unreadable++;
            case UnitResult.MISSING -> r.missing++;
            default -> { }
        }
        if (u.bytes() > 0) r.bytes += u.bytes();
        if (u.values() > 0) r.values += u.values();
    }

    List<Row> rows() { return new ArrayList<>(rows.values()); }
}
