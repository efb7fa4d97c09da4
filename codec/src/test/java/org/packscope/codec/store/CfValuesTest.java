package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.testing.Fixtures;

/**
 * netCDF / CF conventions against the readers of the libraries that wrote the fixtures
 * ({@code fixtures/cf/generate.py}): netCDF4's own mask-and-scale for netCDF-4 files, numpy
 * (as xarray decodes) for an h5py file and a Zarr array. Every value, every gap, at 200 to
 * 200,000 values; the 2-D slices the heat map reads; the switch to stored values; and the
 * real GOES cloud-top heights (skipped without ../shared/realworld).
 */
class CfValuesTest {
    private static final Path DIR = Fixtures.resource("fixtures/cf");

    @Test
    void physicalValuesAndGapsAreTheReferenceReadersOnes() throws Exception {
        JsonNode manifest = new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile());
        int checked = 0;
        for (JsonNode a : manifest.get("arrays")) {
            String[] where = a.get("path").asText().split("::");
            Node file = FormatRegistry.standard().open(DIR.resolve(where[0]));
            Node n = file.find(where[1].startsWith("/") ? where[1].substring(1) : where[1]);
            assertNotNull(n, a.get("path").asText());
            CfValues cf = n.facet(CfValues.class);
            int count = a.get("count").asInt();
            if (a.has("cf") && !a.get("cf").asBoolean()) {
                // netCDF4 masks nothing and scales nothing: the stored values, untouched
                assertEquals(null, cf, a.get("path") + " has nothing to apply");
                assertStoredExactly(a, n.values());
                checked++;
                continue;
            }
            assertNotNull(cf, a.get("path") + " carries CF attributes");
            ValueColumn v = n.values();
            assertEquals(count, v.count());
            double[] got = new double[count];
            byte[] gaps = new byte[count];
            long[] bits = new long[count];
            v.read(0, bits, 0, count);
            v.gaps(0, gaps, 0, count);
            for (int i = 0; i < count; i++) got[i] = v.type().toDouble(bits[i]);
            boolean f4 = a.get("physicalDtype").asText().equals("<f4");
            if (a.has("physical")) {
                JsonNode want = a.get("physical");
                for (int i = 0; i < count; i++) {
                    String at = a.get("path").asText() + " value " + i;
                    if (want.get(i).isNull()) {
                        assertEquals(ValueColumn.MISSING, gaps[i], at + " is a gap");
                        assertNotNull(v.gapReason(i), at);
                    } else {
                        assertEquals(ValueColumn.PRESENT, gaps[i], at + " is a value");
                        assertClose(want.get(i).asDouble(), got[i], f4, at);
                    }
                }
                // the stored values, one switch away
                cf.show(n, false);
                long[] stored = new long[count];
                n.values().read(0, stored, 0, count);
                for (int i = 0; i < count; i++) {
                    assertEquals(a.get("storedValues").get(i).asDouble(), n.values().type().toDouble(stored[i]), "stored " + i);
                }
                if (a.has("storedExact")) assertStoredExactly(a, n.values());
                assertFalse(n.values().mayHaveGaps() && gapCount(n.values()) > 0, "stored values have no CF gaps");
                cf.show(n, true);
            } else {
                JsonNode s = a.get("summary");
                double sum = 0, min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
                int missing = 0;
                for (int i = 0; i < count; i++) {
                    if (gaps[i] != ValueColumn.PRESENT) { missing++; continue; }
                    sum += got[i];
                    min = Math.min(min, got[i]);
                    max = Math.max(max, got[i]);
                }
                assertEquals(s.get("gaps").asInt(), missing);
                assertEquals(s.get("sum").asDouble(), sum, 1e-6);
                assertEquals(s.get("min").asDouble(), min);
                assertEquals(s.get("max").asDouble(), max);
            }
            checkSlices(n, got, gaps);
            checked++;
        }
        assertEquals(21, checked);
    }

    /** Every stored value as the MANIFEST writes it in full (64-bit integers a double would round). */
    private static void assertStoredExactly(JsonNode a, ValueColumn v) {
        int count = a.get("count").asInt();
        long[] bits = new long[count];
        v.read(0, bits, 0, count);
        for (int i = 0; i < count; i++) {
            String want = a.get("storedExact").get(i).asText();
            String got = v.type().kind() == ValueType.Kind.FLOAT ? Double.toString(v.type().toDouble(bits[i])) : v.type().format(bits[i]);
            if (v.type().kind() == ValueType.Kind.FLOAT) assertEquals(Double.parseDouble(want), Double.parseDouble(got), a.get("path") + " stored " + i);
            else assertEquals(want, got, a.get("path") + " stored " + i);
        }
    }

    /** The heat map's windows read the same physical values and gaps as the column. */
    private static void checkSlices(Node n, double[] want, byte[] wantGaps) {
        ArraySlices s = n.facet(ArraySlices.class);
        assertNotNull(s, n.name() + " has 2-D slices");
        long[] shape = s.shape();
        int rows = (int) Math.min(shape[0], 70), cols = (int) shape[1];
        long[] dst = new long[rows * cols];
        byte[] gaps = new byte[rows * cols];
        s.read(0, 1, new long[2], 0, rows, 0, cols, dst, gaps);
        for (int i = 0; i < rows * cols; i++) {
            assertEquals(wantGaps[i] == ValueColumn.PRESENT, gaps[i] == ValueColumn.PRESENT, n.name() + " slice gap " + i);
            if (gaps[i] == ValueColumn.PRESENT) assertEquals(want[i], s.type().toDouble(dst[i]), n.name() + " slice " + i);
        }
    }

    private static long gapCount(ValueColumn c) {
        byte[] g = new byte[(int) c.count()];
        c.gaps(0, g, 0, g.length);
        long n = 0;
        for (byte b : g) if (b != ValueColumn.PRESENT) n++;
        return n;
    }

    /** netCDF4 computes in float32 when the scale is float32: a few float ulps apart; float64 results are equal. */
    private static void assertClose(double want, double got, boolean f4, String at) {
        if (f4) assertEquals(want, got, 4 * Math.ulp((float) Math.max(Math.abs(want), 300)), at);
        else assertEquals(want, got, 0.0, at);
    }

    /**
     * The explanations of a Zarr array's attributes match what PackScope does with them:
     * scale_factor and add_offset were explained as "Zarr does not interpret it" while the
     * values shown are stored × scale_factor + add_offset. Checked against the values
     * themselves: every element the table shows is the stored one so transformed.
     */
    @Test
    void zarrCfAttributesAreExplainedAsApplied() throws Exception {
        Node sst = FormatRegistry.standard().open(Fixtures.resource("fixtures/cf/cf.zarr")).find("sst");
        CfValues cf = sst.facet(CfValues.class);
        assertNotNull(cf, "sst carries CF attributes");
        ValueColumn shown = sst.values(), stored = cf.stored();
        int n = (int) shown.count();
        long[] a = new long[n], b = new long[n];
        byte[] gaps = new byte[n];
        shown.read(0, a, 0, n);
        shown.gaps(0, gaps, 0, n);
        stored.read(0, b, 0, n);
        int scaled = 0;
        for (int k = 0; k < n; k++) {
            if (gaps[k] != 0) continue;
            assertEquals(stored.type().toDouble(b[k]) * 0.01 + 20.0, shown.type().toDouble(a[k]), 1e-9, "element " + k + " is scaled as its attributes say");
            scaled++;
        }
        assertTrue(scaled > 0, "values were compared");
        Node zattrs = sst.children().stream().filter(c -> c.name().equals(".zattrs")).findFirst().orElseThrow();
        int applied = 0, plain = 0;
        for (Node node : List.of(sst, zattrs)) {
            org.packscope.codec.inspect.FieldExplainer docs = node.facet(org.packscope.codec.inspect.FieldExplainer.class);
            for (org.packscope.codec.inspect.Field f : node.fields()) {
                String name = f.name().startsWith("attributes.") ? f.name().substring("attributes.".length()) : f.name();
                if (!f.key().equals("attribute") && !org.packscope.codec.analysis.CfConventions.NAMES.contains(name)) continue;
                String text = docs.explain(f).text();
                if (org.packscope.codec.analysis.CfConventions.NAMES.contains(name)) {
                    assertTrue(text.contains("PackScope applies") && text.contains("stored × scale_factor + add_offset"), node.name() + " " + f.name() + ": " + text);
                    applied++;
                } else {
                    assertTrue(text.contains("not one of the netCDF / CF attributes PackScope applies"), node.name() + " " + f.name() + ": " + text);
                    plain++;
                }
            }
        }
        assertTrue(applied >= 2 && plain >= 2, applied + " CF and " + plain + " other attributes explained");
    }

    @Test
    void cloudTopHeightsArePhysicalHeightsAsNetcdf4ReadsThem() throws Exception {
        Path nc = Fixtures.sharedOrSkip("realworld/hdf5/netcdf4-python/20171025_2056.Cloud_Top_Height.nc");
        Node ht = FormatRegistry.standard().open(nc).find("HT");
        ValueColumn v = ht.values();
        assertEquals(ValueType.F64, v.type(), "heights, not raw i16");
        assertEquals(150_000, v.count());
        long[] bits = new long[150_000];
        byte[] gaps = new byte[150_000];
        v.read(0, bits, 0, bits.length);
        v.gaps(0, gaps, 0, gaps.length);
        // netCDF4 1.6.2: 57,432 masked (fill 65535 and above valid_range 0..65530), sum 687692604.596 m,
        // 0 to 15430.489 m, the first height at index 34 is 640.62256 m (stored 2099 × 0.3052037)
        int masked = 0, first = -1;
        double sum = 0, min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < bits.length; i++) {
            if (gaps[i] != ValueColumn.PRESENT) { masked++; continue; }
            double d = Double.longBitsToDouble(bits[i]);
            if (first < 0) first = i;
            sum += d;
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        assertEquals(57_432, masked);
        assertEquals(34, first);
        assertEquals(640.62255859375, Double.longBitsToDouble(bits[34]), 1e-4);
        assertEquals(687692604.5962267, sum, 687692604.5962267 * 1e-6);
        assertEquals(0.0, min);
        assertEquals(15430.4892578125, max, 2e-3);
        assertTrue(ht.facet(CfValues.class).conventions().description().contains("_Unsigned"));
        // the coordinate x is packed too: -0.0749 at its first index
        ValueColumn x = ht.parent().find("x").values();
        long[] one = new long[1];
        x.read(0, one, 0, 1);
        assertEquals(-0.0749, x.type().toDouble(one[0]), 1e-7);
        List<String> names = new ArrayList<>();
        ht.fields().forEach(f -> names.add(f.name()));
        assertTrue(names.contains("values shown"), names.toString());
    }
}
