package org.packscope.codec.pco;

import org.packscope.codec.read.FieldReader;

/**
 * One latent variable (primary, secondary or delta) as a page decodes it: the page's
 * metadata for it (its delta state and the four tANS states, read by the constructor),
 * the batch's latents as they are read, and the decoder that undoes its delta encoding.
 * Not thread-safe: it belongs to one {@link PageDecoder}.
 */
final class PageLatents {
    final LatentVar.Role role;
    final AnsTable table;
    final int stateN;
    final long mask;
    final int[] states = new int[4];
    /** The batch's latents: a batch's worth, or the page's count when smaller (300,000 one-number pages allocate little). */
    final long[] lat;
    /** Per latent of the batch: its tANS state (decoding) or its offset bits (tracing). */
    final int[] scratch;
    /** Latents read for the current batch (the rest of the batch comes from delta state). */
    int pre;
    /** Null when the variable has no delta encoding. */
    private final DeltaDecoder delta;

    /** Reads the variable's page metadata with {@code r}; {@code n} is the page's count of numbers. */
    PageLatents(ChunkMeta meta, AnsTable table, LatentVar lv, FieldReader r, int n) {
        this.role = lv.role();
        this.table = table;
        this.stateN = meta.stateN(role);
        this.mask = lv.mask();
        int batch = Math.max(1, Math.min(PageDecoder.BATCH, n));
        this.lat = new long[batch];
        this.scratch = new int[batch];
        String p = role.label + " ";
        long[] state = new long[stateN];
        for (int i = 0; i < stateN; i++) {
            state[i] = r.bits(lv.bits(), role.key("delta_state"), i, p + "delta state[" + i + "]", Long::toUnsignedString,
                    "delta state latent " + i + " (consecutive: a delta moment; lookback/conv1: an initial latent)");
        }
        for (int i = 0; i < 4; i++) {
            states[i] = (int) r.bits(table.sizeLog, role.key("ans_state"), i, p + "ans state[" + i + "]",
                    "initial index of interleaved tANS decoder " + i + " (symbols i with i % 4 = " + i + ")");
        }
        this.delta = DeltaDecoder.of(meta.deltaFor(role), state, lv, n);
    }

    /** Undoes the delta encoding of the batch's {@code len} latents ({@code lookbacks}: the delta variable's, for Lookback). */
    void delta(int len, long[] lookbacks, long batchBit) {
        if (delta != null) delta.decode(lat, len, pre, lookbacks, batchBit);
    }
}
