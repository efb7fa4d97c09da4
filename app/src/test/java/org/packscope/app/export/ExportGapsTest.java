package org.packscope.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** Gaps (R's NA, undecodable values) are never written as if they were values. */
class ExportGapsTest {

    /** Five values 1..5 of the given type; value 1 is NA, value 3 undecodable (its bits read 0). */
    private static Node column(ValueType type) {
        ValueColumn c = new ValueColumn() {
            @Override public String name() { return "v"; }
            @Override public ValueType type() { return type; }
            @Override public long count() { return 5; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    double v = k == 3 ? 0 : k + 1;
                    dst[off + i] = type == ValueType.F64 ? Double.doubleToRawLongBits(v) : (long) v;
                }
            }
            @Override public boolean mayHaveGaps() { return true; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    dst[off + i] = k == 1 ? MISSING : k == 3 ? UNDECODABLE : PRESENT;
                }
            }
        };
        return Node.of("v", "test").facet(ValueColumn.class, c);
    }

    private static String text(Node node, String format) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Export.write(node, format, out, "test", Progress.NONE);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void csvLeavesGapsEmptyAndJsonWritesNull() throws Exception {
        assertEquals("1\n\n3\n\n5\n", text(column(ValueType.I32), "csv"));
        assertEquals("[1.0,null,3.0,null,5.0]\n", text(column(ValueType.F64), "json"));
    }

    @Test
    void rawWritesAnUndecodableFloatAsNaNAndCountsWhatItCouldNotDecode() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Export.Written w = Export.write(column(ValueType.F64), "raw", out, "test", Progress.NONE);
        ByteBuffer b = ByteBuffer.wrap(out.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.0, b.getDouble(0));
        assertEquals(3.0, b.getDouble(16));
        assertEquals(Double.NaN, b.getDouble(24));
        assertEquals(1, w.missing());
        assertEquals(1, w.undecodable());
        assertEquals("1 value could not be decoded; written as empty (csv), null (json), NaN (float raw/npy) or 0 (integer raw/npy)", w.note());
    }

    @Test
    void aColumnWithoutGapsHasNothingToSay() throws Exception {
        Node plain = Node.of("p", "test").facet(ValueColumn.class, new ValueColumn() {
            @Override public String name() { return "p"; }
            @Override public ValueType type() { return ValueType.I8; }
            @Override public long count() { return 2; }
            @Override public void read(long start, long[] dst, int off, int len) { }
        });
        assertNull(Export.write(plain, "csv", new ByteArrayOutputStream(), "t", Progress.NONE).note());
    }
}
