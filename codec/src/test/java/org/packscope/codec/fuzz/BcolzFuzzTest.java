package org.packscope.codec.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.bcolz.BcolzFormat;
import org.packscope.codec.testing.Fixtures;

/**
 * bcolz carray folders with one file replaced by arbitrary bytes: a chunk file, or one of
 * the two JSON metadata files (first byte even: meta/sizes, odd: meta/storage). The
 * folder is a per-thread copy of a small fixture; the replaced file is restored after each input.
 */
class BcolzFuzzTest {
    private static final Path FIXTURE = Fixtures.resource("fixtures/bcolz/carray_uint16_snappy_c5_shuffle");
    /** A per-thread copy of the fixture folder, made once; each input overwrites one file and puts it back. */
    private static final ThreadLocal<Path> ROOT = ThreadLocal.withInitial(() -> {
        try {
            Path root = Files.createTempDirectory("packscope-fuzz-bcolz").resolve("carray");
            try (Stream<Path> s = Files.walk(FIXTURE)) {
                for (Path p : s.toList()) {
                    Path d = root.resolve(FIXTURE.relativize(p).toString());
                    if (Files.isDirectory(p)) Files.createDirectories(d);
                    else Files.copy(p, d);
                }
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    });

    /** Opens the folder with {@code relative} replaced by {@code data}, then restores the file. */
    private static void exerciseWith(String relative, byte[] data) throws IOException {
        Path root = ROOT.get();
        Path target = root.resolve(relative);
        try {
            Files.write(target, data);
            BloscFuzzSupport.exercise(new BcolzFormat().open(root, FuzzFiles.REGISTRY));
        } finally {
            Files.copy(FIXTURE.resolve(relative), target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @FuzzTest(maxDuration = "10m")
    void chunkFile(byte[] data) throws Exception {
        exerciseWith("data/__0.blp", data);
    }

    @FuzzTest(maxDuration = "10m")
    void metaFile(byte[] data) throws Exception {
        if (data.length == 0) return;
        String which = (data[0] & 1) == 0 ? "meta/sizes" : "meta/storage";
        exerciseWith(which, Arrays.copyOfRange(data, 1, data.length));
    }
}
