package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.plot.Recount;
import org.packscope.app.plot.Series;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * {@code plot} and {@code check} on netCDF / CF data: the picture's every pixel column and
 * the printed extremes are those of the values netCDF4 reads (the MANIFEST of codec's
 * {@code fixtures/cf}, netCDF's default fills included), {@code --stored-values} those of the
 * stored numbers; {@code check} says nothing about clean CF data and warns about an
 * attribute it cannot use.
 */
class CfPlotCheckCliTest {
    private static final Path DIR = CfDecodeCliTest.DIR;

    private static JsonNode expected(String path) throws Exception { return CfDecodeCliTest.expected(path); }

    private static String target(String path) {
        return DIR.resolve(path.substring(0, path.indexOf("::"))) + path.substring(path.indexOf("::"));
    }

    /** The values netCDF4 reads (masked ones as gaps), or the stored ones, as a column to recount. */
    private static ValueColumn truth(JsonNode a, boolean stored) {
        JsonNode v = a.get(stored ? "storedValues" : "physical");
        return Series.of(a.get("path").asText(), ValueType.F64, a.get("count").asInt(),
                k -> Double.doubleToRawLongBits(v.get((int) k).asDouble(Double.NaN)), k -> v.get((int) k).isNull());
    }

    @Test
    void plotDrawsPhysicalValuesAndStoredOnRequest(@TempDir Path dir) throws Exception {
        for (String path : List.of("cf.nc::/temp", "cf.zarr::sst", "cf_default.nc::/d_i2_scaled", "cf_default.nc::/d_f4")) {
            JsonNode a = expected(path);
            for (boolean stored : new boolean[] {false, true}) {
                Path png = dir.resolve("plot.png");
                CliTest.Run r = stored ? CliTest.run("plot", target(path), "--stored-values", "--out", png.toString())
                        : CliTest.run("plot", target(path), "--out", png.toString());
                assertEquals(0, r.code(), r.err());
                ValueColumn truth = truth(a, stored);
                Recount all = Recount.columns(truth, 0, truth.count(), 1, i -> 0);
                String what = path + (stored ? " stored" : " physical");
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(min (\\S+), max (\\S+),").matcher(r.text());
                assertTrue(m.find(), r.text());
                // float32 values print in float32's shortest text, and netCDF4 scales in float32 when the
                // scale is a float32 (cf.nc's temp): a few float ulps apart
                boolean f32 = stored ? a.get("stored").asText().equals("f32") : a.get("physicalDtype").asText().equals("<f4");
                double tolerance = f32 ? 1e-6 : 0;
                assertEquals(all.lowest, Double.parseDouble(m.group(1).replace(",", "")), Math.abs(all.lowest) * tolerance, what + " minimum");
                assertEquals(all.highest, Double.parseDouble(m.group(2).replace(",", "")), Math.abs(all.highest) * tolerance, what + " maximum");
                List<String> wrong = PlotOracleTest.lineMismatches(javax.imageio.ImageIO.read(png.toFile()), truth);
                assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), what + ": " + wrong.size() + " columns wrong");
            }
        }
    }

    @Test
    void checkIsQuietOnCleanCfDataAndWarnsAboutAnUnusableAttribute(@TempDir Path dir) throws Exception {
        CliTest.Run clean = CliTest.run("check", DIR.resolve("cf.nc").toString(), DIR.resolve("cf_default.nc").toString(),
                DIR.resolve("cf.zarr").toString());
        assertEquals(0, clean.code(), clean.err());
        assertEquals("", clean.text());

        Path store = dir.resolve("cf.zarr");
        copy(DIR.resolve("cf.zarr"), store);
        Path attrs = store.resolve("sst/.zattrs");
        String text = Files.readString(attrs);
        assertTrue(text.contains("\"scale_factor\": 0.01"), text);
        Files.writeString(attrs, text.replace("\"scale_factor\": 0.01", "\"scale_factor\": \"0.01\""));
        CliTest.Run r = CliTest.run("check", store + "::sst");
        assertEquals(0, r.code(), "a warning only: " + r.err());
        assertTrue(r.text().contains("warning") && r.text().contains("cf_attribute_ignored: scale_factor is '0.01', not a number: ignored"),
                r.text());
        // the values are then stored + add_offset, as said
        CliTest.Run csv = CliTest.run("decode", store + "::sst", "--format", "csv");
        JsonNode a = expected("cf.zarr::sst");
        String first = csv.text().lines().filter(l -> !l.isEmpty()).findFirst().orElseThrow();
        int i = 0;
        while (a.get("physical").get(i).isNull()) i++;
        assertEquals(a.get("storedValues").get(i).asDouble() + 20.0, Double.parseDouble(first), 1e-9);
    }

    private static void copy(Path from, Path to) throws java.io.IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(q);
                else Files.copy(p, q);
            }
        }
    }
}
