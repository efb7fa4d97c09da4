package org.packscope.codec.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.testing.Fixtures;

class FormatRegistryTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    @Test
    void detectsByContentNotByName(@TempDir Path dir) throws Exception {
        Path disguised = dir.resolve("notes.txt");
        Files.copy(Fixtures.resource("fixtures/hdf5/multi.h5"), disguised);
        assertEquals("hdf5", registry.detect(disguised).id());
        Path fake = dir.resolve("fake.h5");
        Files.writeString(fake, "not hdf5 at all");
        assertEquals("raw", registry.detect(fake).id());
        assertEquals("folder", registry.detect(dir).id());
    }

    @Test
    void unknownFilesOpenAsRawBytes(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("blob");
        Files.write(f, new byte[] {1, 2, 3});
        Node n = registry.open(f);
        assertEquals("file", n.kind());
        assertEquals(3, n.source().size());
        assertEquals(24, n.fields().get(0).bitWidth());
    }

    @Test
    void missingPathsAreDiagnosedNotThrown(@TempDir Path dir) {
        Node n = registry.open(dir.resolve("nope"));
        assertEquals("missing_file", n.diagnostics().get(0).rule());
    }

    @Test
    void foldersListLazilyWithFoldersFirst(@TempDir Path dir) throws Exception {
        Files.createDirectory(dir.resolve("zeta"));
        Files.writeString(dir.resolve("alpha.txt"), "a");
        Files.writeString(dir.resolve("Beta.txt"), "b");
        Node n = registry.open(dir);
        assertEquals(3, n.childCount());
        assertEquals("zeta", n.children().get(0).name());
        assertEquals("alpha.txt", n.children().get(1).name());
        assertEquals("Beta.txt", n.children().get(2).name());
        assertEquals("folder", n.children().get(0).kind());
    }

    @Test
    void resolvesAddressesInsideContainers() {
        String h5 = Fixtures.resource("fixtures/hdf5/multi.h5").toString();
        FormatRegistry.Resolved r = registry.resolve(h5 + "::/mats/a");
        assertNotNull(r.target());
        assertEquals("a", r.target().name());
        assertNull(registry.resolve(h5 + "::/mats/zz").target());
        assertEquals("multi.h5", registry.resolve(h5).target().name());
    }
}
