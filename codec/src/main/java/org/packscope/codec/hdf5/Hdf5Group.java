package org.packscope.codec.hdf5;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jhdf.api.Group;

import org.packscope.codec.read.ReadProblem;

/** An HDF5 group: its members by name (groups and datasets; links and named datatypes are not listed). */
public final class Hdf5Group extends Hdf5Object {
    private final Group group;
    private volatile Map<String, Hdf5Object> members;
    private volatile List<GroupMembers.Member> listing;

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
            Map<String, Hdf5Object> read = new LinkedHashMap<>();
            try {
                for (GroupMembers.Member k : listing()) {
                    Hdf5Object o = Hdf5Object.of(k.object().get(), file);
                    if (o != null) read.put(k.name(), o);
                }
            } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                throw Hdf5Failure.reading("the members of group " + plainPath(), file.offset(address()), e);
            }
            members = m = Collections.unmodifiableMap(read);
        }
        return m;
    }

    /** The members' names and places, without reading their object headers. */
    private List<GroupMembers.Member> listing() {
        List<GroupMembers.Member> l = listing;
        if (l == null) listing = l = GroupMembers.orJhdfs(group, file.hdf);
        return l;
    }

    /**
     * A member, or null when absent, unreadable or the group cannot be listed. Only that
     * member's object header is read: formats recognise a group by a few members, and a
     * group of 50,000 members is not read whole for that.
     */
    public Hdf5Object member(String name) {
        Map<String, Hdf5Object> all = members;
        if (all != null) return all.get(name);
        try {
            for (GroupMembers.Member k : listing()) {
                if (k.name().equals(name)) return Hdf5Object.of(k.object().get(), file);
            }
            return null;
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
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
