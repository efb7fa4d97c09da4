package org.packscope.codec.zarr;

import java.util.Locale;

import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.numpy.Dtype;

/**
 * A Zarr array's element type: v2 numpy type strings ({@code "<f8"}, {@code "|b1"},
 * {@code "|S5"}, {@code "<c16"}) and v3 names ({@code "float64"}, {@code "bool"},
 * {@code "complex128"}). Values are always handed on little-endian; complex numbers are
 * two floats (real, imaginary) and are shown as such, interleaved.
 *
 * @param itemSize bytes per element
 * @param bigEndian whether the stored bytes are big-endian (v2 '&gt;'; v3 says so in its bytes codec)
 * @param complex whether an element is a (real, imaginary) pair of floats of half the item size
 */
record DataType(String text, ValueType valueType, int itemSize, boolean bigEndian, boolean complex) {

    /** The unit a byte swap works on: the item size, half of it for complex numbers, 1 for byte strings. */
    int swapUnit() {
        if (valueType.kind() == ValueType.Kind.BYTES || valueType.kind() == ValueType.Kind.BOOL) return 1;
        return complex ? itemSize / 2 : itemSize;
    }

    /** The type of the value column: a complex array reads as its floats, real and imaginary interleaved. */
    ValueType columnType() { return valueType; }

    /** Values in the column per element (2 for complex). */
    int columnPerElement() { return complex ? 2 : 1; }

    boolean isFloat() { return valueType.kind() == ValueType.Kind.FLOAT; }

    /** A v2 .zarray dtype, or null when PackScope cannot decode it. */
    static DataType v2(String text) {
        if (text == null) return null;
        String s = text.trim();
        if (s.length() >= 3 && (s.charAt(1) == 'c') && "<>|=".indexOf(s.charAt(0)) >= 0) {
            if (s.equals("<c8") || s.equals(">c8")) return new DataType(text, ValueType.F32, 8, s.charAt(0) == '>', true);
            if (s.equals("<c16") || s.equals(">c16")) return new DataType(text, ValueType.F64, 16, s.charAt(0) == '>', true);
            return null;
        }
        Dtype d = Dtype.parse(s);
        if (d == null || d.kind() == 'U') return null;
        return new DataType(text, d.valueType(), d.itemsize(), d.bigEndian() && d.itemsize() > 1 && d.kind() != 'S', false);
    }

    /** A v3 zarr.json data_type (its byte order comes from the bytes codec), or null when unknown. */
    static DataType v3(String name) {
        if (name == null) return null;
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "bool" -> new DataType(name, ValueType.BOOL, 1, false, false);
            case "int8" -> new DataType(name, ValueType.I8, 1, false, false);
            case "uint8" -> new DataType(name, ValueType.U8, 1, false, false);
            case "int16" -> new DataType(name, ValueType.I16, 2, false, false);
            case "uint16" -> new DataType(name, ValueType.U16, 2, false, false);
            case "int32" -> new DataType(name, ValueType.I32, 4, false, false);
            case "uint32" -> new DataType(name, ValueType.U32, 4, false, false);
            case "int64" -> new DataType(name, ValueType.I64, 8, false, false);
            case "uint64" -> new DataType(name, ValueType.U64, 8, false, false);
            case "float16" -> new DataType(name, ValueType.F16, 2, false, false);
            case "float32" -> new DataType(name, ValueType.F32, 4, false, false);
            case "float64" -> new DataType(name, ValueType.F64, 8, false, false);
            case "complex64" -> new DataType(name, ValueType.F32, 8, false, true);
            case "complex128" -> new DataType(name, ValueType.F64, 16, false, true);
            default -> null;
        };
    }

    DataType withBigEndian(boolean big) {
        return new DataType(text, valueType, itemSize, big && swapUnit() > 1, complex);
    }

    String label() {
        String base = complex ? "complex" + itemSize * 8 : valueType.label();
        return base + (bigEndian ? " (big-endian)" : "");
    }
}
