package org.packscope.codec.pco;

import org.packscope.codec.testing.PcoBits;

/** Spec-shaped Pco files for the forked hostile runs in the app's tests (written with {@link PcoBits}). */
public final class HostilePcoFiles {
    private HostilePcoFiles() { }

    /** {@code chunks} chunks of {@code n} u32 numbers each, one bin of no offset bits: a few bytes a chunk whatever {@code n}. */
    public static byte[] constantChunks(int chunks, int n) {
        PcoBits b = new PcoBits().header();
        for (int k = 0; k < chunks; k++) b.chunk(n, 0, 1, 0);
        return b.end();
    }
}
