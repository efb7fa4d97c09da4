package org.packscope.codec.hdf5;

import java.util.List;

/**
 * The HDF5 filters PackScope decodes itself, which jhdf lacks: each is added to jhdf's
 * filter registry once, before the first file is opened. A filter added here needs no
 * other change: jhdf then finds it by its id for every chunked dataset that lists it.
 */
final class Hdf5Filters {
    /** Blosc, szip, and (replacing jhdf's own, which allocate whatever a header claims) LZ4, bitshuffle, Zstandard and bzip2. */
    private static final List<io.jhdf.filter.Filter> OWN = List.of(new BloscFilter(), new SzipFilter(),
            new Lz4Filter(), new BitshuffleFilter(), new ZstdFilter(), new Bzip2Filter());

    private static volatile boolean registered;

    private Hdf5Filters() { }

    /**
     * What to call a filter in a message: the name the file gives it, or, when the writer
     * left it out (h5py writes none for a filter it only declares; jhdf then says
     * "undefined"), the name of the filter PackScope knows by that id, else its id.
     */
    static String name(int id, String stored) {
        if (stored != null && !stored.isBlank() && !"undefined".equals(stored)) return stored;
        for (io.jhdf.filter.Filter f : OWN) if (f.getId() == id) return f.getName();
        return id == PartialSteps.DEFLATE ? "deflate" : id == PartialSteps.SHUFFLE ? "shuffle" : "id " + id;
    }

    /** Adds PackScope's filters to jhdf's registry, once. */
    static void register() {
        if (registered) return;
        synchronized (Hdf5Filters.class) {
            if (registered) return;
            for (io.jhdf.filter.Filter f : OWN) {
                try {
                    io.jhdf.filter.FilterManager.addFilter(f);
                } catch (RuntimeException | LinkageError e) {
                    // without it, datasets using this filter report it as missing, as before
                }
            }
            registered = true;
        }
    }
}
