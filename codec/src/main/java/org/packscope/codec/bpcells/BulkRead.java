package org.packscope.codec.bpcells;

import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Progress;

/**
 * The whole-matrix read {@code bench} times: every entry's index and value decoded, in
 * entry ranges of {@link #TASK_ENTRIES} on up to N threads. Each thread keeps one reader
 * and one small block of buffers for all the ranges it takes, so nothing is allocated per
 * range, and the block ({@link #BLOCK} entries) stays in the core's own cache between the
 * decode that writes it and the sink that reads it: threads do not compete for memory
 * bandwidth over buffers that would otherwise be written out and read back.
 */
final class BulkRead {
    /** Entries per parallel task: whole BP128 chunks, a few MB of work. */
    static final int TASK_ENTRIES = 1 << 18;
    /** Entries decoded per block: the block's indices and values (128 KiB) stay in a core's L2. */
    static final int BLOCK = 1 << 14;

    private BulkRead() { }

    /**
     * Decodes entries {@code [0, nnz)} on up to {@code threads} threads. With {@code sum}, returns
     * the sum of minor indices and values (widened unsigned); without, a token that depends
     * on the last decoded entry of every block (enough to keep the decode from being dead code).
     */
    static long run(BpcellsMatrix m, Progress progress, int threads, boolean sum) {
        long nnz = m.nnz();
        int tasks = (int) Math.min(Integer.MAX_VALUE, (nnz + TASK_ENTRIES - 1) / TASK_ENTRIES);
        // only the folder store's memory-mapped arrays are known to take reads from many threads
        if (threads <= 1 || tasks <= 1 || !(m.store() instanceof FolderArrayStore)) {
            return new Worker(m, sum).range(0, nnz, progress);
        }
        return ParallelTasks.sum(tasks, threads, progress, worker -> {
            Worker w = new Worker(m, sum);
            return i -> w.range((long) i * TASK_ENTRIES, Math.min(nnz, (long) (i + 1) * TASK_ENTRIES), Progress.NONE);
        });
    }

    /** One thread's reader and buffers. */
    private static final class Worker {
        private final EntryReader reader;
        private final boolean sum;
        private final int[] minor = new int[BLOCK];
        private final int[] v32;
        private final long[] v64;

        Worker(BpcellsMatrix m, boolean sum) {
            this.reader = new EntryReader(m);
            this.sum = sum;
            this.v32 = reader.wide() ? null : new int[BLOCK];
            this.v64 = reader.wide() ? new long[BLOCK] : null;
        }

        long range(long from, long to, Progress progress) {
            long acc = 0;
            int blocks = 0;
            for (long at = from; at < to; at += BLOCK) {
                if ((blocks++ & 255) == 0) {
                    progress.checkCancelled();
                    progress.update((double) (at - from) / (to - from), "decoding entries");
                }
                int len = (int) Math.min(BLOCK, to - at);
                reader.read(at, len, minor, v32, v64, 0);
                acc += sum ? sum(len) : minor[len - 1] + (v64 != null ? v64[len - 1] : v32[len - 1]);
            }
            return acc;
        }

        private long sum(int len) {
            long s = 0;
            if (v64 != null) {
                for (int i = 0; i < len; i++) s += (minor[i] & 0xffffffffL) + v64[i];
            } else {
                for (int i = 0; i < len; i++) s += (minor[i] & 0xffffffffL) + (v32[i] & 0xffffffffL);
            }
            return s;
        }
    }
}
