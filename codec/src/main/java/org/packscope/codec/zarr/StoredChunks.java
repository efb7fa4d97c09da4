package org.packscope.codec.zarr;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ChunkGrid;

/**
 * Which chunks of an array are stored, found by listing the array's folder once: the
 * chunk numbers (C order) of the files whose names are chunk keys, sorted. Work then
 * follows the data, not the grid: a 2^40-cell grid with three chunk files costs three
 * lookups, and everything between them is the fill value, known without a look at the disk.
 * When the listing fails, or holds more keys than {@link #MAX_KEYS}, nothing is known and
 * each chunk is looked up on its own ({@link #known()} is false).
 */
final class StoredChunks {
    /** Chunk files listed at most (8 bytes each in memory). */
    static final int MAX_KEYS = 4_000_000;

    private final long[] sorted;
    private final boolean known;
    /** Folders on the chunk-key paths that lead outside the store: reported, never listed. */
    final List<Diagnostic> problems;

    private StoredChunks(long[] sorted, boolean known, List<Diagnostic> problems) {
        this.sorted = sorted;
        this.known = known;
        this.problems = problems;
    }

    boolean known() { return known; }

    int count() { return sorted.length; }

    /** The {@code i}-th stored chunk number, in C order. */
    long get(int i) { return sorted[i]; }

    /** The first stored chunk number ≥ {@code k}, or the grid's chunk count when there is none; {@code k} when unknown. */
    long nextStored(long k, long chunkCount) {
        if (!known) return k;
        int i = Arrays.binarySearch(sorted, k);
        if (i >= 0) return k;
        i = -i - 1;
        return i < sorted.length ? sorted[i] : chunkCount;
    }

    boolean contains(long k) { return !known || Arrays.binarySearch(sorted, k) >= 0; }

    static StoredChunks list(ZarrStore store, Path folder, ArrayMeta meta, ChunkGrid grid) {
        Lister l = new Lister(store, meta, grid);
        try {
            l.walk(folder, "", 0);
        } catch (IOException | RuntimeException e) {
            return new StoredChunks(new long[0], false, l.problems);
        }
        if (l.overflow) return new StoredChunks(new long[0], false, l.problems);
        long[] s = Arrays.copyOf(l.found, l.count);
        Arrays.sort(s);
        return new StoredChunks(s, true, l.problems);
    }

    /** Walks the folder down to the depth a chunk key can reach, keeping the names that parse as keys. */
    private static final class Lister {
        final ZarrStore store;
        final ArrayMeta meta;
        final ChunkGrid grid;
        final int depth;
        final long[] gridShape;
        long[] found = new long[64];
        int count;
        boolean overflow;
        final List<Diagnostic> problems = new ArrayList<>();

        Lister(ZarrStore store, ArrayMeta meta, ChunkGrid grid) {
            this.store = store;
            this.meta = meta;
            this.grid = grid;
            this.gridShape = grid.gridShape();
            // "c" is one level when the separator is "/", and each coordinate but the last one more
            int levels = meta.separator.equals("/") ? Math.max(0, grid.rank() - 1) + (meta.defaultKeys && grid.rank() > 0 ? 1 : 0) : 0;
            this.depth = levels;
        }

        void walk(Path dir, String prefix, int level) throws IOException {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) {
                    if (overflow) return;
                    String name = p.getFileName().toString();
                    if (name.startsWith(".") || name.equals("zarr.json")) continue;
                    BasicFileAttributes own = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    String key = prefix + name;
                    if (level < depth && (own.isDirectory() || own.isSymbolicLink() && Files.isDirectory(p))) {
                        if (own.isSymbolicLink()) {
                            try {
                                store.requireInside(p, key);
                            } catch (ReadProblem e) {
                                problems.add(e.diagnostic());
                                continue;
                            }
                        }
                        walk(p, key + "/", level + 1);
                    } else if (level == depth) {
                        long k = parse(key);
                        if (k >= 0) add(k);
                    }
                }
            }
        }

        private void add(long k) {
            if (count == MAX_KEYS) {
                overflow = true;
                return;
            }
            if (count == found.length) found = Arrays.copyOf(found, Math.min(MAX_KEYS, found.length * 2));
            found[count++] = k;
        }

        /** The chunk number a stored key names, or -1 when it is not a key of this grid. */
        long parse(String key) {
            int rank = grid.rank();
            String rest = key;
            if (meta.defaultKeys) {
                if (rank == 0) return key.equals("c") ? 0 : -1;
                if (!key.startsWith("c" + meta.separator)) return -1;
                rest = key.substring(2);
            } else if (rank == 0) {
                return key.equals("0") ? 0 : -1;
            }
            String sep = meta.separator;
            long[] c = new long[rank];
            int from = 0;
            for (int d = 0; d < rank; d++) {
                int to = d == rank - 1 ? rest.length() : rest.indexOf(sep, from);
                if (to < 0) return -1;
                long v = digits(rest, from, to);
                if (v < 0 || v >= gridShape[d]) return -1;
                c[d] = v;
                from = to + sep.length();
            }
            return grid.chunkIndex(c);
        }

        private static long digits(String s, int from, int to) {
            if (to <= from || to - from > 18) return -1;
            long v = 0;
            for (int i = from; i < to; i++) {
                char ch = s.charAt(i);
                if (ch < '0' || ch > '9') return -1;
                v = v * 10 + (ch - '0');
            }
            return v;
        }
    }
}
