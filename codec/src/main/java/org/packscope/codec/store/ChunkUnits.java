package org.packscope.codec.store;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;

/**
 * The chunks of a large chunked array as units of work that can be checked one by one,
 * anywhere: what a distributed check spreads over its executors. A facet of the array's
 * node when {@code check} verifies its chunks in one verifier (too many to walk as nodes);
 * checking every stored chunk here and saying each problem through {@link #reported} gives
 * exactly what that verifier gives.
 */
public interface ChunkUnits {

    /** What one chunk holds and what is wrong with it. */
    record ChunkCheck(boolean stored, long storedBytes, long values, List<Diagnostic> problems) {
        public ChunkCheck { problems = List.copyOf(problems); }

        public boolean damaged() { return !problems.isEmpty(); }
    }

    /** Chunks in the grid. */
    long chunkCount();

    /** The stored chunk numbers (C order), sorted; null when the folder could not be listed (every chunk is then looked up). */
    long[] storedChunks();

    /** Problems of the listing itself (keys that lead outside the store). */
    List<Diagnostic> listingProblems();

    /** The chunk's key in the store (its file name in the array folder). */
    String key(long chunk);

    /**
     * The chunk's file (a shard's file when the array is sharded), or null when no one file
     * holds it (a re-run then always checks it again); throws a {@code ReadProblem} for a key
     * that leaves the store.
     */
    java.nio.file.Path chunkFile(long chunk);

    /** Values (elements) in a chunk. */
    long chunkValues();

    /** Reads and decodes chunk number {@code chunk}; its problems carry their places in the chunk's own bytes. */
    ChunkCheck check(long chunk);

    /**
     * The names leading from the array's node down to the node of chunk {@code chunk}, where
     * the array's children do not simply follow its grid (empty: they do, one per grid cell).
     */
    default List<String> nodeNames(long chunk) { return List.of(); }

    /**
     * Whether {@code problem}, held by the array's node or one of its children, is one of
     * a chunk's and so said by that chunk's unit ({@link #check}) rather than by the array's
     * structure: a chunk found damaged while the array was indexed.
     */
    default boolean saysItself(Diagnostic problem) { return false; }

    /** {@code problem} of chunk number {@code chunk}, from {@link #check}, as the array's verifier says it. */
    default Diagnostic asVerified(long chunk, Diagnostic problem) { return reported(key(chunk), problem); }

    /** {@code problem} of the chunk {@code key} as a Zarr array's verifier says it: no span, key and byte in the message. */
    static Diagnostic reported(String key, Diagnostic problem) {
        String where = problem.span() == null ? "" : " (byte " + problem.span().offsetText() + ")";
        return new Diagnostic(problem.severity(), null, problem.rule(), key + where + ": " + problem.message());
    }
}
