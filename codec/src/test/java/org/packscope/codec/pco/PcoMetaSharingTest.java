package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.packscope.codec.pco.PcoEncoder.DeltaChoice;
import org.packscope.codec.pco.PcoEncoder.ModeChoice;
import org.packscope.codec.pco.PcoEncoder.Options;
import org.packscope.codec.pco.PcoFile.Chunk;

/** Chunks whose metadata is stored in the same bits hold one parse of it; others their own. */
class PcoMetaSharingTest {

    private static PcoFile open(byte[] b) {
        return PcoFile.open("shared", Arrays.copyOf(b, b.length + PageDecoder.PADDING), b.length);
    }

    private static final Options CLASSIC_1K = Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE)
            .withChunkSize(1000);

    @Test
    void chunksOfTheSameValuesShareOneMetadata() {
        long[] d = new long[8000];
        for (int i = 0; i < d.length; i++) d[i] = i % 1000; // eight chunks of 0..999: the same bins each
        List<Chunk> chunks = open(PcoEncoder.encode(NumberType.I64, d, d.length, CLASSIC_1K)).chunks();
        assertEquals(8, chunks.size());
        for (Chunk c : chunks) assertSame(chunks.get(0).meta(), c.meta(), "chunk " + c.index());
    }

    @Test
    void chunksOfOtherValuesKeepTheirOwnAndEachEqualsItsOwnParse() {
        long[] d = new long[8000];
        for (int i = 0; i < d.length; i++) d[i] = (i % 1000) * (1 + i / 1000); // each chunk spans a wider range
        byte[] file = PcoEncoder.encode(NumberType.I64, d, d.length, CLASSIC_1K);
        List<Chunk> chunks = open(file).chunks();
        assertEquals(8, chunks.size());
        for (int i = 1; i < chunks.size(); i++) assertNotSame(chunks.get(0).meta(), chunks.get(i).meta(), "chunk " + i);
        // a file of one of those chunks alone parses to metadata equal to what the whole file kept
        for (int i = 0; i < chunks.size(); i++) {
            long[] one = Arrays.copyOfRange(d, i * 1000, (i + 1) * 1000);
            Chunk alone = open(PcoEncoder.encode(NumberType.I64, one, one.length, CLASSIC_1K)).chunks().get(0);
            assertEquals(alone.meta(), chunks.get(i).meta(), "chunk " + i);
        }
    }

    @Test
    void theSameBytesOfAnotherTypeAreNotTheSameMetadata() {
        byte[] data = {1, 2, 3, 4, 5};
        MetaBits a = new MetaBits(NumberType.I64, data, 8, 32);
        assertEquals(a, new MetaBits(NumberType.I64, data.clone(), 8, 32));
        assertTrue(!a.equals(new MetaBits(NumberType.U64, data, 8, 32)));
        assertTrue(!a.equals(new MetaBits(NumberType.I64, data, 9, 32)));
        assertTrue(!a.equals(new MetaBits(NumberType.I64, data, 8, 40)));
    }
}
