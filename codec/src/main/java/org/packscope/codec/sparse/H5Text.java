package org.packscope.codec.sparse;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.object.datatype.StringData;
import io.jhdf.object.datatype.VariableLength;

/** Small reads the single-cell openers share: attributes as text or numbers, and string datasets as names. */
public final class H5Text {
    /** Names read at most (a damaged header may claim billions). */
    public static final long MAX_NAMES = 1L << 26;

    /** Fixed-length names beyond this many are read a page at a time when asked for ({@link PagedStrings}). */
    static final long EAGER_NAMES = 1L << 20;

    private H5Text() { }

    /** One element of a string dataset as jhdf returns it (a String, or bytes in UTF-8). */
    static String text(Object v) {
        return v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : String.valueOf(v);
    }

    /** A node's path without the trailing '/' jhdf gives groups ({@code /X}, not {@code /X/}). */
    public static String path(io.jhdf.api.Node node) {
        String p = node.getPath();
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    /** An attribute as text (the first element of an array), or null when absent or unreadable. */
    public static String attr(io.jhdf.api.Node node, String name) {
        try {
            Attribute a = node.getAttribute(name);
            if (a == null) return null;
            Object d = a.getData();
            if (d != null && d.getClass().isArray()) d = Array.getLength(d) > 0 ? Array.get(d, 0) : null;
            return d == null ? null : d.toString();
        } catch (RuntimeException | OutOfMemoryError e) {
            return null;
        }
    }

    /** A numeric attribute as longs, or null when absent, not numeric or unreadable. */
    public static long[] attrLongs(io.jhdf.api.Node node, String name) {
        try {
            Attribute a = node.getAttribute(name);
            if (a == null || a.getSize() > 16) return null;
            return longs(a.getData());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** A small numeric dataset (a shape) as longs, or null. */
    public static long[] datasetLongs(io.jhdf.api.Node node) {
        try {
            if (!(node instanceof Dataset d) || d.getSize() > 16) return null;
            return longs(d.getData());
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static long[] longs(Object d) {
        if (d == null) return null;
        if (!d.getClass().isArray()) return d instanceof Number n ? new long[] {n.longValue()} : null;
        long[] out = new long[Array.getLength(d)];
        for (int i = 0; i < out.length; i++) {
            Object v = Array.get(d, i);
            if (!(v instanceof Number n)) return null;
            out[i] = n.longValue();
        }
        return out;
    }

    /** A member of a group, or null when absent or the group cannot be read. */
    public static io.jhdf.api.Node child(Group g, String name) {
        try {
            return g.getChildren().get(name);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** True when the node is a string dataset (fixed or variable length). */
    public static boolean isText(io.jhdf.api.Node node) {
        return node instanceof Dataset d && (d.getDataType() instanceof StringData || d.getDataType() instanceof VariableLength);
    }

    /** A 1-D string dataset as a list, or the {@code field} of a compound dataset; empty when absent, too long or unreadable. */
    public static List<String> strings(io.jhdf.api.Node node, String field) {
        try {
            if (!(node instanceof Dataset d) || d.getDimensionsAsLong().length != 1 || d.getSize() > MAX_NAMES) return List.of();
            if (field == null && d.getSize() > EAGER_NAMES && d.getDataType() instanceof StringData) return new PagedStrings(d);
            Object data = d.getData();
            if (field != null && data instanceof Map<?, ?> m) data = m.get(field);
            if (data == null || !data.getClass().isArray()) return List.of();
            int n = Array.getLength(data);
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(text(Array.get(data, i)));
            }
            return out;
        } catch (RuntimeException | OutOfMemoryError e) {
            return List.of();
        }
    }
}
