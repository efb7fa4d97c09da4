package org.packscope.codec.bpcells;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.codec.inspect.ValueType;

/**
 * A parsed BPCells version string, {@code [packed|unpacked]-[uint|float|double]-matrix-v[1|2]}.
 * v1 differs from v2 only in that idxptr is uint32 and packed arrays have no
 * {@code *_idx_offsets}.
 */
public record MatrixVersion(boolean packed, ValueKind valueKind, int formatVersion) {

    /** The value types a matrix can hold. */
    public enum ValueKind {
        UINT(ElementType.UINT32, ValueType.U32), FLOAT(ElementType.FLOAT32, ValueType.F32), DOUBLE(ElementType.FLOAT64, ValueType.F64);

        private final ElementType elementType;
        private final ValueType valueType;

        ValueKind(ElementType e, ValueType v) {
            this.elementType = e;
            this.valueType = v;
        }

        public ElementType elementType() { return elementType; }

        public ValueType valueType() { return valueType; }

        public String label() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    private static final Pattern SYNTAX = Pattern.compile("(packed|unpacked)-(uint|float|double)-matrix-v(\\d+)");

    /** The version for a string, ignoring surrounding whitespace; empty when not a known matrix version. */
    public static Optional<MatrixVersion> parse(String text) {
        if (text == null) return Optional.empty();
        Matcher m = SYNTAX.matcher(text.strip());
        if (!m.matches()) return Optional.empty();
        int v;
        try {
            v = Integer.parseInt(m.group(3));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (v != 1 && v != 2) return Optional.empty();
        ValueKind kind = ValueKind.valueOf(m.group(2).toUpperCase(java.util.Locale.ROOT));
        return Optional.of(new MatrixVersion(m.group(1).equals("packed"), kind, v));
    }

    /** True for text shaped like a matrix version, even one this reader does not know (v3). */
    public static boolean looksLikeMatrixVersion(String text) {
        return text != null && text.strip().matches("[a-z0-9]+-[a-z0-9]+-matrix-v\\d+");
    }

    /** Element type of idxptr: uint32 in v1, uint64 from v2 on. */
    public ElementType idxptrType() { return formatVersion == 1 ? ElementType.UINT32 : ElementType.UINT64; }

    /** Whether packed arrays carry {@code *_idx_offsets} (v2 only). */
    public boolean hasIdxOffsets() { return formatVersion >= 2; }

    /** Values bit-packed with BP128-FOR (only packed uint; packed float/double keep a plain val). */
    public boolean packedValues() { return packed && valueKind == ValueKind.UINT; }

    @Override
    public String toString() {
        return (packed ? "packed" : "unpacked") + "-" + valueKind.label() + "-matrix-v" + formatVersion;
    }
}
