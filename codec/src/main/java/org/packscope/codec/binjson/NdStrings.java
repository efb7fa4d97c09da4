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
        long idx = BjReader.silent(doc).at(offset(i)).uflex("string element");
        return doc.strings().has(idx) ? doc.strings().get(idx) : null;
    }

    private long[] offsets() {
        long[] o = offsets;
        if (o != null) return o;
        synchronized (this) {
            if (offsets != null) return offsets;
            if (head.count() > Integer.MAX_VALUE - 16) throw new IllegalStateException("too many string elements to index");
            BjReader r = BjReader.silent(doc).at(head.bodyStart());
            int n = (int) head.count();
            o = new long[n + 1];
            for (int i = 0; i < n; i++) {
                o[i] = r.pos();
                r.uflex("string element");
            }
            o[n] = r.pos();
            offsets = o;
            return o;
        }
    }
}
