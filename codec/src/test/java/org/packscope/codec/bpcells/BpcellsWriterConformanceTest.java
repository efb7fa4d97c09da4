package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/**
 * Every BPCells matrix folder written by BPCells' own C++ (StoredMatrixWriter with a
 * FileWriterBuilder), decoded by PackScope's reader and written again by
 * {@link BpcellsFolderWriter}, gives the same files with the same bytes: the BP128
 * widths, padding, idx, idx_offsets and starts, the headers, names and version.
 */
class BpcellsWriterConformanceTest {
    static final Path DIR = BpcellsFixturesTest.DIR;

    static Stream<Arguments> folders() throws IOException {
        JsonNode manifest = new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile());
        List<Arguments> out = new ArrayList<>();
        for (JsonNode f : manifest.get("fixtures")) {
            if (f.get("layout").asText().equals("dir")) out.add(Arguments.of(f.get("name").asText(), f));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    void rewrittenFolderIsByteIdentical(String name, JsonNode f, @TempDir Path tmp) throws Exception {
        Node n = FormatRegistry.standard().resolve(DIR.resolve(f.get("path").asText()).toString()).target();
        assertNotNull(n);
        BpcellsMatrix m = (BpcellsMatrix) n.facet(SparseMatrix.class);
        MatrixVersion v = MatrixVersion.parse(m.versionString()).orElseThrow();
        MatrixArrays arrays = MatrixGather.gather(m, v.valueKind(), m.storageOrder(), Progress.NONE);
        Path out = tmp.resolve("out");
        BpcellsFolderWriter.write(arrays, v.packed(), v.formatVersion(), out);
        Path ref = DIR.resolve(f.get("path").asText());
        assertEquals(listing(ref), listing(out), "the same files");
        for (String file : listing(ref)) {
            assertArrayEquals(Files.readAllBytes(ref.resolve(file)), Files.readAllBytes(out.resolve(file)), file);
        }
    }

    static TreeSet<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }
}
