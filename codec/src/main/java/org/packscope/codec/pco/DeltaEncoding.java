package org.packscope.codec.pco;

import java.util.Arrays;

/** How mode latents were delta-encoded before entropy coding. */
public sealed interface DeltaEncoding {

    int wireId();

    String name();

    /** Delta state latents stored per page for the primary latent. */
    int stateN();

    /** Whether the secondary mode latent shares the delta encoding. */
    default boolean secondaryUsesDelta() { return false; }

    record None() implements DeltaEncoding {
        public int wireId() { return 0; }
        public String name() { return "None"; }
        public int stateN() { return 0; }
    }

    record Consecutive(int order, boolean secondaryUsesDelta) implements DeltaEncoding {
        public int wireId() { return 1; }
        public String name() { return "Consecutive"; }
        public int stateN() { return order; }
    }

    record Lookback(int windowNLog, int stateNLog, boolean secondaryUsesDelta) implements DeltaEncoding {
        public int wireId() { return 2; }
        public String name() { return "Lookback"; }
        public int stateN() { return 1 << stateNLog; }
        public int windowN() { return 1 << windowNLog; }
    }

    /** Linear prediction: l[i] += max(bias + sum(w[j] * l[i-order+j]), 0) >> quantization. */
    record Conv1(int quantization, long bias, long[] weights) implements DeltaEncoding {
        public int wireId() { return 3; }
        public String name() { return "Conv1"; }
        public int stateN() { return weights.length; }
        public int order() { return weights.length; }
        @Override public boolean equals(Object o) {
            return o instanceof Conv1 c && c.quantization == quantization && c.bias == bias && Arrays.equals(weights, c.weights);
        }
        @Override public int hashCode() { return Arrays.hashCode(weights) * 31 + Long.hashCode(bias) + quantization; }
        @Override public String toString() { return "Conv1[q=" + quantization + ", bias=" + bias + ", weights=" + Arrays.toString(weights) + "]"; }
    }
}
