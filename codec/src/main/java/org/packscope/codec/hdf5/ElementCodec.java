package org.packscope.codec.hdf5;

import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

import io.jhdf.object.datatype.ArrayDataType;
import io.jhdf.object.datatype.BitField;
import io.jhdf.object.datatype.CompoundDataType;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.EnumDataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.datatype.OpaqueDataType;
import io.jhdf.object.datatype.Reference;
import io.jhdf.object.datatype.StringData;

import org.packscope.codec.inspect.ValueType;

/**
 * One fixed-size HDF5 element type, read from the bytes as stored (not through jhdf's
 * Java objects, which lose float16 and print arrays as object identities): how many
 * bytes an element takes in the file, the column type it becomes, how its stored bytes
 * become that type's little-endian bytes, and how those read as text. Compound members
 * are packed in declaration order (numpy's packed layout), as h5py returns them.
 */
abstract class ElementCodec {
    /** Compound and array types nest; real files nest a few levels. */
    private static final int MAX_NESTING = 16;

    final int stored;
    final ValueType type;

    private ElementCodec(int stored, ValueType type) {
        this.stored = stored;
        this.type = type;
    }

    /** Converts one stored element at {@code src[so..]} into {@code type.byteWidth()} bytes at {@code dst[doff..]}. */
    abstract void toLittleEndian(byte[] src, int so, byte[] dst, int doff);

    /** Appends one element, given as converted bytes, as text. */
    abstract void text(byte[] le, int off, StringBuilder out);

    /** A short name for summaries, e.g. "f32", "compound", "opaque". */
    String label() { return type.label(); }

    /** True when the stored bytes already are the converted bytes (no copy per element needed). */
    boolean identity() { return false; }

    /** What the type is, for the structure view, e.g. "compound {x: f4, y: f8}". */
    abstract String describe();

    /** Resolves an object reference (an object header address) to a path, or null. */
    interface References extends LongFunction<String> { }

    /** The codec for {@code t}, or null when the type is not a fixed-size one PackScope reads. */
    static ElementCodec of(DataType t, References refs) {
        return of(t, refs, 0);
    }

    private static ElementCodec of(DataType t, References refs, int depth) {
        if (t == null || depth > MAX_NESTING || t.getSize() <= 0) return null;
        if (t instanceof FloatingPoint f) {
            int w = f.getSize();
            ValueType vt = w == 2 ? ValueType.F16 : w == 4 ? ValueType.F32 : w == 8 ? ValueType.F64 : null;
            if (vt == null && (w == 10 || w == 12 || w == 16) && f.getByteOrder() != ByteOrder.BIG_ENDIAN) return new Extended(w);
            return vt == null ? null : new Numeric(vt, bigEndian(f.getByteOrder()), null);
        }
        if (t instanceof FixedPoint f) {
            ValueType vt = integer(f.isSigned(), f.getSize());
            return vt == null ? null : new Numeric(vt, bigEndian(f.getByteOrder()), null);
        }
        if (t instanceof BitField b) {
            ValueType vt = integer(false, b.getSize());
            return vt == null ? null : new Numeric(vt, bigEndian(b.getByteOrder()), null);
        }
        if (t instanceof EnumDataType e) {
            if (!(e.getBaseType() instanceof FixedPoint base)) return null;
            Map<Integer, String> names = e.getEnumMapping();
            boolean bool = base.getSize() == 1 && names.size() == 2
                    && "FALSE".equals(names.get(0)) && "TRUE".equals(names.get(1));
            ValueType vt = bool ? ValueType.BOOL : integer(base.isSigned(), base.getSize());
            return vt == null ? null : new Numeric(vt, bigEndian(base.getByteOrder()), bool ? null : names);
        }
        if (t instanceof StringData s) return new FixedString(s.getSize(), s.getCharset() == StandardCharsets.UTF_8);
        if (t instanceof OpaqueDataType o) return new Opaque(o.getSize());
        if (t instanceof Reference r && r.getSize() == 8 && r.getType() == Reference.ReferenceType.OBJECT) {
            return new ObjectReference(refs);
        }
        if (t instanceof ArrayDataType a) {
            ElementCodec base = of(a.getBaseType(), refs, depth + 1);
            long n = 1;
            for (int d : a.getArrayTypeDimensions()) n *= Math.max(0, d);
            if (base != null && base.stored > 0 && n * base.stored != t.getSize() && t.getSize() % base.stored == 0) {
                // jhdf 0.13 misreads the dimensions of version 1 array types; the sizes say how many there are
                n = t.getSize() / base.stored;
            }
            if (base == null || n <= 0 || n * base.stored > t.getSize() || n * base.type.byteWidth() > 1 << 20) {
                return t.getSize() <= 1 << 20 ? new Opaque(t.getSize()) : null;
            }
            return new Repeated(base, (int) n, t.getSize());
        }
        if (t instanceof CompoundDataType c) {
            List<Member> members = new ArrayList<>();
            int packed = 0;
            for (CompoundDataType.CompoundDataMember m : c.getMembers()) {
                ElementCodec mc = of(m.getDataType(), refs, depth + 1);
                if (mc == null) return null;
                int[] dims = m.getDimensionSize();
                long n = 1;
                if (dims != null) for (int d : dims) n *= Math.max(1, d);
                if (n > 1) mc = new Repeated(mc, (int) n, (int) (n * mc.stored));
                if (m.getOffset() < 0 || (long) m.getOffset() + mc.stored > t.getSize()) return null;
                members.add(new Member(m.getName(), m.getOffset(), packed, mc));
                packed += mc.type.byteWidth();
                if (packed > 1 << 20) return null;
            }
            return members.isEmpty() ? null : new Compound(t.getSize(), packed, members);
        }
        return null;
    }

    private static boolean bigEndian(ByteOrder o) { return o == ByteOrder.BIG_ENDIAN; }

    private static ValueType integer(boolean signed, int w) {
        if (w != 1 && w != 2 && w != 4 && w != 8) return null;
        return new ValueType(signed ? ValueType.Kind.INT : ValueType.Kind.UINT, w);
    }

    static long bitsLE(byte[] b, int off, int width) {
        long v = 0;
        for (int i = width - 1; i >= 0; i--) v = v << 8 | (b[off + i] & 0xff);
        return v;
    }

    /** Integers, floats (f16 included), bitfields, enums and booleans. */
    static final class Numeric extends ElementCodec {
        private final boolean swap;
        private final Map<Integer, String> names;

        Numeric(ValueType type, boolean swap, Map<Integer, String> names) {
            super(type.byteWidth(), type);
            this.swap = swap && type.byteWidth() > 1;
            this.names = names;
        }

        @Override boolean identity() { return !swap; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) {
            int w = stored;
            if (swap) for (int i = 0; i < w; i++) dst[doff + i] = src[so + w - 1 - i];
            else System.arraycopy(src, so, dst, doff, w);
        }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            long raw = type.normalize(bitsLE(le, off, stored));
            String name = names == null || raw < Integer.MIN_VALUE || raw > Integer.MAX_VALUE ? null : names.get((int) raw);
            if (name != null) out.append(name);
            else out.append(type.format(raw));
        }

        Map<Integer, String> names() { return names; }

        @Override
        String describe() {
            String s = type.label() + (swap ? " (big-endian)" : "");
            if (names != null) {
                List<String> parts = new ArrayList<>();
                for (var e : names.entrySet()) parts.add(e.getValue() + "=" + e.getKey());
                s = "enum {" + String.join(", ", parts) + "} of " + s;
            }
            return s;
        }
    }

    /** Fixed-length strings: bytes up to the first NUL padding; not UTF-8 → bytes ≥ 0x80 escaped. */
    static final class FixedString extends ElementCodec {
        private final boolean utf8;

        FixedString(int width, boolean utf8) {
            super(width, ValueType.bytes(width));
            this.utf8 = utf8;
        }

        @Override boolean identity() { return true; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) { System.arraycopy(src, so, dst, doff, stored); }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            int end = off + stored;
            while (end > off && le[end - 1] == 0) end--;
            out.append(decode(le, off, end - off));
        }

        @Override String describe() { return "string, " + stored + " bytes" + (utf8 ? " (UTF-8)" : " (ASCII)"); }
    }

    /**
     * Bytes as text: UTF-8 when they are valid UTF-8, otherwise each byte ≥ 0x80 as
     * {@code \xNN} (netCDF {@code char} data is bytes, not text; nothing is replaced by U+FFFD).
     */
    static String decode(byte[] b, int off, int len) {
        boolean ascii = true;
        for (int i = 0; i < len && ascii; i++) ascii = b[off + i] >= 0;
        if (ascii) return new String(b, off, len, StandardCharsets.ISO_8859_1);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(b, off, len)).toString();
        } catch (CharacterCodingException e) {
            StringBuilder sb = new StringBuilder(len + 16);
            for (int i = 0; i < len; i++) {
                int c = b[off + i] & 0xff;
                if (c < 0x80) sb.append((char) c);
                else sb.append(String.format(Locale.ROOT, "\\x%02x", c));
            }
            return sb.toString();
        }
    }

    /** Opaque bytes, shown as hex. */
    static final class Opaque extends ElementCodec {
        Opaque(int width) { super(width, ValueType.bytes(width)); }

        @Override String label() { return "opaque"; }

        @Override boolean identity() { return true; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) { System.arraycopy(src, so, dst, doff, stored); }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            for (int i = 0; i < stored; i++) out.append(Character.forDigit((le[off + i] >> 4) & 15, 16)).append(Character.forDigit(le[off + i] & 15, 16));
        }

        @Override String describe() { return "opaque, " + stored + " bytes"; }
    }

    /**
     * x87 80-bit extended precision (C {@code long double}, padded to 12 or 16 bytes):
     * kept as its bytes, shown as the nearest double.
     */
    static final class Extended extends ElementCodec {
        Extended(int width) { super(width, ValueType.bytes(width)); }

        @Override String label() { return "f80"; }

        @Override boolean identity() { return true; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) { System.arraycopy(src, so, dst, doff, stored); }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            long mantissa = bitsLE(le, off, 8);
            int se = (int) bitsLE(le, off + 8, 2);
            int exp = se & 0x7fff;
            double v;
            if (exp == 0x7fff) v = (mantissa << 1) == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
            else v = Math.scalb((double) (mantissa >>> 11) + ((mantissa & 0x7ff) >= 0x400 ? 1 : 0), exp - 16383 - 52);
            out.append(Double.toString((se & 0x8000) != 0 ? -v : v));
        }

        @Override String describe() { return "80-bit extended float in " + stored + " bytes"; }
    }

    /** An object reference: the address of an object header, shown as the path it points to. */
    static final class ObjectReference extends ElementCodec {
        private final References refs;

        ObjectReference(References refs) {
            super(8, ValueType.U64);
            this.refs = refs;
        }

        @Override String label() { return "reference"; }

        @Override boolean identity() { return true; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) { System.arraycopy(src, so, dst, doff, 8); }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            long address = bitsLE(le, off, 8);
            String path = refs == null ? null : refs.apply(address);
            out.append(path != null ? path : "(reference to byte " + Long.toUnsignedString(address) + ")");
        }

        @Override String describe() { return "object reference"; }
    }

    /** A fixed-size array of a base type (HDF5 array types and array-valued compound members). */
    static final class Repeated extends ElementCodec {
        private final ElementCodec base;
        private final int n;

        Repeated(ElementCodec base, int n, int stored) {
            super(stored, ValueType.bytes(n * base.type.byteWidth()));
            this.base = base;
            this.n = n;
        }

        @Override String label() { return "array"; }

        @Override boolean identity() { return base.identity() && stored == n * base.stored; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) {
            for (int i = 0; i < n; i++) base.toLittleEndian(src, so + i * base.stored, dst, doff + i * base.type.byteWidth());
        }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            out.append('[');
            for (int i = 0; i < n; i++) {
                if (i > 0) out.append(", ");
                base.text(le, off + i * base.type.byteWidth(), out);
            }
            out.append(']');
        }

        @Override String describe() { return n + " × " + base.describe(); }
    }

    record Member(String name, int storedOffset, int packedOffset, ElementCodec codec) { }

    /** A compound element: its members packed in declaration order. */
    static final class Compound extends ElementCodec {
        final List<Member> members;

        Compound(int stored, int packed, List<Member> members) {
            super(stored, ValueType.bytes(packed));
            this.members = List.copyOf(members);
        }

        @Override String label() { return "compound"; }

        @Override
        void toLittleEndian(byte[] src, int so, byte[] dst, int doff) {
            for (Member m : members) m.codec.toLittleEndian(src, so + m.storedOffset, dst, doff + m.packedOffset);
        }

        @Override
        void text(byte[] le, int off, StringBuilder out) {
            out.append('(');
            for (int i = 0; i < members.size(); i++) {
                if (i > 0) out.append(", ");
                Member m = members.get(i);
                m.codec.text(le, off + m.packedOffset, out);
            }
            out.append(')');
        }

        @Override
        String describe() {
            List<String> parts = new ArrayList<>();
            for (Member m : members) parts.add(m.name + ": " + m.codec.describe());
            return "compound {" + String.join(", ", parts) + "}";
        }
    }

    /** Text of one converted element. */
    String text(byte[] le, int off) {
        StringBuilder sb = new StringBuilder();
        text(le, off, sb);
        return sb.toString();
    }
}
