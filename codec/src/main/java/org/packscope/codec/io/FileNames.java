package org.packscope.codec.io;

import java.nio.file.Path;

/** Small text helpers for file nodes. */
public final class FileNames {
    private FileNames() { }

    public static String of(Path path) {
        Path name = path.getFileName();
        return name == null ? path.toString() : name.toString();
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
