package org.packscope.codec.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.bcolz.BcolzFormat;
import org.packscope.codec.testing.Fixtures;

/**
 * bcolz carray folders with one file replaced by arbitrary bytes: a chunk file, or one of
 * the two JSON metadata files (first byte even: meta/sizes, odd: meta/storage). The
 * folder is a per-thread copy of a small fixture, restored before each input.
 */
class BcolzFuzzTest {
    private static final Path FIXTURE = Fixtures.resource("fixtures/bcolz/carray_uint16_snappy_c5_shuffle");
    private static final ThreadLocal<Path> ROOT = ThreadLocal.withInitial(() -> {
        try {
            Path d = Files.createTempDirectory("packscope-fuzz-bcolz");
            d.toFile().deleteOnExit();
            return d.resolve("carray");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    });

    /** A fresh copy of the fixture, then {@code relative} overwritten with {@code data}. */
    private static Path folderWith(String relative, byte[] data) throws IOException {
        Path root = ROOT.get();
        try (Stream<Path> s = Files.walk(FIXTURE)) {
            for (Path p : s.toList()) {
                Path d = root.resolve(FIXTURE.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.write(root.resolve(relative), data);
        return root;
    }

    @FuzzTest(maxDuration = "5m")
    void chunkFile(byte[] data) throws Exception {
        Path root = folderWith("data/__0.blp", data);
        BloscFuzzSupport.exercise(new BcolzFormat().open(root, FuzzFiles.REGISTRY));
    }

    @FuzzTest(maxDuration = "5m")
    void metaFile(byte[] data) throws Exception {
        if (data.length == 0) return;
        String which = (data[0] & 1) == 0 ? "meta/sizes" : "meta/storage";
        Path root = folderWith(which, java.util.Arrays.copyOfRange(data, 1, data.length));
        BloscFuzzSupport.exercise(new BcolzFormat().open(root, FuzzFiles.REGISTRY));
    }
}
