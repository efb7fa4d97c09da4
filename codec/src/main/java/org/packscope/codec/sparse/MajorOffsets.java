package org.packscope.codec.sparse;

/**
 * A non-decreasing sequence of entry offsets (a checked {@code indptr}), held in blocks of
 * {@value #BLOCK}: a block whose offsets are all equal (rows without entries) costs one
 * long, the others one byte, short or int per offset above the block's first. 30 million
 * empty rows take a quarter of a megabyte instead of 240 MB of longs.
 */
final class MajorOffsets {
    static final int BLOCK = 4096;

    private final int size;
    private final long[] base;
    /** Per block: null (all equal to the base), or a byte[], short[], int[] or long[] of offsets above it. */
    private final Object[] rest;

    private MajorOffsets(int size, long[] base, Object[] rest) {
        this.size = size;
        this.base = base;
        this.rest = rest;
    }

    /** {@code n} zeros (no entries in any of n - 1 majors). */
    static MajorOffsets zeros(int n) {
        Builder b = new Builder(n);
        for (int i = 0; i < n; i++) b.add(0);
        return b.build();
    }

    int size() { return size; }

    long get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i + " of " + size);
        int b = i / BLOCK, k = i % BLOCK;
        Object r = rest[b];
        long above;
        if (r == null) above = 0;
        else if (r instanceof byte[] x) above = x[k] & 0xff;
        else if (r instanceof short[] x) above = x[k] & 0xffff;
        else if (r instanceof int[] x) above = x[k] & 0xffffffffL;
        else above = ((long[]) r)[k];
        return base[b] + above;
    }

    /** Offsets added one at a time, in order; each block is packed when it is full. */
    static final class Builder {
        private final int size;
        private final long[] base;
        private final Object[] rest;
        private final long[] block = new long[BLOCK];
        private int added;

        Builder(int size) {
            this.size = size;
            int blocks = (int) ((size + (long) BLOCK - 1) / BLOCK);
            this.base = new long[blocks];
            this.rest = new Object[blocks];
        }

        void add(long v) {
            if (added >= size) throw new IllegalStateException("more than " + size + " offsets");
            block[added % BLOCK] = v;
            added++;
            if (added % BLOCK == 0 || added == size) pack((added - 1) / BLOCK, (added - 1) % BLOCK + 1);
        }

        private void pack(int b, int n) {
            long lo = block[0], hi = block[0];
            for (int i = 1; i < n; i++) {
                lo = Math.min(lo, block[i]);
                hi = Math.max(hi, block[i]);
            }
            base[b] = lo;
            long range = hi - lo;
            if (range == 0) return;
            if (range < 0 || range > 0xffffffffL) {
                long[] x = new long[n];
                for (int i = 0; i < n; i++) x[i] = block[i] - lo;
                rest[b] = x;
            } else if (range <= 0xff) {
                byte[] x = new byte[n];
                for (int i = 0; i < n; i++) x[i] = (byte) (block[i] - lo);
                rest[b] = x;
            } else if (range <= 0xffff) {
                short[] x = new short[n];
                for (int i = 0; i < n; i++) x[i] = (short) (block[i] - lo);
                rest[b] = x;
            } else {
                int[] x = new int[n];
                for (int i = 0; i < n; i++) x[i] = (int) (block[i] - lo);
                rest[b] = x;
            }
        }

        MajorOffsets build() {
            if (added != size) throw new IllegalStateException(added + " of " + size + " offsets added");
            return new MajorOffsets(size, base, rest);
        }
    }
}
