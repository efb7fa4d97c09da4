package org.packscope.codec.zarr;

import java.util.AbstractList;
import java.util.Locale;

import org.packscope.codec.analysis.CfConventions;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.json.JsonMembers;

/**
 * User attributes (a {@code .zattrs} file, the {@code attributes} of a {@code zarr.json},
 * the documents of a {@code .zmetadata}) shown without holding them: the first
 * {@link #FIELDS_SHOWN} as fields with their spans, and when there are more, all of them
 * as a paged text column ({@code name = value}) on a node of their own, each read from the
 * file's bytes only when a page shows it.
 */
final class Attributes {
    /** Members shown as fields; the rest are paged. */
    static final int FIELDS_SHOWN = 1000;
    /** Characters of a value shown in a field or a row; a 30 MB string is not copied into a view. */
    static final int VALUE_CHARS = 300;

    private Attributes() { }

    /**
     * Adds the members as fields of {@code n} (at most {@link #FIELDS_SHOWN}); returns the
     * node that pages through all of them when there are more, else null.
     */
    static Node show(Node n, JsonMembers m, String key, String prefix, String meaning) {
        int shown = Math.min(m.size(), FIELDS_SHOWN);
        for (int i = 0; i < shown; i++) {
            // a CF attribute that PackScope applies to values has its own explanation
            boolean cf = key.equals("attribute") && CfConventions.NAMES.contains(m.name(i));
            n.addField(new Field(cf ? m.name(i) : key, -1, prefix + m.name(i), Span.bytes(m.memberStart(i), m.end(i) - m.memberStart(i)),
                    m.valueText(i, VALUE_CHARS), cf ? "CF attribute, applied to the array's values" : meaning));
        }
        if (m.size() <= shown) return null;
        n.field("more " + key + "s", null, String.format(Locale.ROOT, "%,d of %,d shown as fields", shown, m.size()),
                "all of them are listed, a page at a time, in the node '" + key + "s'");
        Node all = Node.of(key + "s", "zarr-attribute-list").source(n.source());
        all.summary(String.format(Locale.ROOT, "%,d %ss, read a page at a time", m.size(), key));
        // every member as "name = value", parsed from the bytes only when a page shows it
        all.facet(ValueColumn.class, ValueColumn.texts(key + "s", new AbstractList<>() {
            @Override public String get(int i) { return m.name(i) + " = " + m.valueText(i, VALUE_CHARS); }

            @Override public int size() { return m.size(); }
        }));
        return all;
    }
}
