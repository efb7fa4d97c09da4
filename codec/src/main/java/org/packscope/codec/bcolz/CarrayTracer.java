package org.packscope.codec.bcolz;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkTrace;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;

/**
 * Traces one value of a carray: flattened index → row and item → chunk file (from
 * chunklen) → byte in that file's Blosc chunk, then the Blosc path through block, stream,
 * codec and shuffle ({@link ChunkTrace}). Uses the same chunk files and checks as the
 * value column, so a chunk that reads as zeros there traces to zeros here.
 */
final class CarrayTracer implements ValueTracer {
    private final Carray carray;
    private final CarrayStore store;
    private final ValueType type;
    private final long count;

    CarrayTracer(Carray carray, CarrayStore store, ValueType type, long count) {
        this.carray = carray;
        this.store = store;
        this.type = type;
        this.count = count;
    }

    @Override
    public Trace trace(long index, Progress progress) {
        if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index + " of " + count);
        int w = type.byteWidth();
        long perRow = Math.max(1, carray.itemsPerRow);
        long row = index / perRow;
        long item = index % perRow;
        long pos = index * w;
        List<Trace.Step> steps = new ArrayList<>();
        steps.add(new Trace.Step("row", perRow == 1 ? "row " + row : "row " + row + ", item " + item,
                perRow == 1 ? "value " + index + " is row " + index + " of the array (shape " + CarrayNodes.shapeText(carray.shape) + ")"
                        : "value " + index + " of the C-order flattening: row " + index + " / " + perRow + " = " + row
                                + " (prod(shape[1:]) = " + perRow + " items per row), item " + index + " mod " + perRow + " = " + item,
                null, null));
        long chunkBytes = carray.chunklen * carray.atomsize;
        long k = pos / chunkBytes;
        long inChunk = pos - k * chunkBytes;
        String file = "data/__" + k + ".blp";
        CarrayStore.Chunk ch = store.chunk(k);
        BloscChunk b = ch.blosc();
        String how = "chunk = row " + row + " / chunklen " + carray.chunklen + " = " + k + " (rows " + k * carray.chunklen + ".."
                + (k * carray.chunklen + carray.chunkBytes(k) / Math.max(1, carray.atomsize) - 1) + "); within it, byte ("
                + row + " − " + k * carray.chunklen + ") × rowsize " + carray.atomsize + " + item " + item + " × " + w + " = " + inChunk;
        if (b == null) {
            steps.add(new Trace.Step("chunk file", file, how, null, null));
            steps.add(new Trace.Step("chunk unusable", "zeros", ch.problem().rule() + ": " + ch.problem().message()
                    + "; the chunk's values read as zeros", null, null));
            byte[] zeros = new byte[w];
            steps.add(ChunkTrace.valueStep(type, zeros));
            return new Trace(index, ChunkTrace.format(type, zeros), steps);
        }
        steps.add(new Trace.Step("chunk file", file, how + ". The file opens with the 16-byte superchunk header ('blpk', version, nchunks); "
                + "its Blosc chunk starts at byte " + b.base(), b.source(), Span.bytes(0, Math.min(16, b.base()))));
        ChunkTrace.Result r = ChunkTrace.trace(b, file, inChunk, w);
        steps.addAll(r.steps());
        steps.add(ChunkTrace.valueStep(type, r.bytes()));
        return new Trace(index, ChunkTrace.format(type, r.bytes()), steps);
    }
}
