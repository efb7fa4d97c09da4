package org.packscope.app.ui.view;

/**
 * What a person types into "go to": an index ({@code 1234}, {@code 1,234,567}) or, for a
 * 2-D view, a row and a column ({@code 12, 34}, {@code 12 34}, {@code 12;34}, {@code 12,34}).
 * A comma followed by exactly three digits per group ({@code 1,000}) separates thousands;
 * any other comma, whitespace, {@code ;} or {@code ×} separates the row from the column.
 */
final class ElementIndex {
    private ElementIndex() { }

    /** The one or two indexes typed, or null when the text is not that (with the reason in {@link #why}). */
    static long[] parse(String text) {
        String t = text == null ? "" : text.trim().replace("_", "");
        if (t.isEmpty()) return null;
        String[] parts = t.split("\\s*[;×]\\s*|\\s*,\\s+|\\s+");
        if (parts.length == 1 && parts[0].contains(",") && !parts[0].matches("\\d{1,3}(,\\d{3})+")) parts = parts[0].split(",", -1);
        if (parts.length > 2) return null;
        long[] at = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (!p.matches("\\d{1,3}(,\\d{3})*|\\d+")) return null;
            try {
                at[i] = Long.parseLong(p.replace(",", ""));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return at;
    }

    /** Why {@code text} is not an index, in words. */
    static String why(String text, boolean twoD) {
        return "“" + text.trim() + "” is not " + (twoD ? "an index or a row and a column (e.g. 12, 34)" : "an index (a whole number from 0)");
    }
}
