package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;

/**
 * {@code decode} of netCDF / CF data writes physical values with gaps where netCDF4 masks
 * (as the fixture's MANIFEST records them), and {@code --stored-values} the stored numbers;
 * the Zarr array with xarray's attributes too. Fixtures: codec's {@code fixtures/cf}.
 */
class CfDecodeCliTest {
    static final Path DIR = Samples.root().getParent().resolve("codec/src/test/resources/fixtures/cf");

    /** The MANIFEST's record of {@code path} (file::inner). */
    static JsonNode expected(String path) throws Exception {
        for (JsonNode a : new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile()).get("arrays")) {
            if (a.get("path").asText().equals(path)) return a;
        }
        throw new AssertionError(path);
    }

    @Test
    void physicalValuesByDefaultStoredOnRequest() throws Exception {
        for (String path : List.of("cf.nc::/temp", "cf.nc::/ubyte", "cf.zarr::sst", "cf_h5py.h5::/pressure")) {
            JsonNode want = expected(path);
            String target = DIR.resolve(path.substring(0, path.indexOf("::"))) + path.substring(path.indexOf("::"));
            CliTest.Run csv = CliTest.run("decode", target, "--format", "csv");
            assertEquals(0, csv.code(), csv.err());
            List<String> lines = csv.text().lines().toList();
            assertEquals(want.get("count").asInt(), lines.size(), path);
            boolean f4 = want.get("physicalDtype").asText().equals("<f4");
            int gaps = 0;
            for (int i = 0; i < lines.size(); i++) {
                JsonNode v = want.get("physical").get(i);
                if (v.isNull()) {
                    assertEquals("", lines.get(i), path + " line " + i + " is a gap");
                    gaps++;
                } else {
                    assertEquals(v.asDouble(), Double.parseDouble(lines.get(i)), f4 ? 1e-3 : 0.0, path + " line " + i);
                }
            }
            assertTrue(gaps > 0, path + " has gaps to show");
            CliTest.Run stored = CliTest.run("decode", target, "--format", "csv", "--stored-values");
            assertEquals(0, stored.code(), stored.err());
            List<String> raw = stored.text().lines().toList();
            for (int i = 0; i < raw.size(); i++) {
                assertEquals(want.get("storedValues").get(i).asDouble(), Double.parseDouble(raw.get(i)), path + " stored line " + i);
            }
        }
    }
}
