package org.packscope.codec.hdf5;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import io.jhdf.api.Group;
import io.jhdf.api.Node;

import org.packscope.codec.read.ReadProblem;

/** An HDF5 group: its members by name (groups and datasets; links and named datatypes are not listed). */
public final class Hdf5Group extends Hdf5Object {
    private final Group group;
    private volatile Map<String, Hdf5Object> members;

    Hdf5Group(Group group, OpenedFile file) {
        super(group, file);
        this.group = group;
    }

    Group jhdf() { return group; }

    /**
     * The root group of a file the caller opened with jhdf itself (a test reading it with
     * jhdf as an independent reader); element places are not known then.
     */
    public static Hdf5Group rootOf(io.jhdf.HdfFile hdf) {
        return new Hdf5Group(hdf, new OpenedFile(hdf, null));
    }

    /** The members, read once; throws a {@link ReadProblem} when they cannot be listed. */
    public Map<String, Hdf5Object> members() {
        Map<String, Hdf5Object> m = members;
        if (m == null) {
            Map<String, Node> kids;
            try {
                kids = group.getChildren();
            } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                throw Hdf5Failure.reading("the members of group " + plainPath(), file.offset(address()), e);
            }
            m = new LinkedHashMap<>();
            for (var e : kids.entrySet()) {
                Hdf5Object o = Hdf5Object.of(e.getValue(), file);
                if (o != null) m.put(e.getKey(), o);
            }
            members = m = Collections.unmodifiableMap(m);
        }
        return m;
    }

    /** A member, or null when absent or the group cannot be listed. */
    public Hdf5Object member(String name) {
        try {
            return members().get(name);
        } catch (ReadProblem e) {
            return null;
        }
    }

    /** A member that is a dataset, or null. */
    public Hdf5Dataset dataset(String name) {
        return member(name) instanceof Hdf5Dataset d ? d : null;
    }

    /** A member that is a group, or null. */
    public Hdf5Group group(String name) {
        return member(name) instanceof Hdf5Group g ? g : null;
    }
}
