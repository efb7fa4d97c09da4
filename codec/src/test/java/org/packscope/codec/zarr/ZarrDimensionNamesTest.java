package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.store.ArraySlices;

/** A v2 array written through xarray names its dimensions in .zattrs; the slices carry those names. */
class ZarrDimensionNamesTest {

    @Test
    void xarrayDimensionNamesNameTheSliceDimensions() {
        var n = FormatRegistry.standard().open(Path.of("../resources/zarr/sample_v2.zarr")).find("weather/temperature");
        assertEquals(List.of("y", "x"), n.facet(ArraySlices.class).dimensionNames());
        var ids = FormatRegistry.standard().open(Path.of("../resources/zarr/sample_v2.zarr")).find("weather/station_ids");
        assertEquals(List.of(""), ids.facet(ArraySlices.class).dimensionNames(), "no _ARRAY_DIMENSIONS: unnamed");
    }
}
