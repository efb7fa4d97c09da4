package org.packscope.codec.hdf5;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;

/**
 * A group or dataset of an HDF5 file, as formats built on HDF5 (AnnData, 10x, BPCells,
 * sparse matrices) see it: names, attributes and members, and for datasets their shape,
 * type and values. It is the one seam to jhdf: only this package imports it, and every
 * failure inside jhdf comes out as a {@link org.packscope.codec.read.ReadProblem}.
 */
public abstract sealed class Hdf5Object permits Hdf5Group, Hdf5Dataset {
    final Node node;
    final OpenedFile file;

    Hdf5Object(Node node, OpenedFile file) {
        this.node = node;
        this.file = file;
    }

    /** The object for jhdf's {@code node}: a group, a dataset, or null for anything else (a link, a named datatype). */
    static Hdf5Object of(Node node, OpenedFile file) {
        if (node instanceof Group g) return new Hdf5Group(g, file);
        if (node instanceof Dataset d) return new Hdf5Dataset(d, file);
        return null;
    }

    /** The name within its group. */
    public String name() { return node.getName(); }

    /** The full path; a group's ends with '/' ({@code /X/}). */
    public String path() { return node.getPath(); }

    /** The path without the trailing '/' of a group ({@code /X}, not {@code /X/}). */
    public String plainPath() {
        String p = path();
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    /** Where its object header is (relative to the superblock, as HDF5 addresses count). */
    public long address() { return node.getAddress(); }

    /** The file's root group. */
    public Hdf5Group root() { return new Hdf5Group(file.hdf, file); }

    /** An attribute as text (the first element of an array), or null when absent or unreadable. */
    public String attribute(String name) {
        try {
            Object d = data(name);
            if (d != null && d.getClass().isArray()) d = Array.getLength(d) > 0 ? Array.get(d, 0) : null;
            return d == null ? null : d.toString();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return null;
        }
    }

    /** A small numeric attribute (at most 16 elements) as longs, or null when absent, not numeric or unreadable. */
    public long[] attributeLongs(String name) {
        try {
            Attribute a = node.getAttribute(name);
            if (a == null || a.getSize() > 16) return null;
            return longs(a.getData());
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return null;
        }
    }

    /** A string-array attribute as a list, empty when absent, not strings or unreadable. */
    public List<String> attributeStrings(String name) {
        try {
            Object d = data(name);
            if (!(d instanceof String[] s)) return List.of();
            return List.of(s);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return List.of();
        }
    }

    private Object data(String name) {
        Attribute a = node.getAttribute(name);
        return a == null ? null : a.getData();
    }

    static long[] longs(Object d) {
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

    /** The object at {@code path} in this file, or null when absent or unreadable. */
    public Hdf5Object at(String path) {
        try {
            return of(file.hdf.getByPath(path), file);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return null;
        }
    }

    static List<String> texts(Object data) {
        int n = Array.getLength(data);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(text(Array.get(data, i)));
        return out;
    }

    /** One element of a string dataset as jhdf returns it (a String, or bytes in UTF-8). */
    static String text(Object v) {
        return v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : String.valueOf(v);
    }

    @Override public String toString() { return path(); }
}
