package org.packscope.codec.sparse;

import java.util.List;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5Object;

/** Small reads the single-cell openers share: attributes as text or numbers, and string datasets as names. */
public final class H5Text {
    /** Names read at most (a damaged header may claim billions). */
    public static final long MAX_NAMES = 1L << 26;

    /** Fixed-length names beyond this many are read a page at a time when asked for ({@link PagedStrings}). */
    static final long EAGER_NAMES = 1L << 20;

    private H5Text() { }

    /** An object's path without the trailing '/' of groups ({@code /X}, not {@code /X/}). */
    public static String path(Hdf5Object node) {
        return node.plainPath();
    }

    /** An attribute as text (the first element of an array), or null when absent or unreadable. */
    public static String attr(Hdf5Object node, String name) {
        return node == null ? null : node.attribute(name);
    }

    /** A numeric attribute as longs, or null when absent, not numeric or unreadable. */
    public static long[] attrLongs(Hdf5Object node, String name) {
        return node == null ? null : node.attributeLongs(name);
    }

    /** A member of a group, or null when absent or the group cannot be read. */
    public static Hdf5Object child(Hdf5Group g, String name) {
        return g == null ? null : g.member(name);
    }

    /** True when the object is a string dataset (fixed or variable length). */
    public static boolean isText(Hdf5Object node) {
        try {
            return node instanceof Hdf5Dataset d && d.kind() == Hdf5Dataset.Kind.TEXT;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A 1-D string dataset as a list, or the {@code field} of a compound dataset; empty when absent, too long or unreadable. */
    public static List<String> strings(Hdf5Object node, String field) {
        try {
            if (!(node instanceof Hdf5Dataset d) || d.dims().length != 1 || d.size() > MAX_NAMES) return List.of();
            if (field == null && d.size() > EAGER_NAMES && d.fixedLengthText()) return new PagedStrings(d);
            return d.texts(field);
        } catch (RuntimeException | OutOfMemoryError e) {
            return List.of();
        }
    }
}
