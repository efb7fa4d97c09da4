package org.packscope.codec.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntToLongFunction;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;

/**
 * A big sparse matrix checked a range of its major axis (rows of a row-major matrix,
 * columns of a column-major one) at a time: the units a distributed check spreads, and
 * the order in which {@code check} says the matrix's entry problems, so that both say
 * the same lines. Ranges hold whole majors, about {@link #RANGE_ENTRIES} entries each;
 * a matrix of at most {@link #SPLIT_ENTRIES} entries is checked whole.
 */
public final class MajorRanges implements ChunkUnits {
    /** Entries above which a matrix is checked, and said, range by range. */
    public static final long SPLIT_ENTRIES = 1L << 20;
    /** Entries a range holds about (whole majors, at least one). */
    public static final long RANGE_ENTRIES = 1L << 18;

    /** Checks majors {@code [from, to)}, each problem's message starting with {@code prefix}; returns the entries read. */
    @FunctionalInterface
    public interface RangeCheck {
        long check(int from, int to, String prefix, Consumer<Diagnostic> sink);
    }

    private final int[] starts;
    private final boolean rowMajor;
    private final Path file;
    private final long bytesPerEntry;
    private final RangeCheck check;

    private MajorRanges(int[] starts, boolean rowMajor, Path file, long bytesPerEntry, RangeCheck check) {
        this.starts = starts;
        this.rowMajor = rowMajor;
        this.file = file;
        this.bytesPerEntry = bytesPerEntry;
        this.check = check;
    }

    /**
     * The ranges of a matrix whose major {@code j} starts at entry {@code start.applyAsLong(j)}
     * ({@code majors + 1} values, the last one the entry count), or null when it is small
     * enough to check whole. {@code file} is the one file holding every entry (its size and
     * time tell a re-run whether a range changed), or null when there is none (a folder's
     * several files): such ranges are always checked again. {@code bytesPerEntry}: what an
     * entry takes at its unpacked widths, for the census's byte counts.
     */
    public static MajorRanges of(int majors, IntToLongFunction start, boolean rowMajor, Path file, long bytesPerEntry, RangeCheck check) {
        if (majors <= 0 || start.applyAsLong(majors) - start.applyAsLong(0) <= SPLIT_ENTRIES) return null;
        int[] at = new int[16];
        int n = 0;
        at[n++] = 0;
        long from = start.applyAsLong(0);
        for (int j = 1; j < majors; j++) {
            long s = start.applyAsLong(j);
            if (s - from < RANGE_ENTRIES) continue;
            if (n == at.length) at = Arrays.copyOf(at, n * 2);
            at[n++] = j;
            from = s;
        }
        if (n == at.length) at = Arrays.copyOf(at, n + 1);
        at[n++] = majors;
        return new MajorRanges(Arrays.copyOf(at, n), rowMajor, file, bytesPerEntry, check);
    }

    /** These ranges, their entries all held in {@code file} (null: in no one file). */
    public MajorRanges heldIn(Path file) {
        return new MajorRanges(starts, rowMajor, file, bytesPerEntry, check);
    }

    /** Checks every range in turn: what {@code check} does with a split matrix. */
    public void checkAll(Consumer<Diagnostic> sink, Progress progress) {
        for (int k = 0; k + 1 < starts.length; k++) {
            progress.checkCancelled();
            progress.update((double) k / (starts.length - 1), "checking " + key(k));
            check.check(starts[k], starts[k + 1], key(k) + ": ", sink);
        }
    }

    /** Whether {@code message} is one a range of a split matrix said ("rows 0..4095: ..."). */
    public static boolean ofARange(String message) {
        return message.matches("(?s)(rows|columns) \\d+\\.\\.\\d+: .*");
    }

    @Override public long chunkCount() { return starts.length - 1; }

    @Override public long[] storedChunks() {
        long[] all = new long[starts.length - 1];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }

    @Override public List<Diagnostic> listingProblems() { return List.of(); }

    /** What range {@code k} is called: "rows 0..4095" or "columns 0..4095". */
    @Override public String key(long chunk) {
        int k = (int) chunk;
        return (rowMajor ? "rows " : "columns ") + starts[k] + ".." + (starts[k + 1] - 1);
    }

    @Override public Path chunkFile(long chunk) { return file; }

    @Override public long chunkValues() { return RANGE_ENTRIES; }

    @Override public ChunkCheck check(long chunk) {
        if (chunk < 0 || chunk >= chunkCount()) return new ChunkCheck(false, 0, 0, List.of());
        List<Diagnostic> found = new ArrayList<>();
        int k = (int) chunk;
        long entries = check.check(starts[k], starts[k + 1], key(k) + ": ", found::add);
        return new ChunkCheck(true, entries * bytesPerEntry, entries, found);
    }

    // the matrix's node holds them when its verifier ran, and the verifier says them: each is its range's
    @Override public boolean saysItself(Diagnostic problem) { return ofARange(problem.message()); }

    // said as the matrix's verifier says it, at the element's byte in the file
    @Override public Diagnostic asVerified(long chunk, Diagnostic problem) { return problem; }
}
