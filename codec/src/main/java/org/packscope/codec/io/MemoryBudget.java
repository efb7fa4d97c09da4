package org.packscope.codec.io;

/**
 * What one open file may hold in memory at once for a single unit it decodes (a Blosc
 * block, a Pco chunk's values, a list of names). Headers can claim gigabytes from a few
 * bytes (a zstd stream of run-length blocks, a Pco count field); what they claim is
 * checked against this before anything is allocated, and a claim beyond it becomes the
 * diagnostic {@value #RULE}, never an {@link OutOfMemoryError}. The limit follows the
 * heap: an eighth of it, at most {@link #MAX_UNIT_BYTES}, so a 256 MB heap holds a unit,
 * its scratch copies and the rest of the program.
 */
public final class MemoryBudget {
    /**
     * The id of {@code inspect.SharedRules.TOO_LARGE_TO_HOLD}, which is where the rule is
     * defined ({@code io} cannot name a {@code Rule} without depending back on
     * {@code inspect}); kept for readers that still pass rule ids as text.
     */
    public static final String RULE = "too_large_to_hold";
    /** Upper bound on one unit, whatever the heap. */
    public static final long MAX_UNIT_BYTES = 64L << 20;

    private MemoryBudget() { }

    /** The most bytes one decoded unit may take. */
    public static long unitBytes() {
        return Math.min(MAX_UNIT_BYTES, Runtime.getRuntime().maxMemory() / 8);
    }

    /**
     * The most bytes all caches of decoded things may hold together ({@code store.UnitCache}):
     * a quarter of the heap, so two units in hand and the caches still leave room for the rest.
     */
    public static long cacheBytes() {
        return Runtime.getRuntime().maxMemory() / 4;
    }

    /** Whether {@code count} elements of {@code width} bytes may be held as one unit. */
    public static boolean fits(long count, long width) {
        return count >= 0 && width >= 0 && (width == 0 || count <= unitBytes() / width);
    }

    /** Text for the diagnostic: what was claimed, and the limit. */
    public static String tooLarge(String what, long bytes) {
        return what + " would take " + bytes + " bytes in memory, more than the " + unitBytes()
                + " one unit may hold here; not decoded";
    }
}
