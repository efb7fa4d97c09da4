package org.packscope.codec.bpcells;

import java.nio.file.Path;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.EntriesColumn;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.store.ChunkUnits;
import org.packscope.codec.store.MajorRanges;

/** Fills a matrix node: facts, tables, facets and the array / column / entry children. */
final class MatrixNodeBuilder {
    private MatrixNodeBuilder() { }

    static void fill(Node n, ArrayStore store, String versionString) {
        fill(n, store, versionString, null);
    }

    /** {@code file}: the one file holding the whole matrix (an HDF5 file), or null (a folder of files, an R object). */
    static void fill(Node n, ArrayStore store, String versionString, Path file) {
        BpcellsMatrix m = BpcellsMatrix.open(store, versionString);
        fill(n, m);
        // a big matrix: a distributed check takes its columns (rows) a range at a time
        MajorRanges ranges = m.ranges();
        if (ranges != null) n.facet(ChunkUnits.class, ranges.heldIn(file));
    }

    static void fill(Node n, BpcellsMatrix m) {
        n.facet(FieldExplainer.class, BpcellsDocs.DOCS);
        for (Diagnostic d : m.diagnostics()) n.diagnose(d);
        n.summary(MatrixFacts.summary(m));
        MatrixFacts.fields(n, m);
        if (m.readable()) {
            n.facet(SparseMatrix.class, m);
            n.facet(BulkDecoder.class, m::decodeAll);
            n.facet(ValueColumn.class, new EntriesColumn(m, EntriesColumn.Part.VALUE));
            n.facet(ValueTracer.class, BpcellsTracer.entries(m, EntriesColumn.Part.VALUE));
        }
        n.facet(Verifier.class, m::verify);
        MatrixFacts.tables(n, m);
        MatrixChildren.add(n, m);
    }
}
