package org.packscope.codec.inspect;

/**
 * One recorded field: its name, where its bits are in the node's source (null for a
 * derived quantity that has no bits of its own), its decoded value as text and a
 * one-line meaning. The raw bits are not stored: they are the source's bits at the
 * span, so the hex view and the field can never disagree.
 */
public record Field(String name, Span span, String value, String meaning) {

    public long bitWidth() { return span == null ? 0 : span.bitLength(); }

    public boolean derived() { return span == null; }
}
