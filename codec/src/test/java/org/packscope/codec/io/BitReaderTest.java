package org.packscope.codec.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BitReaderTest {

    @Test
    void readsLeastSignificantBitFirst() {
        // 0b1011_0101, 0b0000_0011
        BitReader r = new BitReader(ByteSource.of(new byte[] {(byte) 0xb5, 0x03}, "t"), 0);
        assertEquals(0b101, r.readBits(3));
        assertEquals(3, r.bitPosition());
        assertEquals(0b10110, r.readBits(5));
        assertEquals(0b11, r.readBits(2));
        assertEquals(10, r.bitPosition());
    }

    @Test
    void fieldsMayStraddleBytesAndStartAnywhere() {
        BitReader r = new BitReader(ByteSource.of(new byte[] {(byte) 0xf0, (byte) 0x0f}, "t"), 4);
        assertEquals(0xff, r.readBits(8));
        r.seek(0);
        assertEquals(0x0ff0, r.readBits(16));
    }

    @Test
    void reads64BitsAtAnOddOffset() {
        byte[] b = new byte[10];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (0x11 * (i + 1));
        BitReader r = new BitReader(ByteSource.of(b, "t"), 4);
        long expected = 0;
        for (int i = 0; i < 64; i++) {
            int bit = 4 + i;
            expected |= (long) ((b[bit >>> 3] >>> (bit & 7)) & 1) << i;
        }
        assertEquals(expected, r.readBits(64));
    }

    @Test
    void readingPastTheEndIsReportedNotGuessed() {
        BitReader r = new BitReader(ByteSource.of(new byte[] {1}, "t"), 6);
        assertThrows(OutOfRangeException.class, () -> r.readBits(3));
        assertEquals(6, r.bitPosition());
    }
}
