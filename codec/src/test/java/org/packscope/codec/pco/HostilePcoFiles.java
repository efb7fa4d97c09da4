package org.packscope.codec.pco;

/** Spec-shaped Pco files for the forked hostile runs in the app's tests (the bit writer lives beside its own tests). */
public final class HostilePcoFiles {
    private HostilePcoFiles() { }

    /** {@code chunks} chunks of {@code n} u32 numbers each, one bin of no offset bits: a few bytes a chunk whatever {@code n}. */
    public static byte[] constantChunks(int chunks, int n) {
        PcoHostileClaimsTest.Bits b = new PcoHostileClaimsTest.Bits();
        PcoHostileClaimsTest.header(b);
        for (int k = 0; k < chunks; k++) PcoHostileClaimsTest.chunk(b, n, 0, 1);
        b.put(0, 8); // the terminator
        return b.bytes();
    }
}
