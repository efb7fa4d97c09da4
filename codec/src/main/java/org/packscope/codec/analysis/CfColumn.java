package org.packscope.codec.analysis;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * A stored column seen through its {@link CfConventions}: physical values (scaled,
 * {@code _Unsigned} applied) with fill, missing and out-of-range values as
 * {@link ValueColumn#MISSING} gaps. A view: it decodes nothing itself and holds nothing but
 * the stored column, so every view and export of the node reads physical values for free.
 */
public final class CfColumn implements ValueColumn {
    private final ValueColumn stored;
    private final CfConventions cf;

    public CfColumn(ValueColumn stored, CfConventions cf) {
        if (stored.type() != cf.storedType() && !stored.type().equals(cf.storedType())) {
            throw new IllegalArgumentException("conventions for " + cf.storedType().label() + ", column of " + stored.type().label());
        }
        this.stored = stored;
        this.cf = cf;
    }

    public ValueColumn stored() { return stored; }

    public CfConventions conventions() { return cf; }

    @Override public String name() { return stored.name(); }

    @Override public ValueType type() { return cf.type(); }

    @Override public long count() { return stored.count(); }

    @Override public ReadingAhead readingAhead(long start, long end) { return stored.readingAhead(start, end); }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        stored.read(start, dst, off, len);
        for (int i = off; i < off + len; i++) dst[i] = cf.apply(dst[i]);
    }

    @Override public boolean mayHaveGaps() { return true; }

    @Override
    public void gaps(long start, byte[] dst, int off, int len) {
        if (stored.mayHaveGaps()) stored.gaps(start, dst, off, len);
        else java.util.Arrays.fill(dst, off, off + len, PRESENT);
        long[] bits = new long[len];
        stored.read(start, bits, 0, len);
        for (int i = 0; i < len; i++) {
            if (dst[off + i] == PRESENT && !cf.present(bits[i])) dst[off + i] = MISSING;
        }
    }

    @Override
    public long uniformEnd(long start) {
        long end = stored.uniformEnd(start);
        if (end == start) return start;
        long[] one = new long[1];
        stored.read(start, one, 0, 1);
        // a run of the fill value is a run of gaps, not of a value
        return cf.present(one[0]) ? end : start;
    }

    @Override
    public String gapReason(long index) {
        String own = stored.mayHaveGaps() ? stored.gapReason(index) : null;
        if (own != null) return own;
        long[] one = new long[1];
        stored.read(index, one, 0, 1);
        return cf.gapReason(one[0]);
    }
}
