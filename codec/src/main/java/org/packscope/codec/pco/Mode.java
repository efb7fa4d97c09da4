package org.packscope.codec.pco;

/** How numbers split into latents (the chunk's mode). */
public sealed interface Mode {

    int wireId();

    String name();

    /** Number of mode latent variables (primary, and secondary when 2). */
    default int latentVars() { return 2; }

    record Classic() implements Mode {
        public int wireId() { return 0; }
        public String name() { return "Classic"; }
        public int latentVars() { return 1; }
    }

    /** number = from_latent_ordered(primary * base + secondary). */
    record IntMult(long base) implements Mode {
        public int wireId() { return 1; }
        public String name() { return "IntMult"; }
    }

    /** number = int_float(primary) * base, adjusted by secondary ULPs; base stored as its ordered latent. */
    record FloatMult(long baseLatent) implements Mode {
        public int wireId() { return 2; }
        public String name() { return "FloatMult"; }
    }

    /** The low k bits of the ordered latent are split off into the secondary latent. */
    record FloatQuant(int k) implements Mode {
        public int wireId() { return 3; }
        public String name() { return "FloatQuant"; }
    }

    /** The primary latent (u32) indexes a dictionary of ordered latents. */
    record Dict(long[] dict) implements Mode {
        public int wireId() { return 4; }
        public String name() { return "Dict"; }
        public int latentVars() { return 1; }
        @Override public boolean equals(Object o) { return o instanceof Dict d && java.util.Arrays.equals(dict, d.dict); }
        @Override public int hashCode() { return java.util.Arrays.hashCode(dict); }
        @Override public String toString() { return "Dict[" + dict.length + " entries]"; }
    }
}
