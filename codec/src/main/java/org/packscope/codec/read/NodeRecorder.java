package org.packscope.codec.read;

import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;

/**
 * Records each field a reader reads as a {@link Field} of a node, keyed, at the span it
 * was read from. {@code baseBit} shifts positions when the node's source is a slice of
 * the source being read (0 when they are the same).
 */
public final class NodeRecorder implements Recorder {
    private final Node node;
    private final long baseBit;

    public NodeRecorder(Node node, long baseBit) {
        this.node = node;
        this.baseBit = baseBit;
    }

    public NodeRecorder(Node node) { this(node, 0); }

    @Override
    public void field(String key, int index, String label, long bit, long bits, Object value, String meaning) {
        node.addField(new Field(key, index, label, Span.bits(bit - baseBit, bits), String.valueOf(value), meaning));
    }
}
