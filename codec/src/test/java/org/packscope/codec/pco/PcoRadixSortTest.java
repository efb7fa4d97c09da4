package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The encoder's latent sort agrees with a comparison sort in unsigned order, on each of its paths. */
class PcoRadixSortTest {

    @ParameterizedTest(name = "{0} latents, {1} random bits, offset {2}")
    @CsvSource({
        "100, 64, 0",             // few: compared
        "5000, 10, 7",            // narrow: counted
        "5000, 20, 0",            // three varying bytes: radix
        "300000, 64, 0",          // every byte varies, the sign bit too
        "70000, 40, -4096",       // clustered just under 2^64 (unsigned wrap)
        "1, 64, 0",
        "0, 64, 0",
    })
    void sortsUnsignedLikeAComparisonSort(int m, int randomBits, long offset) {
        Random r = new Random(m * 31L + randomBits);
        long[] lat = new long[m + 3];
        for (int i = 0; i < lat.length; i++) lat[i] = offset + (randomBits == 64 ? r.nextLong() : r.nextLong() >>> (64 - randomBits));
        long[] input = lat.clone();
        Long[] expected = new Long[m];
        for (int i = 0; i < m; i++) expected[i] = lat[i];
        Arrays.sort(expected, Long::compareUnsigned);
        long[] sorted = PcoRadixSort.sortedUnsigned(lat, m);
        assertArrayEquals(Arrays.stream(expected).mapToLong(Long::longValue).toArray(), sorted);
        assertArrayEquals(input, lat, "the latents given are left as they were");
    }
}
