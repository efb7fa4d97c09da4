package org.packscope.codec.hdf5;

import java.util.List;

/**
 * The HDF5 filters PackScope decodes with its own codecs, registered with jhdf's filter
 * mechanism so every dataset read goes through them: Blosc, LZ4, bitshuffle, Zstandard and
 * bzip2 (jhdf's own LZ4 and bitshuffle filters are replaced: these validate sizes before
 * allocating and use the native codecs when they load). Deflate, shuffle, Fletcher-32 and
 * LZF stay jhdf's.
 */
final class ChunkFilters {
    private ChunkFilters() { }

    static final List<io.jhdf.filter.Filter> ALL = List.of(
            new BloscFilter(), new Lz4Filter(), new BitshuffleFilter(), new ZstdFilter(), new Bzip2Filter());

    private static volatile boolean registered;

    /** Adds the filters to jhdf's registry once. */
    static void register() {
        if (registered) return;
        synchronized (ChunkFilters.class) {
            if (registered) return;
            for (io.jhdf.filter.Filter f : ALL) {
                try {
                    io.jhdf.filter.FilterManager.addFilter(f);
                } catch (RuntimeException | LinkageError e) {
                    // without it, datasets with this filter report it as missing, as before
                }
            }
            registered = true;
        }
    }

    /** jhdf's own decoders for the filters HDF5 itself defines (and LZF). */
    private static final List<io.jhdf.filter.Filter> JHDF = List.of(new io.jhdf.filter.DeflatePipelineFilter(),
            new io.jhdf.filter.ByteShuffleFilter(), new io.jhdf.filter.FletcherChecksumFilter(), new io.jhdf.filter.LzfFilter());

    /** The decoder for a filter id, PackScope's own before jhdf's; null when neither knows the filter. */
    static io.jhdf.filter.Filter byId(int id) {
        for (io.jhdf.filter.Filter f : ALL) if (f.getId() == id) return f;
        for (io.jhdf.filter.Filter f : JHDF) if (f.getId() == id) return f;
        return null;
    }

    /**
     * Undoes a chunk's filters, last applied first, skipping those its filter mask says
     * were not applied (HDF5 stores a chunk unfiltered when an optional filter such as
     * Blosc cannot make it smaller; jhdf's own pipeline ignores the mask).
     */
    static byte[] undo(byte[] stored, List<io.jhdf.filter.PipelineFilterWithData> filters, java.util.BitSet mask) {
        byte[] b = stored;
        for (int i = filters.size() - 1; i >= 0; i--) {
            if (mask.get(i)) continue;
            io.jhdf.filter.PipelineFilterWithData f = filters.get(i);
            io.jhdf.filter.Filter decoder = byId(f.getId());
            if (decoder == null) {
                throw new Hdf5Problem(Hdf5Rules.FILTER_FAILED, "filter " + f.getName() + " (id " + f.getId() + ") is not one PackScope can undo", -1);
            }
            try {
                b = decoder.decode(b, f.getFilterData());
            } catch (Hdf5Problem e) {
                throw e;
            } catch (RuntimeException e) {
                throw new Hdf5Problem(Hdf5Rules.FILTER_FAILED, "filter " + f.getName() + " (id " + f.getId() + "): " + Hdf5Problem.words(e), -1);
            }
        }
        return b;
    }
}
