package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

/** The benchmark matrix decodes to the checksums its MANIFEST gives (when the shared folder is present). */
@PureJavaRerun
class BpcellsBenchDataTest {

    @Test
    void benchMatrixChecksums() {
        Path dir = Fixtures.sharedOrSkip("bench/bpcells/mat_20000x5000_packed_dir");
        FolderArrayStore store = new FolderArrayStore(dir);
        BpcellsMatrix m = BpcellsMatrix.open(store, store.readVersion());
        assertTrue(m.diagnostics().isEmpty(), m.diagnostics().toString());
        assertEquals(4997317, m.nnz());
        long[] sums = new long[4];
        m.forEachEntry((r, c, v) -> {
            sums[0] += v;
            sums[1] += r;
            sums[2] += r * v;
            sums[3]++;
        }, Progress.NONE);
        assertEquals(15191637L, sums[0]);
        assertEquals(49989166600L, sums[1]);
        assertEquals(153078619296L, sums[2]);
        assertEquals(4997317L, sums[3]);
        assertEquals(4997317L, m.decodeAll(Progress.NONE));
        assertEquals(4997317L, m.decodeAll(Progress.NONE, 3));
        // the bulk read's decode: on one thread, and in entry ranges on several threads, the same entries
        assertEquals(49989166600L + 15191637L, m.checksum(1));
        assertEquals(49989166600L + 15191637L, m.checksum(3));
    }
}
