package org.packscope.codec.inspect;

/**
 * A child found by its name when the children's list cannot hold it: a store that cannot
 * list its members (a Zarr group over HTTP without consolidated metadata) can still tell
 * whether a member of a given name exists. {@link Node#child(String)} asks this facet when
 * the listed children have no such name, so {@code ::group/array} addresses reach it.
 */
@FunctionalInterface
public interface NamedChild {
    /** The member called {@code name}, or null when there is none. */
    Node find(String name);
}
