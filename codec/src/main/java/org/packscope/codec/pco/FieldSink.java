package org.packscope.codec.pco;

/**
 * Receives each field the parser reads, with its absolute bit position in the data
 * being parsed. The inspect path records them as Node fields; decoders pass {@link #NONE}.
 */
@FunctionalInterface
public interface FieldSink {
    FieldSink NONE = (name, bit, bits, value, meaning) -> { };

    void field(String name, long bit, long bits, Object value, String meaning);
}
