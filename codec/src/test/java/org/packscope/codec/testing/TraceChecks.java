package org.packscope.codec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

/** What a trace must show, whatever the format: checks shared by the trace tests and the format contract test. */
public final class TraceChecks {
    private TraceChecks() { }

    /** First, last and a spread of indices (a few dozen) of a column with {@code count} values. */
    public static List<Long> sample(long count, int spread) {
        List<Long> out = new ArrayList<>();
        if (count == 0) return out;
        out.add(0L);
        out.add(count - 1);
        Random r = new Random(count);
        for (int i = 0; i < spread; i++) out.add(i % 2 == 0 ? (count - 1) * i / spread : (long) (r.nextDouble() * count));
        return out;
    }

    /**
     * Traces value {@code k}: its text must equal the column's, the last step must carry it,
     * every span must lie inside its source, and each byte or bit step must show the bits
     * its span covers.
     */
    public static Trace check(Node node, long k) {
        ValueColumn col = node.values();
        ValueTracer tracer = node.facet(ValueTracer.class);
        assertNotNull(tracer, node.path() + " has a value column but no tracer");
        Trace t = tracer.trace(k, Progress.NONE);
        String where = node.path() + " value " + k;
        assertEquals(k, t.index(), where);
        assertEquals(col.text(k), t.value(), where);
        assertFalse(t.steps().isEmpty(), where);
        assertEquals(t.value(), t.steps().get(t.steps().size() - 1).value(), where);
        for (Trace.Step s : t.steps()) {
            assertFalse(s.title().isBlank(), where);
            assertFalse(s.explanation().isBlank(), where + " " + s.title());
            Span sp = s.span();
            if (sp == null) continue;
            assertNotNull(s.source(), where + " " + s.title());
            assertTrue(sp.endBit() <= s.source().size() * 8, where + " " + s.title() + " " + sp + " outside " + s.source().size());
            if (s.title().startsWith("value byte") || s.title().startsWith("memcpyed bytes")) {
                byte[] b = s.source().bytes(sp.byteOffset(), (int) sp.byteLength());
                assertEquals(hex(b), s.value(), where + " " + s.title());
            } else if (s.title().startsWith("bit ")) {
                int bit = (s.source().u8(sp.byteOffset()) >>> sp.bitInByte()) & 1;
                assertEquals(Integer.toString(bit), s.value(), where + " " + s.title());
            }
        }
        return t;
    }

    public static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < b.length; i++) {
            if (i > 0) sb.append(' ');
            if (i == 32) return sb.append("… (").append(b.length).append(" bytes)").toString();
            sb.append(String.format(Locale.ROOT, "%02x", b[i] & 0xff));
        }
        return sb.toString();
    }

    /** Every field of {@code n} has a non-empty explanation naming where the spec describes it; returns the fields checked. */
    public static int checkExplained(Node n) {
        FieldExplainer ex = n.facet(FieldExplainer.class);
        if (n.fields().isEmpty()) return 0;
        assertNotNull(ex, n.path() + " (" + n.kind() + ") has fields but no explainer");
        for (Field f : n.fields()) {
            Explanation e = ex.explain(f);
            assertNotNull(e, n.path() + " field " + f.name());
            assertFalse(e.text().isBlank(), n.path() + " field " + f.name());
            assertFalse(e.specSection().isBlank(), n.path() + " field " + f.name());
        }
        return n.fields().size();
    }

    /** Node kinds reached and fields explained, walking every child (drill-down nodes: their first children). */
    public static int walkExplained(Node n, java.util.Set<String> kinds) {
        kinds.add(n.kind());
        int fields = checkExplained(n);
        List<Node> kids = n.children();
        int limit = n.isDrillDown() ? Math.min(3, kids.size()) : kids.size();
        for (int i = 0; i < limit; i++) fields += walkExplained(kids.get(i), kinds);
        return fields;
    }
}
