package org.packscope.codec.hdf5;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.BloscRules;
import org.packscope.codec.blosc.ChunkHeader;
import org.packscope.codec.blosc.Codecs;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * The Blosc HDF5 filter (registered id 32001, written by PyTables and h5py's hdf5plugin),
 * decoded by PackScope's own Blosc reader, which jhdf lacks. Each chunk is one Blosc
 * chunk; a damaged one fails that chunk only.
 */
final class BloscFilter implements io.jhdf.filter.Filter {
    static final int ID = 32001;

    @Override public int getId() { return ID; }

    @Override public String getName() { return "blosc"; }

    @Override
    public byte[] decode(byte[] encoded, int[] filterData) {
        BloscChunk c = BloscChunk.read(ByteSource.of(encoded, "Blosc-filtered chunk"), 0, encoded.length);
        try {
            return c.decodeAll(Codecs.local());
        } catch (ReadProblem e) {
            // the Blosc reader's offsets count in the bytes it was given: the filtered chunk
            Span at = e.diagnostic().span();
            throw new FilterDamage(at == null ? 0 : at.byteOffset(), "a Blosc-filtered chunk could not be decoded: " + e.getMessage());
        }
    }

    /** A chunk decoded block by block: its bytes (zeros where a block failed), the bytes lost (null: none) and the first failure. */
    record Partly(byte[] bytes, java.util.BitSet lost, FilterDamage why) { }

    /**
     * Decodes what can be decoded: a block that fails reads as zeros and its bytes are
     * {@code lost}, the blocks around it still count. What stops the whole chunk (its
     * header, a size past {@code cap}) throws {@link FilterDamage}. {@code cut}: the chunk's
     * bytes stop at the end of the file, so cbytes and the bstarts table may reach past
     * {@code encoded}; the blocks whose streams lie wholly before the cut still decode.
     */
    static Partly decodePartly(byte[] encoded, long cap, boolean cut) {
        BloscChunk c = BloscChunk.read(ByteSource.of(encoded, "Blosc-filtered chunk"), 0, encoded.length);
        FilterDamage cutShort = null;
        for (Diagnostic d : c.problems()) {
            if (d.severity() != Severity.ERROR) continue;
            if (!cut || !CUT_SHORT.contains(d.rule())) throw damage(d);
            if (cutShort == null) cutShort = new FilterDamage(encoded.length, "the Blosc chunk stops after " + encoded.length
                    + " of its " + c.header().cbytes() + " bytes (cbytes); the blocks whose streams lie past the cut are lost");
        }
        if (c.header() == null) throw new FilterDamage(0, "a Blosc-filtered chunk has no Blosc header");
        if (c.nbytes() > cap) throw new FilterDamage(4, "the Blosc header says nbytes " + c.nbytes() + ", more than the chunk holds (" + cap + ")");
        byte[] out = new byte[(int) c.nbytes()];
        java.util.BitSet lost = null;
        FilterDamage first = null;
        Codecs ctx = Codecs.local();
        long memcpyedKept = c.header().memcpyed() ? Math.max(0, encoded.length - ChunkHeader.SIZE) : Long.MAX_VALUE;
        for (long u = 0, n = c.units(); u < n; u++) {
            int from = (int) c.unitStart(u), len = c.unitLength(u);
            try {
                if (from + len > memcpyedKept) throw cutShort != null ? cutShort : new FilterDamage(encoded.length, "the memcpyed chunk stops early");
                if (!c.unitLocatable(u)) {
                    Diagnostic where = c.header().memcpyed() ? null : c.layout((int) u).problem();
                    throw where != null ? new ReadProblem(where) : new FilterDamage(0, "Blosc block " + u + " cannot be located");
                }
                c.decodeUnit(u, out, from, ctx);
            } catch (ReadProblem | FilterDamage e) {
                java.util.Arrays.fill(out, from, from + len, (byte) 0);
                if (lost == null) lost = new java.util.BitSet();
                lost.set(from, from + len);
                if (first == null) {
                    first = e instanceof ReadProblem r ? damage(r.diagnostic()) : (FilterDamage) e;
                }
            }
        }
        return new Partly(out, lost, cutShort != null && lost != null ? cutShort : first);
    }

    /** The errors a chunk cut by the end of the file shows before its blocks are tried one by one. */
    private static final java.util.Set<String> CUT_SHORT = java.util.Set.of(
            BloscRules.CBYTES_BEYOND_DATA.id(), BloscRules.BSTARTS_TRUNCATED.id(),
            BloscRules.MEMCPYED_SIZE_MISMATCH.id(), BloscRules.BSTART_OUT_OF_RANGE.id());

    private static FilterDamage damage(Diagnostic d) {
        Span at = d.span();
        return new FilterDamage(at == null ? 0 : at.byteOffset(), "a Blosc-filtered chunk could not be decoded: " + d.message());
    }
}
