package org.packscope.codec.analysis;

import java.util.function.BiFunction;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;

/**
 * The facet of a node whose bytes can be re-read as elements of another type: a Blosc
 * chunk's header knows only the element size. {@link #apply} gives the node its values and
 * their trace read as the chosen type and byte order, so the table, export, decode, the
 * trace and statistics all read the same numbers. {@link #asksPerson} says whether the
 * type is a person's choice, or whether the container around the chunk decides it (a
 * bcolz carray's dtype, a Zarr array's), so a view offers the choice without knowing formats.
 */
public final class ElementReading {
    /** A node's values and the tracer that explains them, read one way. */
    public record Read(ValueColumn values, ValueTracer tracer) { }

    private final ValueColumn stored;
    private final BiFunction<ValueType, Boolean, Read> reader;
    private final boolean asksPerson;

    /**
     * A reading a person chooses.
     *
     * @param stored the values as stored: unsigned integers of the element size, little-endian
     * @param reader the values and tracer for a type of that size and a byte order (true: big-endian)
     */
    public ElementReading(ValueColumn stored, BiFunction<ValueType, Boolean, Read> reader) {
        this(stored, reader, true);
    }

    private ElementReading(ValueColumn stored, BiFunction<ValueType, Boolean, Read> reader, boolean asksPerson) {
        this.stored = stored;
        this.reader = reader;
        this.asksPerson = asksPerson;
    }

    /** The reading of values whose type the format knows: no other type applies. */
    public static ElementReading fixed(ValueColumn typed) {
        return new ElementReading(typed, (other, big) -> null, false);
    }

    /**
     * The same reading, not offered to a person: the container the chunk lies in (a bcolz
     * superchunk) says what its elements are. An explicit request (the CLI's --dtype) still applies.
     */
    public ElementReading decidedByContainer() {
        return new ElementReading(stored, reader, false);
    }

    /** True when nothing but a person can say what the elements are, so a view offers the choice. */
    public boolean asksPerson() { return asksPerson; }

    public ValueColumn stored() { return stored; }

    /** Bytes per element. */
    public int width() { return stored.type().byteWidth(); }

    /**
     * Reads {@code node}'s elements as {@code type}, big-endian or not: its values and trace
     * facets change to that reading. False (and nothing changes) when the type is not a
     * number of the element's width.
     */
    public boolean apply(Node node, ValueType type, boolean bigEndian) {
        if (!type.numeric() || type.byteWidth() != width()) return false;
        Read r = reader.apply(type, bigEndian);
        if (r == null) return false;
        node.facet(ValueColumn.class, r.values());
        node.facet(ValueTracer.class, r.tracer());
        return true;
    }
}
