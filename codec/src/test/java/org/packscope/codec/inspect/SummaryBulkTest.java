package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Folding integers in bulk gives the summary that folding them one by one gives, sums past 2^64 included. */
class SummaryBulkTest {

    @Test
    void bulkFoldMatchesOneByOne() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (ValueType t : List.of(ValueType.I64, ValueType.U64, ValueType.I32, ValueType.U32, ValueType.I8)) {
            for (int run = 0; run < 20; run++) {
                long[] v = new long[1 + rnd.nextInt(3000)];
                for (int i = 0; i < v.length; i++) {
                    long x = switch (run % 4) {
                        case 0 -> rnd.nextLong();
                        case 1 -> Long.MAX_VALUE - rnd.nextInt(10); // sums carry past 64 bits
                        case 2 -> Long.MIN_VALUE + rnd.nextInt(10);
                        default -> rnd.nextInt(1000) - 500;
                    };
                    v[i] = t.normalize(x);
                }
                Summary.Accumulator one = new Summary.Accumulator(t);
                for (long x : v) one.addInteger(x);
                Summary.Accumulator bulk = new Summary.Accumulator(t);
                int cut = rnd.nextInt(v.length + 1);
                bulk.addIntegers(v, 0, cut);
                bulk.addIntegers(v, cut, cut); // an empty run changes nothing
                bulk.addIntegers(v, cut, v.length);
                assertEquals(one.summary(v.length), bulk.summary(v.length), t.label() + " run " + run);
            }
        }
    }
}
