package org.packscope.codec.bpcells;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;

/**
 * The bytes of a run of array elements, for a trace step: in the array's own source
 * when the store can address them (folder file, contiguous HDF5 dataset), else a small
 * copy of the elements as the store delivered them (chunked or deflated HDF5, R vectors),
 * little-endian as BPCells means them. {@code values} are the elements, unsigned.
 */
record ElementBytes(ByteSource source, Span span, long[] values, int width) {

    /** Elements {@code [start, start+n)} of {@code name}; n is small (at most one chunk). */
    static ElementBytes of(ArrayStore store, String name, long start, int n) {
        ArrayInfo info = store.info(name);
        if (info == null) throw ArrayStore.unreadable(-1, "array " + name + " is missing");
        if (info.type() == null || info.type() == ElementType.STRING) throw ArrayStore.unreadable(-1, name + " is not a numeric array");
        int w = info.type().byteWidth();
        long[] v = new long[n];
        if (w == 8) {
            store.readLongs(name, start, v, 0, n);
        } else {
            int[] t = new int[n];
            store.readInts(name, start, t, 0, n);
            for (int i = 0; i < n; i++) v[i] = t[i] & 0xffffffffL;
        }
        ArrayLocation loc = info.location();
        long bytes = (long) n * w;
        if (loc != null && loc.source().has(loc.offsetOf(start, w), bytes)) {
            return new ElementBytes(loc.source(), Span.bytes(loc.offsetOf(start, w), bytes), v, w);
        }
        byte[] b = new byte[(int) bytes];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < w; k++) b[i * w + k] = (byte) (v[i] >>> (8 * k));
        }
        String what = name + (n == 1 ? "[" + start + "]" : "[" + start + ".." + (start + n - 1) + "]");
        return new ElementBytes(new ArraySource(b, 0, b.length, what + " (elements as read from " + store.description() + ")"),
                Span.bytes(0, bytes), v, w);
    }

    /** The bytes of element {@code i} of the run. */
    Span element(int i) { return Span.bytes(span.byteOffset() + (long) i * width, width); }

    /** Bit {@code bit} (LSB-first) of 32-bit element {@code word} of the run, {@code len} bits long. */
    Span bits(int word, int bit, int len) { return Span.bits(span.startBit() + 32L * word + bit, len); }

    /** "bytes 16..23 of /x/idxptr" */
    String where(int i) {
        long at = span.byteOffset() + (long) i * width;
        return "bytes " + at + ".." + (at + width - 1) + " of " + source.name();
    }
}
