package org.packscope.codec.inspect;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A format's field documentation, in one place and keyed by {@link Field#key()}: for each
 * key, a paragraph on what the field is and why the format has it, the formula it enters
 * and the spec section that defines it. Being a {@link FieldExplainer}, it is the one
 * explainer every format hangs on its nodes; a field whose key it does not know falls
 * back to its one-line meaning.
 *
 * <p>Most texts are fixed; a few depend on the field (a BP128 value names its own lane
 * and bits): those are given as a function of the field.
 */
public final class FieldDocs implements FieldExplainer {
    private final Map<String, Function<Field, Explanation>> byKey;

    private FieldDocs(Map<String, Function<Field, Explanation>> byKey) {
        this.byKey = Map.copyOf(byKey);
    }

    public static Builder builder() { return new Builder(); }

    /**
     * A field's explanation with its own numbers (its meaning, which a table's column cuts)
     * after the general text: what lessons give each step's fields.
     */
    public static Function<Field, Explanation> withMeaning(String text, String formula, String specSection) {
        return f -> new Explanation(f.name(), text + " Here: " + f.meaning() + ".", formula, specSection);
    }

    /** The explanation of {@code field}, titled with its label; null when its key is not documented. */
    @Override
    public Explanation explain(Field field) {
        Function<Field, Explanation> doc = byKey.get(field.key());
        return doc == null ? null : doc.apply(field);
    }

    /** Whether {@code key} has documentation (for tests that every recorded key is explained). */
    public boolean documents(String key) { return byKey.containsKey(key); }

    /** Every documented key. */
    public java.util.Set<String> keys() { return byKey.keySet(); }

    public static final class Builder {
        private final Map<String, Function<Field, Explanation>> byKey = new HashMap<>();

        /** A fixed text; the title is the field's label. */
        public Builder put(String key, String text, String formula, String specSection) {
            return put(key, f -> new Explanation(f.name(), text, formula, specSection));
        }

        /** A text made from the field itself. */
        public Builder put(String key, Function<Field, Explanation> doc) {
            if (byKey.putIfAbsent(key, doc) != null) throw new IllegalStateException("field key documented twice: " + key);
            return this;
        }

        public FieldDocs build() { return new FieldDocs(byKey); }
    }
}
