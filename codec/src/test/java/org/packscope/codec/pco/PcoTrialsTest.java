package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.packscope.codec.compress.TrialCodec;

/** Pco survey trials give back every byte, for every element size and float kind they offer. */
class PcoTrialsTest {

    @Test
    void everySettingGivesBackEveryByte() {
        TrialCodec pco = TrialCodec.all().stream().filter(c -> c.family().equals("Pco")).findFirst().orElseThrow();
        Random r = new Random(8);
        int tried = 0;
        for (int typesize : new int[] {1, 2, 4, 8}) {
            for (boolean floating : new boolean[] {false, true}) {
                byte[] raw = new byte[typesize * 3001];
                // small numbers with random low bytes: every byte pattern, most of them compressible
                for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % typesize == typesize - 1 && typesize > 1 ? r.nextInt(3) : r.nextInt(256));
                for (String s : pco.settings(typesize, floating)) {
                    byte[] enc = pco.encode(raw, typesize, s);
                    byte[] back = new byte[raw.length];
                    pco.decode(enc, back, typesize, s);
                    assertArrayEquals(raw, back, s);
                    assertEquals(".pco", pco.fileSuffix(s));
                    tried++;
                }
            }
        }
        assertEquals(7 * 3, tried);
        assertEquals(List.of(), pco.settings(3, false));
        assertTrue(pco.settings(8, true).contains("f64 · level 8"), pco.settings(8, true).toString());
    }
}
