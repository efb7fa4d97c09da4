package org.packscope.codec.hdf5;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;

import org.packscope.codec.analysis.CfConventions;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueType;

/**
 * netCDF-4 and HDF5 dimension-scale conventions, shown beside a dataset's values: the
 * axes its {@code DIMENSION_LIST} names, and the {@code _FillValue}, {@code scale_factor}
 * / {@code add_offset} and {@code units} that say how to read the stored numbers.
 */
final class Conventions {
    private Conventions() { }

    static void describe(Node n, Dataset d, Function<Attribute, String> text) {
        Attribute dims = attribute(d, "DIMENSION_LIST");
        if (dims != null) {
            n.field("axes", null, text.apply(dims), "the dimension scales (datasets) that label each axis, in order");
        }
        if (attribute(d, "CLASS") != null && "DIMENSION_SCALE".equals(plain(text.apply(attribute(d, "CLASS"))))) {
            Attribute name = attribute(d, "NAME");
            n.field("dimension scale", null, name == null ? d.getName() : plain(text.apply(name)),
                    "this dataset labels an axis of other datasets (listed in its REFERENCE_LIST)");
        }
        List<String> parts = new ArrayList<>();
        add(parts, d, "_FillValue", "fill ", text);
        add(parts, d, "scale_factor", "× ", text);
        add(parts, d, "add_offset", "+ ", text);
        add(parts, d, "units", "units ", text);
        if (!parts.isEmpty()) {
            n.field("netCDF", null, String.join(" · ", parts),
                    "how to read the stored values: value = stored × scale_factor + add_offset, in units; the fill value marks missing data");
        }
    }

    /**
     * The CF value conventions {@code d}'s attributes state for its values of type
     * {@code stored}, or null; in a netCDF-4 file, a variable without {@code _FillValue} also
     * has the library's default fill.
     */
    static CfConventions values(Dataset d, ValueType stored) {
        Long defaultFill = netcdfVariable(d) ? CfConventions.netcdfDefaultFill(stored, DatasetColumn.fillDefined(d)) : null;
        return CfConventions.of(stored, new CfConventions.Attributes() {
            @Override public double[] numbers(String name) {
                Attribute a = attribute(d, name);
                return a == null ? null : numbersOf(data(a));
            }

            @Override public String text(String name) {
                Attribute a = attribute(d, name);
                Object v = a == null ? null : data(a);
                if (v instanceof String[] s && s.length == 1) return s[0];
                return v instanceof String s ? s : null;
            }
        }, null, defaultFill);
    }

    /** The text netCDF-4 gives a dimension without a coordinate variable: a dataset, but no variable. */
    private static final String BARE_DIMENSION = "This is a netCDF dimension but not a netCDF variable";

    /**
     * True when {@code d} is a netCDF-4 variable: its file says it was written by the netCDF
     * library ({@code _NCProperties} on the root group, since netCDF 4.4.1) or the dataset
     * carries netCDF's own dimension bookkeeping; a dimension with no variable is none.
     * Files written by h5py and the like are plain HDF5, with no default fill.
     */
    static boolean netcdfVariable(Dataset d) {
        Attribute name = attribute(d, "NAME");
        if (name != null && data(name) instanceof String s && s.startsWith(BARE_DIMENSION)) return false;
        if (attribute(d, "_Netcdf4Coordinates") != null || attribute(d, "_Netcdf4Dimid") != null) return true;
        try {
            return d.getHdfFile().getAttributes().containsKey("_NCProperties");
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static Object data(Attribute a) {
        try {
            return a.getData();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** A numeric attribute's values (a scalar or a 1-D array of any primitive width), or null. */
    private static double[] numbersOf(Object v) {
        if (v instanceof Number n) return new double[] {n.doubleValue()};
        if (v == null || !v.getClass().isArray() || v.getClass().getComponentType().isArray()) return null;
        int n = java.lang.reflect.Array.getLength(v);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            Object e = java.lang.reflect.Array.get(v, i);
            if (!(e instanceof Number x)) return null;
            out[i] = x.doubleValue();
        }
        return out;
    }

    private static void add(List<String> parts, Dataset d, String name, String prefix, Function<Attribute, String> text) {
        Attribute a = attribute(d, name);
        if (a != null) parts.add(prefix + plain(text.apply(a)));
    }

    /** A one-element list shown without its brackets. */
    private static String plain(String s) {
        return s.length() > 1 && s.startsWith("[") && s.endsWith("]") && !s.contains(",") ? s.substring(1, s.length() - 1) : s;
    }

    private static Attribute attribute(Dataset d, String name) {
        try {
            return d.getAttributes().get(name);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
