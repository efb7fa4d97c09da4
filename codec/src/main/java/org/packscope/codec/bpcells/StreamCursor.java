package org.packscope.codec.bpcells;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Layout;

/**
 * Sequential-friendly reader of one packed stream: keeps a window of data words and
 * the last decoded chunk, so scanning decodes every chunk once and column reads that
 * share a chunk do not decode it twice. Not thread-safe: one per traversal.
 */
final class StreamCursor {
    private static final int WINDOW = 1 << 16;

    private final ArrayStore store;
    private final PackedStream stream;
    private final Bp128Layout layout;
    private final String dataName;
    /** Grown on demand: a single column needs a few hundred words, a scan the full window. */
    private int[] window = new int[0];
    private long windowStart = 0;
    private int windowLen = 0;
    private final int[] chunk = new int[Bp128.CHUNK];
    private int cachedChunk = -1;
    private final ReadErrors errors;

    StreamCursor(ArrayStore store, PackedStream stream, ReadErrors errors) {
        this.store = store;
        this.stream = stream;
        this.layout = stream.layout();
        this.dataName = stream.dataName();
        this.errors = errors;
    }

    /**
     * Decodes values {@code [from, from+len)} into {@code out[off..]}. Values of chunks that
     * cannot be decoded are left as they are and {@code invalid[off+i]} is set to -1.
     */
    void read(long from, int len, int[] out, int off, int[] invalid) {
        // the window need not reach beyond this request: a single column reads only its chunks
        long lastChunk = Math.min(layout.chunks() - 1, (from + len - 1) >>> 7);
        long wordsEnd = lastChunk < 0 ? 0 : layout.wordStart((int) lastChunk + 1);
        while (len > 0) {
            int k = (int) (from >>> 7);
            int in = (int) (from & 127);
            int n = Math.min(len, Bp128.CHUNK - in);
            if (!stream.decodable(k)) {
                // the chunk the data's end cuts: its values before the end, the rest invalid
                int ok = Math.max(0, Math.min(n, stream.decodableValues(k) - in));
                if (ok > 0 && decodeCut(k)) System.arraycopy(chunk, in, out, off, ok);
                else ok = 0;
                java.util.Arrays.fill(invalid, off + ok, off + n, -1);
            } else if (!fetch(k, wordsEnd)) {
                java.util.Arrays.fill(invalid, off, off + n, -1);
            } else if (in == 0 && n == Bp128.CHUNK) {
                // this chunk and the whole ones after it that the window holds, in one loop
                int run = Bp128.decodeRun(stream.variant(), layout, stream.starts(), k, k + (len >>> 7),
                        window, windowStart, windowLen, out, off);
                if (run == 0) decodeInto(k, out, off); // not reached: chunk k passed the same checks
                else n = run * Bp128.CHUNK;
            } else {
                if (cachedChunk != k) {
                    decodeInto(k, chunk, 0);
                    cachedChunk = k;
                }
                System.arraycopy(chunk, in, out, off, n);
            }
            from += n;
            off += n;
            len -= n;
        }
    }

    /**
     * Decodes the cut chunk {@code k} into {@link #chunk} from the words present, the missing
     * ones read as zeros (only the values before them are used); false when they cannot be read.
     */
    private boolean decodeCut(int k) {
        if (cachedChunk == k) return true;
        Bp128Layout.Cut cut = layout.cut();
        long ws = layout.wordStart(k);
        int present = (int) (layout.dataWords() - ws);
        int[] words = new int[Bp128.words(cut.bits())];
        try {
            store.readInts(dataName, ws, words, 0, Math.min(present, words.length));
        } catch (RuntimeException e) {
            errors.add(dataName, e);
            return false;
        }
        Bp128.decode(stream.variant(), cut.bits(), stream.start(k), words, 0, chunk, 0);
        cachedChunk = k;
        return true;
    }

    private void decodeInto(int k, int[] out, int off) {
        int bits = layout.bits(k);
        Bp128.decode(stream.variant(), bits, stream.start(k), window, (int) (layout.wordStart(k) - windowStart), out, off);
    }

    /** Makes chunk k's words present in the window, reading ahead up to {@code wordsEnd} (a hint). */
    private boolean fetch(int k, long wordsEnd) {
        long ws = layout.wordStart(k);
        int words = Bp128.words(layout.bits(k));
        if (ws >= windowStart && ws + words <= windowStart + windowLen) return true;
        long want = Math.max(words, wordsEnd - ws);
        int n = (int) Math.min(Math.min(WINDOW, want), layout.dataWords() - ws);
        if (n < words) return false;
        if (window.length < n) window = new int[Math.max(n, Math.min(WINDOW, window.length * 2))];
        try {
            store.readInts(dataName, ws, window, 0, n);
        } catch (RuntimeException e) {
            // a ReadProblem is the store's report; anything else is a store breaking its
            // contract, which must not take the whole traversal down either
            windowLen = 0;
            errors.add(dataName, e);
            return false;
        }
        windowStart = ws;
        windowLen = n;
        cachedChunk = -1;
        return true;
    }
}
