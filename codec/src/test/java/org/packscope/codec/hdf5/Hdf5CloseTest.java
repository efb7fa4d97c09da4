package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.testing.Fixtures;

/** An opened HDF5 file keeps a handle while its tree is shown and gives it back when the tree is closed. */
class Hdf5CloseTest {

    @Test
    void closingTheTreeClosesTheFile() throws IOException {
        Path fd = Path.of("/proc/self/fd");
        Assumptions.assumeTrue(Files.isDirectory(fd), "skipped: needs /proc/self/fd to count open files");
        Path file = Fixtures.resource("fixtures/hdf5-real/types.h5").toRealPath();
        long before = handlesTo(file);
        Node root = FormatRegistry.standard().open(file);
        root.children().forEach(Node::fields);
        assertTrue(handlesTo(file) > before, "the open tree holds the file");
        root.close();
        assertEquals(before, handlesTo(file));
    }

    private static long handlesTo(Path file) throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return s.filter(p -> {
                try {
                    return Files.readSymbolicLink(p).equals(file);
                } catch (IOException | UnsupportedOperationException e) {
                    return false;
                }
            }).count();
        }
    }
}
