package org.packscope.codec.read;

/**
 * Receives each field a {@link FieldReader} reads, at the bit position it was read from.
 * The inspect path records fields on a node ({@link NodeRecorder}); decoders pass
 * {@link #NONE}, and the reader then makes no text and calls nothing.
 */
@FunctionalInterface
public interface Recorder {
    Recorder NONE = (key, index, label, bit, bits, value, meaning) -> { };

    /**
     * One field: its stable key and index (-1 when the key occurs once), its label for
     * people, its absolute bit position and width in the source, its value (a number,
     * text, or anything whose {@code toString} is the value to show) and a one-line meaning.
     */
    void field(String key, int index, String label, long bit, long bits, Object value, String meaning);
}
