package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/**
 * Files written by PyTables (its own Blosc filter, zlib with shuffle, a Table as a compound
 * dataset) read as PyTables reads them: every value against MANIFEST.json, which
 * make_pytables.py wrote from PyTables' own reading.
 */
class PyTablesFixturesTest {
    private static final Path DIR = Fixtures.resource("fixtures/pytables");

    @Test
    void everyValueIsWhatPyTablesReads() throws Exception {
        JsonNode m = new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile()).path("datasets");
        Node root = FormatRegistry.standard().open(DIR.resolve("pytables.h5"));
        same(root, "carray_blosc_f8", m.path("carray_blosc_f8").path("values"));
        same(root, "carray_zlib_i4", m.path("carray_zlib_i4").path("values"));
        same(root, "table_zlib/id", m.path("table_zlib").path("id"));
        same(root, "table_zlib/x", m.path("table_zlib").path("x"));
    }

    private static void same(Node root, String path, JsonNode expected) {
        Node n = root.find(path);
        assertNotNull(n, path);
        ValueColumn c = n.values();
        assertNotNull(c, path + ": " + n.diagnostics());
        assertTrue(expected.size() > 0, path);
        assertEquals(expected.size(), c.count(), path);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).asDouble(), Double.parseDouble(c.text(i)), path + "[" + i + "]");
        }
        assertTrue(n.diagnostics().isEmpty(), path + ": " + n.diagnostics());
    }
}
