package org.packscope.codec.inspect;

/**
 * What a field is and why it is there, in the project's own words: a paragraph, the
 * formula the field enters (may be empty), and where the spec describes it (e.g.
 * "pco-format.txt, Chunk meta"; may be empty).
 */
public record Explanation(String title, String text, String formula, String specSection) {

    /** The fallback for formats that explain a field only by its one-line meaning. */
    public static Explanation of(Field f) {
        return new Explanation(f.name(), f.meaning() == null ? "" : f.meaning(), "", "");
    }
}
