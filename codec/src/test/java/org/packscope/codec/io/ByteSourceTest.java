package org.packscope.codec.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ByteSourceTest {

    @Test
    void littleEndianReadsAndSlices() {
        ByteSource s = ByteSource.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, (byte) 0xff}, "t");
        assertEquals(0x0201, s.u16le(0));
        assertEquals(0x04030201L, s.u32le(0));
        assertEquals(0x0807060504030201L, s.i64le(0));
        assertEquals(255, s.u8(8));
        ByteSource slice = s.slice(2, 3);
        assertEquals(3, slice.size());
        assertEquals(3, slice.u8(0));
        assertThrows(OutOfRangeException.class, () -> slice.u8(3));
    }

    @Test
    void outOfRangeReadsNameTheMissingBytes() {
        ByteSource s = ByteSource.of(new byte[4], "t");
        OutOfRangeException e = assertThrows(OutOfRangeException.class, () -> s.i64le(2));
        assertEquals(2, e.offset());
        assertEquals(8, e.length());
        assertEquals(4, e.size());
        assertFalse(s.has(2, 3));
        assertTrue(s.has(4, 0));
        assertFalse(s.has(-1, 1));
        assertFalse(s.has(0, Long.MAX_VALUE));
    }

    @Test
    void mappedFileReadsWithoutChangingTheFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("data.bin");
        byte[] content = new byte[10_000];
        for (int i = 0; i < content.length; i++) content[i] = (byte) (i * 7);
        Files.write(f, content);
        Files.setLastModifiedTime(f, FileTime.fromMillis(1_000_000_000L));
        ByteSource s = ByteSource.open(f);
        assertEquals(content.length, s.size());
        byte[] back = new byte[content.length];
        s.read(0, back, 0, back.length);
        assertArrayEquals(content, back);
        assertEquals(content[9999] & 0xff, s.u8(9999));
        assertThrows(OutOfRangeException.class, () -> s.get(10_000));
        assertEquals(1_000_000_000L, Files.getLastModifiedTime(f).toMillis());
        assertArrayEquals(content, Files.readAllBytes(f));
    }

    @Test
    void emptyFileHasNoBytes(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("empty");
        Files.write(f, new byte[0]);
        ByteSource s = ByteSource.open(f);
        assertEquals(0, s.size());
        assertThrows(OutOfRangeException.class, () -> s.get(0));
    }
}
