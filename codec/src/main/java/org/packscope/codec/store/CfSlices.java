package org.packscope.codec.store;

import java.util.List;

import org.packscope.codec.analysis.CfConventions;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** {@link ArraySlices} of stored values seen through their {@link CfConventions} (see {@link org.packscope.codec.analysis.CfColumn}). */
public final class CfSlices implements ArraySlices {
    private final ArraySlices stored;
    private final CfConventions cf;

    public CfSlices(ArraySlices stored, CfConventions cf) {
        this.stored = stored;
        this.cf = cf;
    }

    @Override public long[] shape() { return stored.shape(); }

    @Override public ValueType type() { return cf.type(); }

    @Override public List<String> dimensionNames() { return stored.dimensionNames(); }

    @Override
    public void read(int rowDim, int colDim, long[] fixed, long row0, int rows, long col0, int cols, long[] dst, byte[] gaps) {
        stored.read(rowDim, colDim, fixed, row0, rows, col0, cols, dst, gaps);
        int n = rows * cols;
        for (int i = 0; i < n; i++) {
            if (gaps != null && gaps[i] == ValueColumn.PRESENT && !cf.present(dst[i])) gaps[i] = ValueColumn.MISSING;
            dst[i] = cf.apply(dst[i]);
        }
    }
}
