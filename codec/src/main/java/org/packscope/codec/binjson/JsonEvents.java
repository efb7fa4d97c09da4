package org.packscope.codec.binjson;

/**
 * A decoded document as a stream of events, in document order. {@code f32} marks a
 * float stored as binary32, which prints in its own shortest form.
 */
public interface JsonEvents {
    void nullValue();

    void boolValue(boolean value);

    void intValue(long value);

    void floatValue(double value, boolean f32);

    void stringValue(String value);

    void startMap(long entries);

    void key(String key);

    void endMap();

    void startList(long elements);

    void endList();
}
