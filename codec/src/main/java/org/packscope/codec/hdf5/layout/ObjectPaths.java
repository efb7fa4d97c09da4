package org.packscope.codec.hdf5.layout;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.read.ReadProblem;

/** Finds an object's header by its path, through the groups' own structures (hard links only). */
public final class ObjectPaths {
    private ObjectPaths() { }

    /** The relative address of the object header at {@code path} ("/a/b"); throws a {@link ReadProblem} when a step is damaged or missing. */
    public static long resolve(FileContext c, Superblock sb, String path) {
        long at = sb.rootHeader();
        String done = "";
        for (String part : path.split("/")) {
            if (part.isEmpty()) continue;
            ObjectHeader h = ObjectHeader.read(c, at, null, d -> { }, done.isEmpty() ? "/" : done);
            List<Diagnostic> problems = new java.util.ArrayList<>();
            List<Messages.Link> links = GroupLinks.of(c, h, sb.groupLeafK(), sb.groupInternalK(), problems::add, done);
            done = done + "/" + part;
            long next = FileContext.UNDEFINED;
            for (Messages.Link l : links) if (l.name().equals(part) && l.hard()) next = l.address();
            if (next == FileContext.UNDEFINED) {
                if (!problems.isEmpty()) throw new ReadProblem(problems.get(0));
                throw ReadProblem.at(StructureRules.BAD_HEAP_OFFSET, null, "no hard link named " + done + " in the file");
            }
            at = next;
        }
        return at;
    }
}
