package org.packscope.codec.hdf5;

import java.lang.reflect.Array;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;

/**
 * Object references as the paths they point to. An HDF5 object reference is the address
 * of an object header; the paths are found by one walk over the file's hard links
 * (iterative, each object once, bounded), made on the first reference shown.
 */
final class References implements ElementCodec.References {
    private static final int MAX_OBJECTS = 200_000;

    private final HdfFile file;
    private Map<Long, String> paths;

    References(HdfFile file) {
        this.file = file;
    }

    @Override
    public synchronized String apply(long address) {
        if (paths == null) paths = walk();
        return paths.get(address);
    }

    private Map<Long, String> walk() {
        Map<Long, String> out = new HashMap<>();
        Deque<Group> todo = new ArrayDeque<>();
        try {
            out.put(file.getAddress(), "/");
            todo.add(file);
        } catch (RuntimeException e) {
            return out;
        }
        while (!todo.isEmpty() && out.size() < MAX_OBJECTS) {
            Group g = todo.poll();
            List<GroupMembers.Member> kids;
            try {
                kids = GroupMembers.of(g, file);
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                continue;
            }
            for (GroupMembers.Member m : kids) {
                try {
                    Node k = m.object().get();
                    if (!(k instanceof Group) && !(k instanceof Dataset)) continue;
                    long at = k.getAddress();
                    if (out.containsKey(at)) continue;
                    out.put(at, k.getPath().endsWith("/") && k.getPath().length() > 1
                            ? k.getPath().substring(0, k.getPath().length() - 1) : k.getPath());
                    if (k instanceof Group sub) todo.add(sub);
                } catch (RuntimeException | StackOverflowError e) {
                    // an unreadable member is reported where the tree shows it
                }
            }
        }
        return out;
    }

    /** Text of variable-length lists of references (netCDF's DIMENSION_LIST): each address as its path. */
    String vlenText(Object data) {
        StringBuilder sb = new StringBuilder();
        append(data, sb, 0);
        return sb.toString();
    }

    private void append(Object v, StringBuilder sb, int depth) {
        if (sb.length() > 400) return;
        if (v instanceof Long l) {
            String p = apply(l);
            sb.append(p != null ? p : "(reference to byte " + Long.toUnsignedString(l) + ")");
        } else if (v != null && v.getClass().isArray() && depth < 8) {
            sb.append('[');
            int n = Array.getLength(v);
            for (int i = 0; i < n; i++) {
                if (i > 0) sb.append(", ");
                append(Array.get(v, i), sb, depth + 1);
            }
            sb.append(']');
        } else {
            sb.append(JavaValues.text(v, 400));
        }
    }
}
