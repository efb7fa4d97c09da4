package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;

/** A bcolz chunk file's values are the carray's dtype, in the values and in the trace, not the Blosc typesize's uints. */
class BcolzChunkDtypeTest {

    @Test
    void aFloat64CarraysChunkShowsFloats() {
        Node carray = FormatRegistry.standard().open(SampleResourcesTest.RES.resolve("bcolz/carray_2d_float64_N3_lz4_c5_shuffle"));
        Node file = carray.find("data/__1.blp");
        assertNotNull(file, carray.children().toString());
        Node chunk = file.children().get(0);
        ValueColumn values = chunk.values();
        assertEquals(ValueType.F64, values.type());
        assertEquals(ValueType.F64, file.values().type());
        // the chunk's first value is the carray's value at the chunk's first element
        ValueColumn all = carray.values();
        long[] a = new long[1];
        values.read(0, a, 0, 1);
        boolean found = false;
        long[] page = new long[(int) Math.min(all.count(), 1 << 16)];
        all.read(0, page, 0, page.length);
        for (long v : page) found |= v == a[0];
        assertTrue(found, "the chunk's first float is among the carray's values");
        Trace t = chunk.facet(ValueTracer.class).trace(0, Progress.NONE);
        assertEquals(ValueType.F64.format(a[0]), t.value(), "the trace ends in the float");
        assertTrue(t.steps().size() > 2);
    }
}
