package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.List;

/**
 * A chunk's metadata as stored: mode, delta encoding and per latent variable the
 * tANS size and bins. Shared, immutable, by the inspect path and the decoders.
 * {@code delta} is null unless the delta encoding has its own latent (Lookback);
 * {@code secondary} is null for single-latent modes.
 */
public record ChunkMeta(NumberType type, Mode mode, DeltaEncoding deltaEncoding,
                        LatentVar delta, LatentVar primary, LatentVar secondary) {

    /** Latent variables in stream order: delta, primary, secondary. */
    public List<LatentVar> latentVars() {
        List<LatentVar> l = new ArrayList<>(3);
        if (delta != null) l.add(delta);
        l.add(primary);
        if (secondary != null) l.add(secondary);
        return l;
    }

    /** Delta state latents this variable stores per page. */
    public int stateN(LatentVar.Role role) {
        return switch (role) {
            case DELTA -> 0;
            case PRIMARY -> deltaEncoding.stateN();
            case SECONDARY -> deltaEncoding.secondaryUsesDelta() ? deltaEncoding.stateN() : 0;
        };
    }

    /** The delta encoding applying to this variable. */
    public DeltaEncoding deltaFor(LatentVar.Role role) {
        if (role == LatentVar.Role.DELTA) return new DeltaEncoding.None();
        if (role == LatentVar.Role.SECONDARY && !deltaEncoding.secondaryUsesDelta()
                && !(deltaEncoding instanceof DeltaEncoding.None)) return new DeltaEncoding.None();
        return deltaEncoding;
    }

    /** The latent width of the numbers (mode latents, dictionary entries). */
    public int numberBits() { return type.bits; }
}
