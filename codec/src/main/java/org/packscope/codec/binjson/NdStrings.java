package org.packscope.codec.binjson;

/**
 * Where each element of a string N-D array starts (the elements are uflexes of varying
 * length, so finding element i needs one pass). Built on first use, then shared.
 */
final class NdStrings {
    private final Document doc;
    private final Head head;
    private volatile long[] offsets;

    NdStrings(Document doc, Head head) {
        this.doc = doc;
        this.head = head;
    }

    long offset(long i) { return offsets()[(int) i]; }

    /** The string of element i, or null when its index is out of range. */
    String text(long i) {
        BjReader r = new BjReader(doc, d -> { });
        long idx = r.uflex(offset(i), "string element");
        return doc.strings().has(idx) ? doc.strings().get(idx) : null;
    }

    private long[] offsets() {
        long[] o = offsets;
        if (o != null) return o;
        synchronized (this) {
            if (offsets != null) return offsets;
            if (head.count > Integer.MAX_VALUE - 16) throw new IllegalStateException("too many string elements to index");
            BjReader r = new BjReader(doc, d -> { });
            o = new long[(int) head.count + 1];
            long q = head.bodyStart;
            for (int i = 0; i < head.count; i++) {
                o[i] = q;
                r.uflex(q, "string element");
                q = r.next;
            }
            o[(int) head.count] = q;
            offsets = o;
            return o;
        }
    }
}
