package org.packscope.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A folder of many files of every format: the repository's samples ({@code resources/})
 * copied again and again, some copies cut to half their size; the samples named
 * "-damaged" and the cut copies are the known damage.
 */
final class FolderLake {
    final Path folder;
    /** Every entry of the folder (a file, or a folder format such as bcolz, BPCells, Zarr), as an address. */
    final TreeSet<String> entries = new TreeSet<>();
    final TreeSet<String> damaged = new TreeSet<>();

    private FolderLake(Path folder) { this.folder = folder; }

    /** The samples: each file, and each folder that is a format of its own. */
    static List<Path> samples() throws IOException {
        Path root = samplesRoot();
        List<Path> out = new ArrayList<>();
        try (Stream<Path> kinds = Files.list(root)) {
            for (Path kind : kinds.sorted().toList()) {
                try (Stream<Path> s = Files.list(kind)) {
                    s.filter(p -> !p.getFileName().toString().endsWith(".txt")).sorted().forEach(out::add);
                }
            }
        }
        return out;
    }

    static Path samplesRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("resources")) && Files.isDirectory(p.resolve("codec"))) return p.resolve("resources");
        }
        throw new IllegalStateException("the repository's resources/ folder is not found");
    }

    /** {@code copies} copies of every sample; every {@code cutEvery}-th copy of a sound single file cut to half its size. */
    static FolderLake make(Path folder, int copies, int cutEvery) throws IOException {
        FolderLake l = new FolderLake(folder);
        Files.createDirectories(folder);
        List<Path> samples = samples();
        for (int i = 0; i < copies; i++) {
            for (Path s : samples) {
                String name = String.format("%03d-%s", i, s.getFileName());
                Path to = folder.resolve(name);
                copy(s, to);
                String address = folder + "/" + name;
                l.entries.add(address);
                boolean damaged = name.contains("-damaged");
                if (!damaged && Files.isRegularFile(to) && (i % cutEvery) == 1) {
                    byte[] b = Files.readAllBytes(to);
                    Files.write(to, java.util.Arrays.copyOf(b, b.length / 2));
                    damaged = true;
                }
                if (damaged) l.damaged.add(address);
            }
        }
        return l;
    }

    private static void copy(Path from, Path to) throws IOException {
        if (Files.isRegularFile(from)) {
            Files.copy(from, to);
            return;
        }
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t); else Files.copy(p, t);
            }
        }
    }
}
