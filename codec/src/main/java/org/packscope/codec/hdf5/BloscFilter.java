package org.packscope.codec.hdf5;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.Codecs;
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
            org.packscope.codec.inspect.Span at = e.diagnostic().span();
            throw new FilterDamage(at == null ? 0 : at.byteOffset(), "a Blosc-filtered chunk could not be decoded: " + e.getMessage());
        }
    }

}
