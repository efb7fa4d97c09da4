package org.packscope.codec.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.ValueType;

/**
 * The netCDF / CF attributes that say how stored numbers become physical values:
 * {@code _Unsigned} (integers stored signed, meant unsigned), {@code _FillValue} and
 * {@code missing_value} (values that are no value), {@code valid_range} /
 * {@code valid_min} / {@code valid_max} (values outside are no value), and
 * {@code scale_factor} / {@code add_offset} (physical = stored × scale + offset, read as
 * f64). Masking compares stored values (after {@code _Unsigned}), as netCDF4-python does
 * (1.6); a {@code _FillValue} is a gap only where a value equals it, it does not bound the
 * valid range. A netCDF variable without {@code _FillValue} has the library's default fill
 * of its type ({@link #netcdfDefaultFill}).
 *
 * <p>Made from any attribute source (HDF5 / netCDF-4 attributes, a Zarr array's
 * {@code .zattrs}), applied through {@link CfColumn} and {@link #apply}.
 */
public final class CfConventions {
    /** Where attribute values come from: numbers (null when absent or not numeric) and text. */
    public interface Attributes {
        double[] numbers(String name);

        String text(String name);
    }

    /** The attributes this class reads, for callers that locate attributes by name. */
    public static final List<String> NAMES = List.of("_FillValue", "missing_value", "valid_range", "valid_min", "valid_max",
            "scale_factor", "add_offset", "_Unsigned");

    private final ValueType stored;
    private final ValueType read;
    private final double[] fills;
    private final double[] missing;
    /** The netCDF library's default fill (raw bits of the stored type), when it applies; compared bit for bit. */
    private final Long defaultFill;
    private final double validMin;
    private final double validMax;
    private final boolean scaled;
    private final double scale;
    private final double offset;
    private final String description;
    /** Attributes the conventions name but whose values cannot be used, each said in words. */
    private final List<String> ignored;

    private CfConventions(ValueType stored, ValueType read, double[] fills, Long defaultFill, double[] missing, double validMin,
                          double validMax, boolean scaled, double scale, double offset, List<String> ignored) {
        this.ignored = List.copyOf(ignored);
        this.stored = stored;
        this.read = read;
        this.fills = fills;
        this.defaultFill = defaultFill;
        this.missing = missing;
        this.validMin = validMin;
        this.validMax = validMax;
        this.scaled = scaled;
        this.scale = scale;
        this.offset = offset;
        this.description = describe();
    }

    /**
     * The conventions {@code a} states for values of type {@code stored}, or null when it
     * states none that change a value ({@code fallbackFill}: the format's own fill value, a
     * Zarr array's {@code fill_value}, taken as {@code _FillValue} when the attributes do use
     * the conventions but name no fill; may be null).
     */
    public static CfConventions of(ValueType stored, Attributes a, Double fallbackFill) {
        return of(stored, a, fallbackFill, null);
    }

    /**
     * As {@link #of(ValueType, Attributes, Double)}, for a netCDF variable whose library
     * default fill is {@code defaultFill} (raw bits of {@code stored}, see
     * {@link #netcdfDefaultFill}; null: none): it is a gap when the attributes name no
     * {@code _FillValue} and no {@code _Unsigned} (netCDF4 compares the signed default with
     * the unsigned values, so it never matches).
     */
    public static CfConventions of(ValueType stored, Attributes a, Double fallbackFill, Long defaultFill) {
        if (stored == null || !stored.numeric() || stored.kind() == ValueType.Kind.BOOL) return null;
        boolean unsigned = stored.kind() == ValueType.Kind.INT && "true".equalsIgnoreCase(strip(a.text("_Unsigned")));
        ValueType read = unsigned ? new ValueType(ValueType.Kind.UINT, stored.byteWidth()) : stored;
        double[] fill = numbers(a, "_FillValue", unsigned, stored);
        double[] missing = numbers(a, "missing_value", unsigned, stored);
        double[] range = numbers(a, "valid_range", unsigned, stored);
        double[] vmin = numbers(a, "valid_min", unsigned, stored);
        double[] vmax = numbers(a, "valid_max", unsigned, stored);
        double[] scale = numbers(a, "scale_factor", false, stored);
        double[] offset = numbers(a, "add_offset", false, stored);
        Long libraryFill = fill == null && !unsigned ? defaultFill : null;
        List<String> ignored = unusable(a, range);
        if (range != null && range.length != 2) range = null;
        boolean any = unsigned || fill != null || libraryFill != null || missing != null || range != null || vmin != null
                || vmax != null || scale != null || offset != null || !ignored.isEmpty();
        if (!any) return null;
        if (fill == null && libraryFill == null && fallbackFill != null) fill = new double[] {fallbackFill};
        double lo = Double.NEGATIVE_INFINITY, hi = Double.POSITIVE_INFINITY;
        if (range != null && range.length == 2) {
            lo = Math.min(range[0], range[1]);
            hi = Math.max(range[0], range[1]);
        } else {
            if (vmin != null && vmin.length > 0) lo = vmin[0];
            if (vmax != null && vmax.length > 0) hi = vmax[0];
        }
        boolean scaledToo = scale != null && scale.length > 0 || offset != null && offset.length > 0;
        return new CfConventions(stored, read, fill == null ? new double[0] : fill, libraryFill,
                missing == null ? new double[0] : missing, lo, hi, scaledToo, scale != null && scale.length > 0 ? scale[0] : 1,
                offset != null && offset.length > 0 ? offset[0] : 0, ignored);
    }

    /** The attributes named by the conventions that hold no usable numbers (text, or a valid_range not of two). */
    private static List<String> unusable(Attributes a, double[] range) {
        List<String> out = new ArrayList<>();
        for (String name : NAMES) {
            if (name.equals("_Unsigned") || a.numbers(name) != null) continue;
            String t = a.text(name);
            if (t != null) out.add(name + " is '" + PlainText.forDisplay(t) + "', not a number: ignored");
        }
        if (range != null && range.length != 2) out.add("valid_range holds " + range.length + " numbers, not 2 (a minimum and a maximum): ignored");
        return out;
    }

    /** What {@link #of} could not use, one sentence each (empty when everything was used). */
    public List<String> ignored() { return ignored; }

    /**
     * The netCDF library's default fill of {@code stored} (raw bits: {@code NC_FILL_BYTE},
     * {@code NC_FILL_SHORT}, …, {@code NC_FILL_FLOAT} as a float), as netCDF4-python masks it
     * in a variable without {@code _FillValue}; for bytes only when the variable has a fill
     * ({@code hasFill}: not in netCDF's "no fill" mode), as ncdump does. Null for other types.
     */
    public static Long netcdfDefaultFill(ValueType stored, boolean hasFill) {
        if (stored == null) return null;
        return switch (stored.kind()) {
            case INT -> switch (stored.byteWidth()) {
                case 1 -> hasFill ? -127L : null;
                case 2 -> -32767L;
                case 4 -> -2147483647L;
                case 8 -> -9223372036854775806L;
                default -> null;
            };
            case UINT -> switch (stored.byteWidth()) {
                case 1 -> hasFill ? 255L : null;
                case 2 -> 65535L;
                case 4 -> 4294967295L;
                case 8 -> -2L; // 18446744073709551614
                default -> null;
            };
            case FLOAT -> switch (stored.byteWidth()) {
                case 4 -> (long) Float.floatToRawIntBits(9.9692099683868690e+36f);
                case 8 -> Double.doubleToRawLongBits(9.9692099683868690e+36);
                default -> null;
            };
            default -> null;
        };
    }

    private static String strip(String s) {
        if (s == null) return null;
        String t = s.trim();
        return t.length() > 1 && t.startsWith("[") && t.endsWith("]") ? t.substring(1, t.length() - 1).trim() : t;
    }

    /** An attribute's numbers; integers stored signed are read unsigned when {@code _Unsigned} says so. */
    private static double[] numbers(Attributes a, String name, boolean unsigned, ValueType stored) {
        double[] v = a.numbers(name);
        if (v == null || v.length == 0) return null;
        if (!unsigned) return v.clone();
        double[] out = new double[v.length];
        double wrap = Math.pow(2, 8 * stored.byteWidth());
        for (int i = 0; i < v.length; i++) out[i] = v[i] < 0 && v[i] == Math.rint(v[i]) ? v[i] + wrap : v[i];
        return out;
    }

    /** The type of the values as read: f64 when scaled, the unsigned type for {@code _Unsigned}, else the stored type. */
    public ValueType type() { return scaled ? ValueType.F64 : read; }

    public ValueType storedType() { return stored; }

    /** One stored value (raw bits of the stored type) as a number, {@code _Unsigned} applied. */
    private double number(long bits) {
        return read.toDouble(read == stored ? bits : read.normalize(bits));
    }

    /** Why the stored value {@code bits} is not a value (in words), or null when it is one. */
    public String gapReason(long bits) {
        if (isDefaultFill(bits)) return "fill value (netCDF's default fill " + stored.format(defaultFill) + ", no _FillValue)";
        double d = number(bits);
        for (double f : fills) if (same(d, f)) return "fill value (_FillValue " + text(f) + ")";
        for (double m : missing) if (same(d, m)) return "missing value (missing_value " + text(m) + ")";
        if (d < validMin || d > validMax) return "outside the valid range " + text(validMin) + " … " + text(validMax);
        return null;
    }

    /** True when the stored value {@code bits} is a value. */
    public boolean present(long bits) {
        if (isDefaultFill(bits)) return false;
        double d = number(bits);
        for (double f : fills) if (same(d, f)) return false;
        for (double m : missing) if (same(d, m)) return false;
        return !(d < validMin || d > validMax);
    }

    /** The value as read (raw bits of {@link #type()}) of the stored value {@code bits}. */
    public long apply(long bits) {
        if (!scaled) return read == stored ? bits : read.normalize(bits);
        return Double.doubleToRawLongBits(number(bits) * scale + offset);
    }

    /** Bit for bit: a double cannot tell a 64-bit default fill from its neighbours. */
    private boolean isDefaultFill(long bits) {
        return defaultFill != null && stored.normalize(bits) == stored.normalize(defaultFill);
    }

    private static boolean same(double a, double b) {
        return a == b || Double.isNaN(a) && Double.isNaN(b);
    }

    private static String text(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
        return Double.toString(d);
    }

    /** In one line: what is applied, e.g. {@code stored × 0.305 + 0 · _Unsigned · fill 65535 as a gap}. */
    public String description() { return description; }

    private String describe() {
        List<String> parts = new ArrayList<>();
        if (read != stored) parts.add("stored " + stored.label() + " read as " + read.label() + " (_Unsigned)");
        if (scaled) parts.add(String.format(Locale.ROOT, "value = stored × %s + %s", Double.toString(scale), Double.toString(offset)));
        for (double f : fills) parts.add("fill " + text(f) + " is a gap");
        if (defaultFill != null) parts.add("netCDF's default fill " + stored.format(defaultFill) + " is a gap");
        for (double m : missing) parts.add("missing " + text(m) + " is a gap");
        if (validMin != Double.NEGATIVE_INFINITY || validMax != Double.POSITIVE_INFINITY) {
            parts.add("valid " + (validMin == Double.NEGATIVE_INFINITY ? "…" : text(validMin)) + " to "
                    + (validMax == Double.POSITIVE_INFINITY ? "…" : text(validMax)));
        }
        return String.join(" · ", parts);
    }
}
