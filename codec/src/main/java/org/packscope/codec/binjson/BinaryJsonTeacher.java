package org.packscope.codec.binjson;

import org.packscope.codec.format.Teacher;

/** Binary JSON teaches itself: JSON text in, its BJ or SJ encoding and inspection out (see {@link BinaryJsonTeaching}). */
public final class BinaryJsonTeacher implements Teacher {

    @Override public String formatId() { return "binjson"; }

    @Override
    public Lesson teach(String text, boolean seekable, int floatCompression) {
        BinaryJsonTeaching.Encoding e = BinaryJsonTeaching.explain(text, seekable, floatCompression);
        return new Lesson(e.node(), e.jsonBytes(), e.compactJsonBytes(), e.gzipJsonBytes(), e.encodedBytes(), e.gzipEncodedBytes());
    }
}
