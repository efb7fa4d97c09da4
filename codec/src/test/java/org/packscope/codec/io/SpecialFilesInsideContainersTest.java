package org.packscope.codec.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.testing.Fixtures;

/**
 * Named pipes placed where a container expects a file (a bcolz chunk or metadata file, a
 * BPCells array file): opening one for reading blocks until a writer comes, so PackScope
 * must refuse it by its attributes and say so with {@code not_regular_file}.
 */
class SpecialFilesInsideContainersTest {
    private static final Duration QUICK = Duration.ofSeconds(5);

    static void mkfifo(Path p) throws Exception {
        Process proc;
        try {
            proc = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("mkfifo is not available: " + e.getMessage());
            return;
        }
        Assumptions.assumeTrue(proc.waitFor() == 0 && Files.exists(p), "mkfifo did not make a FIFO");
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t); else Files.copy(p, t);
            }
        }
    }

    /** Opens, walks (verifiers included) and bulk-decodes the tree; returns the rule ids found. */
    static List<String> walkRules(Path root) {
        return assertTimeoutPreemptively(QUICK, () -> {
            Node n = FormatRegistry.standard().open(root);
            List<String> rules = TreeWalk.diagnostics(n, true, 10_000, Progress.NONE).stream()
                    .map(l -> l.diagnostic().rule()).toList();
            BulkDecoder bulk = n.facet(BulkDecoder.class);
            if (bulk != null) bulk.decodeAll(Progress.NONE);
            return rules;
        });
    }

    @Test
    void theCentralOpenerRefusesAFifoAndAcceptsALinkToARegularFile(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        mkfifo(fifo);
        assertThrows(NotRegularFileException.class, () -> assertTimeoutPreemptively(QUICK, () -> ByteSource.open(fifo)));
        assertThrows(NotRegularFileException.class, () -> RegularFiles.readAll(fifo, 100));
        assertThrows(NotRegularFileException.class, () -> RegularFiles.head(Files.createSymbolicLink(dir.resolve("to-pipe"), fifo), 10));
        assertThrows(NotRegularFileException.class, () -> RegularFiles.channel(dir));
        assertTrue(RegularFiles.isSpecial(fifo));
        Path file = Files.write(dir.resolve("f"), new byte[] {1, 2, 3});
        Path link = Files.createSymbolicLink(dir.resolve("link"), file);
        assertArrayEquals(new byte[] {1, 2, 3}, RegularFiles.readAll(link, 3));
        assertEquals(3, ByteSource.open(link).size());
        assertThrows(IOException.class, () -> RegularFiles.readAll(file, 2));
    }

    @Test
    void aFifoAsABcolzChunkFileIsReportedNotOpened(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("c");
        copyTree(Fixtures.resource("fixtures/bcolz/carray_float64_snappy_c1_noshuffle"), root);
        Path chunk = root.resolve("data/__1.blp");
        Files.delete(chunk);
        mkfifo(chunk);
        List<String> rules = walkRules(root);
        assertTrue(rules.contains("not_regular_file"), rules.toString());
    }

    @Test
    void aFifoAsBcolzMetadataIsReportedNotOpened(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("c");
        copyTree(Fixtures.resource("fixtures/bcolz/carray_float64_snappy_c1_noshuffle"), root);
        for (String f : List.of("meta/sizes", "__attrs__")) {
            Files.delete(root.resolve(f));
            mkfifo(root.resolve(f));
        }
        List<String> rules = walkRules(root);
        assertTrue(rules.contains("not_regular_file"), rules.toString());
    }

    @Test
    void fifosAsBpcellsArrayFilesAreReportedNotOpened(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("m");
        copyTree(Fixtures.resource("fixtures/bpcells/edge_nnz256_packed_uint_col_dir"), root);
        for (String f : List.of("val_data", "row_names", "version")) {
            Files.delete(root.resolve(f));
            mkfifo(root.resolve(f));
        }
        List<String> rules = walkRules(root);
        assertTrue(rules.contains("not_regular_file"), rules.toString());
    }
}
