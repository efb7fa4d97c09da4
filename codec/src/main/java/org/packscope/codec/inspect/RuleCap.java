package org.packscope.codec.inspect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the first {@link #PER_RULE} diagnostics of each rule (per key: a node's rule, or a
 * file and rule in {@code check}) and counts the rest, so a file with 30,000 duplicate
 * strings costs 100 lines and one "and 29,900 more like this", not 30,000 lines.
 * The summary is a diagnostic of the same rule, as severe as the worst one it stands
 * for, placed where the first hidden one was.
 */
public final class RuleCap<K> {
    public static final int PER_RULE = 100;
    private static final Pattern SUMMARY = Pattern.compile("and ([0-9,]+) more like this");

    private final int limit;
    private final Map<K, Integer> kept = new HashMap<>();
    private final Map<K, Hidden> hidden = new LinkedHashMap<>();

    /** What was held back for one key. */
    private static final class Hidden {
        final Diagnostic first;
        Severity worst;
        long count;

        Hidden(Diagnostic first) {
            this.first = first;
            this.worst = first.severity();
        }
    }

    public RuleCap(int limit) {
        this.limit = limit;
    }

    public RuleCap() {
        this(PER_RULE);
    }

    /**
     * True when {@code d} is to be kept; otherwise it is counted under {@code key}. A
     * summary made by another cap counts for all the diagnostics it stands for.
     */
    public synchronized boolean admit(K key, Diagnostic d) {
        int n = kept.merge(key, 1, Integer::sum);
        if (n <= limit) return true;
        Hidden h = hidden.computeIfAbsent(key, k -> new Hidden(d));
        h.count += Math.max(1, hiddenCount(d));
        if (d.severity().ordinal() < h.worst.ordinal()) h.worst = d.severity(); // ERROR comes first
        return false;
    }

    public synchronized boolean isEmpty() { return hidden.isEmpty(); }

    /** One summary diagnostic per key that had more than the limit, in the order they overflowed. */
    public synchronized void forEachSummary(BiConsumer<K, Diagnostic> sink) {
        for (Map.Entry<K, Hidden> e : new ArrayList<>(hidden.entrySet())) {
            Hidden h = e.getValue();
            sink.accept(e.getKey(), new Diagnostic(h.worst, h.first.span(), h.first.rule(), summaryMessage(h.count)));
        }
    }

    public synchronized List<Diagnostic> summaries() {
        List<Diagnostic> out = new ArrayList<>();
        forEachSummary((k, d) -> out.add(d));
        return out;
    }

    static String summaryMessage(long count) {
        return String.format(Locale.ROOT, "and %,d more like this", count);
    }

    /** How many diagnostics a summary stands for; 0 for an ordinary diagnostic. */
    public static long hiddenCount(Diagnostic d) {
        Matcher m = SUMMARY.matcher(d.message());
        return m.matches() ? Long.parseLong(m.group(1).replace(",", "")) : 0;
    }
}
