package org.packscope.codec.rds;

/** R files for the forked hostile runs in the app's tests (the stream writer lives beside its own tests). */
public final class HostileRdsFiles {
    private HostileRdsFiles() { }

    /** A pairlist of {@code cells} untagged cells, each holding one integer (its index), gzip-wrapped as saveRDS writes it. */
    public static byte[] pairlist(int cells) {
        XdrWriter w = XdrWriter.v3();
        for (int i = 0; i < cells; i++) w.i32(RFlags.LISTSXP).i32(RFlags.INTSXP).i32(1).i32(i);
        return XdrWriter.gzip(w.nil().bytes());
    }
}
