package org.packscope.codec.io;

import java.nio.file.Path;

/** Small text helpers for file nodes. */
public final class FileNames {
    private FileNames() { }

    public static String of(Path path) {
        Path name = path.getFileName();
        return name == null ? path.toString() : name.toString();
    }

    private static final java.util.regex.Pattern ONE_FILE = java.util.regex.Pattern.compile(
            "(?i).+\\.(h5|hdf5|he5|h5ad|nc|nc4|cdf|pco|rds|rda|blosc|bj|sj|json|npy|bin|raw|csv|tsv|txt|gz|bz2|zst|lz4|mtx)");

    /**
     * Whether a name says it is one file (an HDF5, Pco, .rds, CSV... file), not a store or a
     * folder: where each question costs a round trip, such a name is not asked what it holds.
     */
    public static boolean namesOneFile(String name) {
        return ONE_FILE.matcher(name).matches();
    }

    /** "1.5 MB", "312 bytes". */
    public static String size(long bytes) {
        if (bytes < 1024) return bytes + (bytes == 1 ? " byte" : " bytes");
        String[] units = {"KB", "MB", "GB", "TB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
