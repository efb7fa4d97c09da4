package org.packscope.codec.testing;

import java.util.Map;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClass;

/**
 * The codec's packages as the architecture rules know them: the shared ones, and each
 * format with the formats it may reach. The codec's rules (CodecArchitectureTest) and the
 * app's (a view names no format package) read the same lists.
 */
public final class CodecPackages {
    private static final String CODEC = "org.packscope.codec.";

    /** Packages every format may use: the inspection model and the services on it, reading, and generic codecs and stores. */
    public static final Set<String> SHARED = Set.of(
            "inspect", "analysis", "io", "read", "format", "compress", "store", "json", "numpy", "export", "compare", "remote");

    /**
     * Each format package and the other formats it may reach: the containers it is a
     * seam of (an HDF5 group opener) or that hold its units (bcolz holds Blosc chunks).
     */
    public static final Map<String, Set<String>> FORMATS = Map.ofEntries(
            Map.entry("pco", Set.of()),
            Map.entry("blosc", Set.of()),
            Map.entry("bcolz", Set.of("blosc")),
            Map.entry("binjson", Set.of()),
            Map.entry("hdf5", Set.of("blosc")),
            Map.entry("bpcells", Set.of("hdf5", "sparse")),
            Map.entry("rds", Set.of("bpcells", "sparse")),
            Map.entry("sparse", Set.of("hdf5")),
            Map.entry("anndata", Set.of("hdf5", "sparse")),
            Map.entry("tenx", Set.of("hdf5", "sparse")),
            Map.entry("zarr", Set.of("blosc", "pco")),
            Map.entry("fs", Set.of()),
            Map.entry("raw", Set.of()));

    private CodecPackages() { }

    /** The codec package {@code c} is in (its first name under org.packscope.codec), or null outside the codec. */
    public static String of(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith(CODEC)) return null;
        String rest = p.substring(CODEC.length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }
}
