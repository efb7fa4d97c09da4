package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.jhdf.HdfFile;
import io.jhdf.api.dataset.ChunkedDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/**
 * The szip filter (HDF5 filter 4) against {@code fixtures/hdf5-real/szip.h5}, written by
 * h5py through libaec (see make_fixtures.py; its values are checked against h5py's in
 * {@link Hdf5RealTypesTest}), and damaged szip chunks: each is a diagnostic at a byte,
 * never another exception.
 */
class SzipFilterTest {
    private static final Path SZIP = Fixtures.resource("fixtures/hdf5-real/szip.h5");

    private static final List<String> DATASETS = List.of("i8_nn", "u8_ec", "i16_nn_be", "u16_ec", "u16_extremes", "i32_nn",
            "i32_be_ec", "u32_nn", "i64_nn", "i64_be_ec", "u64_nn", "f32_nn", "f32_be_ec", "f64_nn", "f64_be", "zeros_i16",
            "narrow_chunk", "long_scanline", "u12_nn");

    /** The first szip-coded chunk of a dataset as stored, and its szip parameters. */
    private record Stored(byte[] chunk, int[] params) { }

    private static Stored firstChunk(String dataset) throws java.io.IOException {
        Hdf5Filters.register();
        try (HdfFile f = new HdfFile(SZIP)) {
            ChunkedDataset d = (ChunkedDataset) f.getDatasetByPath(dataset);
            // chunks szip could not shrink are stored as they are (filter mask bit 0 set)
            ChunkIndex index = ChunkIndex.of(d, org.packscope.codec.io.ByteSource.open(SZIP), f.getUserBlockSize());
            ChunkIndex.Entry coded = null;
            for (long i = 0; i < index.count(); i++) {
                ChunkIndex.Entry e = index.get(i);
                if (e.mask().isEmpty() && (coded == null || e.address() < coded.address())) coded = e;
            }
            ByteBuffer b = d.getRawChunkBuffer(java.util.Arrays.stream(coded.origin()).mapToInt(Math::toIntExact).toArray());
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            return new Stored(chunk, d.getFilters().get(0).getFilterData());
        }
    }

    @Test
    void everyWidthOrderAndOptionDecodesAndTheValuesAreShown() throws Exception {
        Node root = FormatRegistry.standard().open(SZIP);
        for (String p : DATASETS) {
            Node n = root.find(p);
            assertNotNull(n, p);
            ValueColumn c = n.values();
            assertNotNull(c, p + ": " + n.diagnostics());
            byte[] all = new byte[(int) c.count() * c.type().byteWidth()];
            c.readRaw(0, (int) c.count(), all, 0);
            assertTrue(n.diagnostics().isEmpty(), p + ": " + n.diagnostics());
        }
        Node root2 = FormatRegistry.standard().open(SZIP);
        assertEquals("3", root2.find("zeros_i16").values().text(5000));
        assertEquals("0", root2.find("zeros_i16").values().text(8000));
        assertEquals("65535", root2.find("u16_extremes").values().text(30));
        assertEquals("Infinity", root2.find("f64_be").values().text(300));
        assertEquals("147", root2.find("narrow_chunk").values().text(49));
    }

    @Test
    void theChunkIsTheSizeItClaims() throws Exception {
        for (String p : DATASETS) {
            Stored s = firstChunk(p);
            byte[] out = new SzipFilter().decode(s.chunk(), s.params());
            long claimed = ByteBuffer.wrap(s.chunk(), 0, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
            assertEquals(claimed, out.length, p);
        }
    }

    @Test
    void aTruncatedStreamIsDamageAtTheByteWhereItEnds() throws Exception {
        Stored s = firstChunk("i32_nn");
        byte[] cut = java.util.Arrays.copyOf(s.chunk(), s.chunk().length / 2);
        FilterDamage e = assertThrows(FilterDamage.class, () -> new SzipFilter().decode(cut, s.params()));
        assertTrue(e.offset >= cut.length - 8 && e.offset <= cut.length, e.offset + " of " + cut.length);
        assertTrue(e.getMessage().contains("ends in the middle of a block"), e.getMessage());
    }

    @Test
    void impossibleParametersAndSizesAreRefusedBeforeAnythingIsAllocated() throws Exception {
        Stored s = firstChunk("i16_nn_be");
        int[] p = s.params();
        for (int[] bad : List.of(new int[] {p[0], 7, p[2], p[3]}, new int[] {p[0], 0, p[2], p[3]}, new int[] {p[0], p[1], 33, p[3]},
                new int[] {p[0], p[1], 0, p[3]}, new int[] {p[0], p[1], p[2], 0}, new int[] {p[0], p[1], p[2], Integer.MAX_VALUE},
                new int[] {p[0], p[1]})) {
            FilterDamage e = assertThrows(FilterDamage.class, () -> new SzipFilter().decode(s.chunk(), bad));
            assertEquals(0, e.offset, java.util.Arrays.toString(bad));
        }
        byte[] huge = s.chunk().clone();
        huge[0] = huge[1] = huge[2] = huge[3] = (byte) 0xff;
        FilterDamage e = assertThrows(FilterDamage.class, () -> new SzipFilter().decode(huge, p));
        assertTrue(e.getMessage().contains("4294967295"), e.getMessage());
        assertThrows(FilterDamage.class, () -> new SzipFilter().decode(new byte[3], p));
        // 16-bit samples in padded scanlines (pps 10, 8 per block): an odd decoded size is no whole sample
        byte[] odd = s.chunk().clone();
        ByteBuffer.wrap(odd, 0, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(21);
        FilterDamage half = assertThrows(FilterDamage.class, () -> new SzipFilter().decode(odd, new int[] {p[0], 8, 16, 10}));
        assertTrue(half.getMessage().contains("whole number"), half.getMessage());
    }

    @Test
    void aZeroRunPastItsIntervalIsDamage() throws Exception {
        // 8-bit samples, blocks of 8, one block per interval: id 000, then 0 (zero block),
        // then the reference, then a fundamental sequence 0001 (fs 3: four zero blocks)
        byte[] chunk = {16, 0, 0, 0, 0b000_0_0000, 0b0001_0001, 0};
        FilterDamage e = assertThrows(FilterDamage.class, () -> new SzipFilter().decode(chunk, new int[] {SzipFilter.OPTION_NN, 8, 8, 8}));
        assertTrue(e.getMessage().contains("zero blocks"), e.getMessage());
        assertEquals(4, e.offset);
    }

    @Test
    void aZeroBlockRepeatsTheReference() throws Exception {
        // reference 0x2a then the remaining 7 residuals zero (fs 0: one zero block)
        byte[] chunk = {8, 0, 0, 0, 0b000_0_0010, (byte) 0b1010_1000};
        assertArrayEquals(new byte[] {42, 42, 42, 42, 42, 42, 42, 42},
                new SzipFilter().decode(chunk, new int[] {SzipFilter.OPTION_NN, 8, 8, 8}));
    }

    @Test
    void randomDamageIsOnlyEverFilterDamage() throws Exception {
        Random r = new Random(4);
        int damaged = 0;
        for (String p : DATASETS) {
            Stored s = firstChunk(p);
            for (int trial = 0; trial < 200; trial++) {
                byte[] c = s.chunk().clone();
                int flips = 1 + r.nextInt(4);
                for (int i = 0; i < flips; i++) c[4 + r.nextInt(c.length - 4)] ^= (byte) (1 << r.nextInt(8));
                if (r.nextInt(4) == 0) c = java.util.Arrays.copyOf(c, 4 + r.nextInt(c.length - 4));
                try {
                    new SzipFilter().decode(c, s.params());
                } catch (FilterDamage e) {
                    damaged++;
                    assertTrue(e.offset >= 0 && e.offset <= c.length, e.offset + " of " + c.length);
                }
            }
        }
        assertTrue(damaged > 100, "damage found in " + damaged + " mutants");
    }

    @Test
    void aDamagedChunkIsADiagnosticAtItsByteOfTheFileAndItsSiblingsStay(@TempDir Path tmp) throws Exception {
        byte[] file = Files.readAllBytes(SZIP);
        Stored s = firstChunk("i32_nn");
        int at = indexOf(file, s.chunk());
        assertTrue(at > 0);
        // claim 4 times the bytes: the stream ends long before
        byte[] damaged = file.clone();
        int size = ByteBuffer.wrap(s.chunk(), 0, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        ByteBuffer.wrap(damaged, at, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(size * 4);
        Path copy = tmp.resolve("damaged.h5");
        Files.write(copy, damaged);
        Node root = FormatRegistry.standard().open(copy);
        Node n = root.find("i32_nn");
        // a deep check reports the chunk where its stream fails, at that byte of the file
        List<org.packscope.codec.inspect.Diagnostic> found = new ArrayList<>();
        n.facet(org.packscope.codec.inspect.Verifier.class).verify(found::add, org.packscope.codec.inspect.Progress.NONE);
        assertEquals(1, found.size(), found.toString());
        var d = found.get(0);
        assertEquals("hdf5_filter_damaged", d.rule());
        assertTrue(d.span().byteOffset() > at && d.span().byteOffset() <= at + s.chunk().length, d.span().byteOffset() + " not in the chunk at " + at);
        // the chunk stored first holds rows 32 to 39 (HDF5 wrote the partial edge chunk first)
        assertTrue(d.message().contains("szip") && d.message().contains("chunk at [32, 0]"), d.message());
        assertTrue(d.message().contains("byte " + d.span().byteOffset() + " of the file"), d.message());
        assertFalse(d.message().contains("Exception"), d.message());
        // its values are gaps that say why; the chunks after it decode
        ValueColumn c = n.values();
        assertTrue(c.mayHaveGaps());
        byte[] gaps = new byte[(int) c.count()];
        c.gaps(0, gaps, 0, gaps.length);
        int undecodable = 0;
        for (byte g : gaps) if (g == ValueColumn.UNDECODABLE) undecodable++;
        assertEquals(8 * 50, undecodable, "the rows of that one chunk");
        assertEquals(ValueColumn.UNDECODABLE, gaps[32 * 50]);
        assertEquals(ValueColumn.PRESENT, gaps[0]);
        assertTrue(c.gapReason(32 * 50).contains("szip"), c.gapReason(32 * 50));
        assertEquals(null, c.gapReason(0));
        assertEquals(FormatRegistry.standard().open(SZIP).find("i32_nn").values().text(0), c.text(0), "a chunk before it is intact");
        assertEquals("0", root.find("zeros_i16").values().text(0));
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        List<Integer> found = new ArrayList<>();
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            found.add(i);
        }
        assertEquals(1, found.size(), "the chunk's bytes occur once");
        return found.get(0);
    }
}
