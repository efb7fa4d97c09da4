package org.packscope.codec.pco;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;
import org.packscope.codec.store.ChunkUnits;

/**
 * The chunks of a Pco file with many of them as units a distributed check spreads. The
 * file's index (header, where each chunk starts and ends) is read once where the file is
 * opened; a unit decodes one chunk's pages. Pco has no checksum, so a chunk's damage is
 * what reading it finds: its metadata or page structure (found while indexing) or what
 * decoding its numbers finds. Each problem is said as {@code check} says it on the file,
 * at its real place in the file's bytes.
 */
final class PcoChunkUnits implements ChunkUnits {
    /** Chunks above which a file is checked chunk by chunk (as HDF5 datasets of more than 64 chunks are). */
    static final int MIN_CHUNKS = 64;

    private final PcoFile file;

    /**
     * The chunks' own damage found while indexing, by rule and bit: the file node holds it,
     * and so does the chunk's node, as its own parse says it (check prints that one).
     */
    private final java.util.Set<String> chunkDamage = new java.util.HashSet<>();

    PcoChunkUnits(PcoFile file) {
        this.file = file;
        for (PcoFile.Chunk c : file.chunks()) if (c.damaged()) chunkDamage.add(placed(c.damage()));
    }

    private static String placed(Diagnostic d) {
        return d.rule() + "@" + (d.span() == null ? "-" : Long.toString(d.span().startBit()));
    }

    /** The units of {@code f}, or null when it has too few chunks to split. */
    static ChunkUnits of(PcoFile f) { return f.chunks().size() > MIN_CHUNKS ? new PcoChunkUnits(f) : null; }


    @Override public long chunkCount() { return file.chunks().size(); }

    @Override public long[] storedChunks() {
        long[] all = new long[file.chunks().size()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }

    @Override public List<Diagnostic> listingProblems() { return List.of(); }

    @Override public String key(long chunk) { return "chunk " + chunk; }

    // the file node lists the header first, then "chunk 0", "chunk 1", ...
    @Override public List<String> nodeNames(long chunk) { return List.of(key(chunk)); }

    @Override public Path chunkFile(long chunk) {
        try {
            return Path.of(file.name());
        } catch (InvalidPathException e) {
            return Path.of("");
        }
    }

    @Override public long chunkValues() {
        return file.chunks().stream().mapToLong(PcoFile.Chunk::n).max().orElse(0);
    }

    @Override public ChunkCheck check(long chunk) {
        if (chunk < 0 || chunk >= file.chunks().size()) return new ChunkCheck(false, 0, 0, List.of());
        PcoFile.Chunk c = file.chunks().get((int) chunk);
        long bytes = c.endByte() - c.startByte();
        // found while indexing (the file's verifier leaves these to the nodes), said as the chunk's node says it
        if (c.damaged()) return new ChunkCheck(true, bytes, 0, List.of(c.meta() == null ? PcoNodes.brokenChunkProblem(file, c) : c.damage()));
        long[] out = new long[PageDecoder.BATCH];
        long values = 0;
        try {
            PageDecoder pd = file.pageDecoder(c, Recorder.NONE);
            int got;
            while ((got = pd.decodeBatch(out, 0)) > 0) values += got;
            return new ChunkCheck(true, bytes, values, List.of());
        } catch (ReadProblem e) {
            return new ChunkCheck(true, bytes, values, List.of(PcoFile.chunkFailure(c.index(), e)));
        }
    }

    @Override public boolean saysItself(Diagnostic problem) { return chunkDamage.contains(placed(problem)); }

    // already said as the file's verifier says it, in the file's bytes
    @Override public Diagnostic asVerified(long chunk, Diagnostic problem) { return problem; }
}
