package org.packscope.codec.inspect;

/**
 * Where a node's children lie in its bytes, said without making them: for lists of
 * hundreds of thousands of units (a Pco file's chunks) whose nodes cost more to make than
 * their bytes cost to compare. A comparison of two such lists can pass over children
 * whose bytes are the same on both sides when it has compared the values above them.
 */
public interface ChildBytes {
    /** Child {@code index}'s bytes in the node's source, or null when they are not one span. */
    Span of(int index);
}
