package org.packscope.codec.inspect;

/** A node facet that explains its fields at length (see {@link Explanation}). */
@FunctionalInterface
public interface FieldExplainer {

    /** The explanation of one of the node's fields; null to fall back to its meaning. */
    Explanation explain(Field field);
}
