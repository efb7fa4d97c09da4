package org.packscope.codec.inspect;

/**
 * One recorded field: its stable key (what documentation and tests find it by, e.g.
 * {@code "bstarts"}), its index among fields of that key ({@code bstarts[7]} has index 7;
 * -1 when the key occurs once), its label for people, where its bits are in the node's
 * source (null for a derived quantity that has no bits of its own), its decoded value
 * as text and a one-line meaning. The raw bits are not stored: they are the source's
 * bits at the span, so the hex view and the field can never disagree.
 *
 * <p>The key is separate from the label so that a label can be reworded, numbered or
 * translated without losing the field's explanation.
 */
public record Field(String key, int index, String name, Span span, String value, String meaning) {

    public Field {
        java.util.Objects.requireNonNull(key);
        java.util.Objects.requireNonNull(name);
    }

    /** A field whose label is also its key (fields no documentation refers to by key). */
    public Field(String name, Span span, String value, String meaning) {
        this(name, -1, name, span, value, meaning);
    }

    public long bitWidth() { return span == null ? 0 : span.bitLength(); }

    public boolean derived() { return span == null; }
}
