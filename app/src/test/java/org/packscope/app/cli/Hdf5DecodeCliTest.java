package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;

/**
 * HDF5 as real programs write it, through the command line: float16 and compounds decode
 * to h5py's values in every format, empty datasets decode to nothing with exit 0, broken
 * links are warnings, and a BPCells matrix in the root group is {@code file.h5::/}.
 * Files and expected values: codec's {@code fixtures/hdf5-real} (written by h5py).
 */
class Hdf5DecodeCliTest {
    private static final Path DIR = Samples.root().getParent().resolve("codec/src/test/resources/fixtures/hdf5-real");

    private static String at(String file, String inner) {
        return DIR.resolve(file) + "::" + inner;
    }

    @Test
    void float16DecodesToItsValuesInCsvJsonAndRaw() throws Exception {
        CliTest.Run csv = CliTest.run("decode", at("types.h5", "f16"), "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        assertEquals("1.0\n2.0\n-0.5\n65504.0\nInfinity\n5.9604645E-8\n", csv.text());
        CliTest.Run json = CliTest.run("decode", at("types.h5", "f16_be"), "--format", "json");
        assertEquals("[1.0,2.0,3.0]\n", json.text());
        CliTest.Run raw = CliTest.run("decode", at("types.h5", "f16"), "--format", "raw");
        String want = new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile()).get("types.h5").get("f16").get("sha256").asText();
        assertEquals(want, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw.out())));
    }

    @Test
    void compoundsAndVariableLengthValuesAreTextNotObjectIdentities() {
        CliTest.Run csv = CliTest.run("decode", at("types.h5", "compound"), "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        assertEquals("\"(1, 2.5, ab, [1.0, 2.0])\"\n\"(-3, -0.25, xyz, [3.5, 4.5])\"\n", csv.text());
        CliTest.Run vlen = CliTest.run("decode", at("types.h5", "vlen_int"), "--format", "csv");
        assertEquals("\"[1, 2, 3]\"\n[]\n\"[4, 5]\"\n", vlen.text());
        CliTest.Run inspect = CliTest.run("inspect", DIR.resolve("netcdf_like.h5").toString());
        assertFalse(inspect.text().matches("(?s).*\\[[IJBSFD]@[0-9a-f].*"), inspect.text());
    }

    @Test
    void emptyDatasetsDecodeToNothingWithExitZero() {
        for (String p : new String[] {"zero_length", "null_space"}) {
            CliTest.Run r = CliTest.run("decode", at("netcdf_like.h5", p), "--format", "raw");
            assertEquals(0, r.code(), p + ": " + r.err());
            assertEquals(0, r.out().length, p);
        }
    }

    @Test
    void brokenLinksAreWarningsNotAnUnreadableFile() {
        CliTest.Run r = CliTest.run("check", DIR.resolve("links.h5").toString());
        assertEquals(0, r.code(), r.text() + r.err());
        assertFalse(r.text().contains("Exception"), r.text());
    }

    @Test
    void aBpcellsMatrixInTheRootGroupIsAddressedAsTheRoot() throws Exception {
        CliTest.Run r = CliTest.run("decode", at("bpcells_root.h5", "/"), "--format", "mtx");
        assertEquals(0, r.code(), r.err());
        Path expected = DIR.resolve("../bpcells/multi_a.expected.mtx");
        assertEquals(Files.readString(expected).lines().filter(l -> !l.startsWith("%")).map(String::strip).toList(),
                r.text().lines().filter(l -> !l.startsWith("%")).map(String::strip).toList());
    }
}
