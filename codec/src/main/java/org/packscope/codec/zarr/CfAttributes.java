package org.packscope.codec.zarr;

import java.io.IOException;
import java.util.List;

import org.packscope.codec.analysis.CfConventions;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.json.Json;
import org.packscope.codec.json.JsonMembers;

/**
 * The CF value conventions a Zarr array's attributes carry (xarray writes
 * {@code scale_factor}, {@code add_offset}, {@code _FillValue}, {@code _Unsigned}… into
 * {@code .zattrs} or a v3 {@code zarr.json}'s {@code attributes}). When they do, the array's
 * own {@code fill_value} stands for a {@code _FillValue} they do not name, as xarray reads it.
 */
final class CfAttributes {
    private CfAttributes() { }

    /** Conventions for {@code m}'s values, or null when the attributes (may be null) state none. */
    static CfConventions of(JsonMembers attrs, ArrayMeta m) {
        if (attrs == null || m.dtype == null || m.dtype.complex() || !m.dtype.valueType().numeric()) return null;
        ValueType t = m.dtype.valueType();
        Double fill = null;
        if (m.fill != null && m.fill.length == t.byteWidth()) {
            long bits = 0;
            for (int i = 0; i < t.byteWidth(); i++) bits |= (m.fill[i] & 0xffL) << (8 * i);
            fill = t.toDouble(t.normalize(bits));
        }
        return CfConventions.of(t, new CfConventions.Attributes() {
            @Override public double[] numbers(String name) {
                Json v = value(attrs, name);
                if (v == null) return null;
                List<Json> items = v.isArray() ? v.elements() : List.of(v);
                double[] out = new double[items.size()];
                for (int i = 0; i < out.length; i++) {
                    Json e = items.get(i);
                    if (e.isNumber()) out[i] = e.asDouble();
                    else if (e.isTextual() && special(e.asText()) != null) out[i] = special(e.asText());
                    else return null;
                }
                return out;
            }

            @Override public String text(String name) {
                Json v = value(attrs, name);
                return v == null ? null : v.isTextual() ? v.asText() : v.toString();
            }
        }, fill);
    }

    /** JSON has no NaN or infinities: Zarr and xarray write them as strings. */
    private static Double special(String s) {
        return switch (s) {
            case "NaN" -> Double.NaN;
            case "Infinity" -> Double.POSITIVE_INFINITY;
            case "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> null;
        };
    }

    private static Json value(JsonMembers attrs, String name) {
        try {
            return attrs.value(name);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
