package org.packscope.codec.sparse;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.store.ChunkUnits;

/**
 * The ranges of a big compressed sparse matrix's major axis (rows of CSR, columns of CSC)
 * as units a distributed check spreads. Where the matrix is opened its indptr and shape are
 * read once; a unit reads its range's indices (bounds, order) and, for counts, its values,
 * and says each problem as {@code check} says it of the matrix, at the element's real byte.
 */
final class MatrixRanges implements ChunkUnits {
    private final CompressedMatrix matrix;
    private final String file;

    private MatrixRanges(CompressedMatrix matrix, String file) {
        this.matrix = matrix;
        this.file = file;
    }

    /** The ranges of {@code m} (in the file named {@code file}), or null when it is checked whole. */
    static ChunkUnits of(CompressedMatrix m, String file) {
        return m.rangeStarts() == null ? null : new MatrixRanges(m, file);
    }

    @Override public long chunkCount() { return matrix.rangeStarts().length - 1; }

    @Override public long[] storedChunks() {
        long[] all = new long[(int) chunkCount()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }

    @Override public List<Diagnostic> listingProblems() { return List.of(); }

    @Override public String key(long chunk) { return matrix.rangeName((int) chunk); }

    @Override public Path chunkFile(long chunk) {
        try {
            return Path.of(file);
        } catch (InvalidPathException e) {
            return Path.of("");
        }
    }

    @Override public long chunkValues() { return CompressedMatrix.RANGE_ENTRIES; }

    @Override public ChunkCheck check(long chunk) {
        if (chunk < 0 || chunk >= chunkCount()) return new ChunkCheck(false, 0, 0, List.of());
        List<Diagnostic> found = new ArrayList<>();
        long entries = matrix.verifyRange((int) chunk, found::add, Progress.NONE);
        CompressedMatrix.Spec s = matrix.spec();
        long bytes = entries * (s.indices().type().byteWidth() + (s.counts() ? s.data().type().byteWidth() : 0));
        return new ChunkCheck(true, bytes, entries, found);
    }

    // the matrix node shows them when it opens, and its verifier says them: both are this range's
    @Override public boolean saysItself(Diagnostic problem) { return CompressedMatrix.ofARange(problem.message()); }

    // said as the matrix's verifier says it, at the element's byte in the file
    @Override public Diagnostic asVerified(long chunk, Diagnostic problem) { return problem; }
}
