package org.packscope.codec.format;

import java.util.ServiceLoader;

import org.packscope.codec.inspect.Node;

/**
 * A format PackScope can also write, for teaching it: a person types a document, the
 * format encodes it, and the encoding comes back as the same inspection tree a file of
 * it would open as, with sizes to compare against the plain and gzip'd text. Formats that
 * teach themselves are found through {@link ServiceLoader}, so the teaching window names
 * none of them.
 */
public interface Teacher {

    /** The {@link Format#id()} of the format taught. */
    String formatId();

    /**
     * Encodes {@code text}; {@code variant} and {@code level} are the format's two choices
     * (for binary JSON: seekable SJ instead of BJ, and the float compression 0..6).
     *
     * @throws IllegalArgumentException for text the format cannot encode, in words for a person
     */
    Lesson teach(String text, boolean variant, int level);

    /** An encoding and its sizes (bytes). */
    record Lesson(Node node, long textBytes, long compactTextBytes, long gzipTextBytes, long encodedBytes, long gzipEncodedBytes) { }

    /** The teacher of format {@code formatId}, or null when no format on the class path teaches it. */
    static Teacher of(String formatId) {
        for (Teacher t : ServiceLoader.load(Teacher.class, Teacher.class.getClassLoader())) {
            if (t.formatId().equals(formatId)) return t;
        }
        return null;
    }
}
