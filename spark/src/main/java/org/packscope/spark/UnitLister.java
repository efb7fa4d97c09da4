package org.packscope.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;

import org.packscope.codec.format.CheckReport;
import org.packscope.codec.format.Format;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.store.ChunkUnits;

/**
 * The driver's part: turns the addresses given into units of work, reading metadata once.
 * A folder that is no format of its own is listed file by file (and folder by folder); a
 * store (Zarr) or a big BPCells matrix folder becomes one unit for its structure and small
 * arrays plus one per stored chunk (range) of each large array; anything else is one unit.
 */
final class UnitLister {
    /** Chunks of one array listed at most when its folder could not be listed and every grid cell is a unit. */
    static final long MAX_UNLISTED = 10_000_000;

    /** Single-file formats whose big arrays are split: HDF5 (and h5ad, 10x) datasets of many chunks, Pco files of many chunks. */
    private static final java.util.Set<String> SPLIT_FILES = java.util.Set.of("hdf5", "pco");

    final List<LakeUnit> units = new ArrayList<>();
    final List<ArrayInfo> arrays = new ArrayList<>();
    /** What the driver itself found: addresses that cannot be read, listing problems of large arrays. */
    final List<UnitResult> found = new ArrayList<>();

    private final FormatRegistry registry = Checkers.registry();

    static UnitLister list(List<String> addresses) {
        UnitLister l = new UnitLister();
        for (String a : addresses) l.add(a, a);
        return l;
    }

    private void add(String origin, String address) {
        if (address.startsWith("@")) {
            addList(address);
            return;
        }
        Path path;
        try {
            path = FormatRegistry.pathOf(address);
        } catch (java.nio.file.InvalidPathException e) {
            found.add(Checkers.unreadable(LakeUnit.file(origin, address), "invalid_path", address + ": not a valid path (" + e.getReason() + ")"));
            return;
        }
        if (!Files.exists(path)) {
            Diagnostic why = FormatRegistry.whyMissing(path);
            found.add(Checkers.unreadable(LakeUnit.file(origin, address), why.rule(), why.message()));
            return;
        }
        Format f = registry.detect(path);
        if (!Files.isDirectory(path)) {
            // an HDF5 file with datasets of many chunks, a Pco file of many chunks: its structure, and each of those chunks
            if (f == null || !SPLIT_FILES.contains(f.id()) || !addChunked(origin, address, false)) units.add(LakeUnit.file(origin, address));
            return;
        }
        if (f != null && f.id().equals("folder")) {
            for (String child : children(origin, address, path)) add(origin, child);
        } else if (f != null && f.id().equals("zarr")) {
            addChunked(origin, address, true);
        } else if (f != null && f.id().equals("bpcells")) {
            // a big matrix folder: its structure, and each range of its columns (rows)
            if (!addChunked(origin, address, false)) units.add(LakeUnit.file(origin, address));
        } else {
            units.add(LakeUnit.file(origin, address));
        }
    }

    /** A list file: one address per line; blank lines and lines starting with '#' are skipped. */
    private void addList(String arg) {
        String file = arg.substring(1);
        List<String> lines;
        try {
            lines = Files.readAllLines(FormatRegistry.pathOf(file));
        } catch (IOException | RuntimeException e) {
            found.add(Checkers.unreadable(LakeUnit.file(arg, file), "missing_file", file + ": the list of addresses cannot be read"));
            return;
        }
        for (String line : lines) {
            String a = line.strip();
            if (!a.isEmpty() && !a.startsWith("#")) add(arg, a);
        }
    }

    private List<String> children(String origin, String address, Path folder) {
        String base = address.endsWith("/") ? address : address + "/";
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> base + p.getFileName().toString().replaceAll("/$", "")).sorted().toList();
        } catch (IOException | RuntimeException e) {
            found.add(Checkers.unreadable(LakeUnit.file(origin, address), "unreadable", address + ": the folder cannot be listed"));
            return List.of();
        }
    }

    /**
     * The store's (or file's) structure as one unit, and each stored chunk of its large
     * arrays as one; the structure unit goes in only when such arrays were found, or
     * {@code always}. Whether it went in.
     */
    private boolean addChunked(String origin, String address, boolean always) {
        int at = units.size();
        boolean found = false;
        FormatRegistry.Resolved r = registry.resolve(address);
        try (Node root = r.root()) {
            Deque<Node> todo = new ArrayDeque<>();
            todo.push(root);
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                ChunkUnits u = n.facet(ChunkUnits.class);
                if (u != null) {
                    addChunks(origin, address, n, u);
                    found = true;
                    continue;
                }
                // an array's children are its own chunks and views, checked with it; a layout view is the file's bytes again
                if (n.isDrillDown() || n.isLayoutView() || n.facet(ValueColumn.class) != null) continue;
                List<Node> kids = n.children();
                for (int i = kids.size() - 1; i >= 0; i--) todo.push(kids.get(i));
            }
        } catch (RuntimeException e) {
            // the structure's own unit reports what cannot be read
        }
        if (found || always) units.add(at, LakeUnit.store(origin, address));
        return found || always;
    }

    private void addChunks(String origin, String address, Node array, ChunkUnits u) {
        long[] stored = u.storedChunks();
        // a file that is itself the array (Pco) is named "/" so that the census tells it from a group of files
        String path = array.path().isEmpty() ? "/" : array.path();
        arrays.add(new ArrayInfo(origin, address, path, u.chunkCount(), stored == null ? -1 : stored.length, u.chunkValues()));
        if (!u.listingProblems().isEmpty()) {
            List<Problem> ps = new ArrayList<>();
            LakeUnit listing = LakeUnit.chunk(origin, address, path, -1, "(listing)");
            for (Diagnostic d : u.listingProblems()) ps.add(Problem.of(listing, CheckReport.problem(address, array, d)));
            found.add(new UnitResult(listing, UnitResult.DAMAGED, -1, -1, "", "", ps));
        }
        if (stored == null) {
            long n = Math.min(u.chunkCount(), MAX_UNLISTED);
            for (long k = 0; k < n; k++) units.add(LakeUnit.chunk(origin, address, path, k, u.key(k)));
        } else {
            for (long k : stored) units.add(LakeUnit.chunk(origin, address, path, k, u.key(k)));
        }
    }
}
