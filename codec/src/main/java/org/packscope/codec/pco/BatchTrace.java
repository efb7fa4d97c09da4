package org.packscope.codec.pco;

/** Receives every tANS symbol and offset of a traced batch, with absolute bit positions. */
interface BatchTrace {
    void symbol(LatentVar.Role role, int i, long bit, int bits, int state, int bin);

    void offset(LatentVar.Role role, int i, long bit, int bits, long offset, long latent);

    /** A variable's latents of the batch after delta decoding (the delta variable's as read), before the mode join. */
    default void latents(LatentVar.Role role, long[] lat, int len) { }
}
