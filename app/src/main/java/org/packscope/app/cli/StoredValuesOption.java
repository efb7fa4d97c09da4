package org.packscope.app.cli;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.store.CfValues;
import picocli.CommandLine.Option;

/**
 * {@code --stored-values}: values of a netCDF / CF dataset (or a Zarr array with CF
 * attributes) as stored, before {@code scale_factor}, {@code add_offset}, {@code _Unsigned}
 * and the fill and valid-range gaps; the window's "Show stored values".
 */
final class StoredValuesOption {
    @Option(names = "--stored-values",
            description = "netCDF / CF data: the stored numbers, without scale_factor, add_offset, _Unsigned or fill and valid-range gaps")
    boolean stored;

    /** Switches {@code node} to its stored values when asked (nothing to switch: nothing changes). */
    void applyTo(Node node) {
        CfValues cf = node.facet(CfValues.class);
        if (cf != null) cf.show(node, !stored);
    }
}
