package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.packscope.codec.bpcells.bp128.Bp128Stream;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.format.Teacher;

/**
 * BP128 teaches itself: unsigned integers in, one BP128 stream out as BPCells writes it
 * ({@code data}, {@code idx}, {@code idx_offsets} and, for d1 and d1z, {@code starts}, each
 * as the file of a BPCells folder), shown block by block in the four steps of the spec's
 * "Bitpacking formats": the 128 values, the variant's transform, the width, and the
 * interleaved words, every number linked to the bits it becomes (see {@link Bp128Lesson}).
 */
public final class Bp128Teacher implements Teacher {
    /** Values a lesson takes at most: a teaching example, not a data set. */
    static final int MAX_VALUES = 1 << 16;

    static final Choice VARIANT = new Choice("variant", "Variant",
            List.of("BP128", "BP128-d1", "BP128-d1z", "BP128-m1"), "BP128-d1z");

    @Override public String formatId() { return "bpcells"; }

    @Override public String title() { return "BP128"; }

    @Override public boolean takesNumbers() { return true; }

    @Override public String inputName() { return "Unsigned 32-bit integers (spaces, commas or new lines between them)"; }

    /** Sorted row indices of one sparse column, as a matrix's index stream holds them: three blocks. */
    @Override public String example() { return sortedIndices(300, 7); }

    @Override public List<Choice> choices() { return List.of(VARIANT); }

    @Override
    public List<Series> series() {
        return List.of(new Series("ramp", ramp(300)), new Series("sparse counts", sparseCounts(300, 11)),
                new Series("sorted indices", sortedIndices(300, 7)));
    }

    @Override
    public Lesson teach(String text, Map<String, String> chosen) {
        Bp128Variant variant = variant(VARIANT.in(chosen));
        int[] values = values(text);
        Bp128Stream stream = Bp128Stream.encode(variant, values, values.length);
        Bp128Lesson lesson = new Bp128Lesson(variant, values, stream);
        return new Lesson(lesson.root(), lesson.sizes());
    }

    static Bp128Variant variant(String option) {
        return switch (option) {
            case "BP128" -> Bp128Variant.VANILLA;
            case "BP128-d1" -> Bp128Variant.D1;
            case "BP128-m1" -> Bp128Variant.FOR;
            default -> Bp128Variant.D1Z;
        };
    }

    /** The numbers of {@code text} as unsigned 32-bit integers (held in ints). */
    static int[] values(String text) {
        String[] words = text.strip().split("[\\s,;]+");
        if (words.length == 1 && words[0].isEmpty()) throw new IllegalArgumentException("no numbers: type some, e.g. 1 2 3");
        if (words.length > MAX_VALUES) throw new IllegalArgumentException(words.length + " numbers: a lesson takes at most " + MAX_VALUES);
        int[] out = new int[words.length];
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            String where = "number " + (i + 1) + " ('" + (w.length() > 20 ? w.substring(0, 20) + "…" : w) + "')";
            if (w.startsWith("-")) throw new IllegalArgumentException(where + " is negative: BP128 packs unsigned 32-bit integers");
            long v;
            try {
                v = Long.parseLong(w);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + " is not a whole number");
            }
            if (v > 0xffffffffL) throw new IllegalArgumentException(where + " does not fit 32 bits");
            out[i] = (int) v;
        }
        return out;
    }

    static String ramp(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(Integer.toString(i));
        return lines(out);
    }

    /** Counts of a sparse matrix's non-zeros: mostly 1 and 2, now and then a large one; never 0 (so m1 fits them). */
    static String sparseCounts(int n, long seed) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int u = r.nextInt(100);
            out.add(Integer.toString(u < 60 ? 1 : u < 85 ? 2 : u < 97 ? 3 + r.nextInt(6) : 10 + r.nextInt(90)));
        }
        return lines(out);
    }

    /** Increasing row numbers with gaps of 1 to 20: the index of a sparse column. */
    static String sortedIndices(int n, long seed) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>();
        long row = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            out.add(Long.toString(row));
            row += 1 + r.nextInt(20);
        }
        return lines(out);
    }

    /** The numbers separated by spaces (the editor wraps them), a blank line between blocks of 128. */
    private static String lines(List<String> numbers) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < numbers.size(); i++) sb.append(numbers.get(i)).append(i % 128 == 127 ? "\n\n" : " ");
        return sb.toString().strip();
    }
}
