package org.packscope.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write is refused onto or into an input, and an interrupted write leaves the old file and no half file. */
class SafeOutputTest {
    @TempDir
    Path dir;

    @Test
    void anInterruptedWriteLeavesTheOldFileWhole() throws Exception {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old");
        assertThrows(IOException.class, () -> SafeOutput.write(target, List.of(), out -> {
            out.write(new byte[100_000]);
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(target));
        try (var s = Files.list(dir)) {
            assertEquals(List.of(target), s.toList(), "no temporary file left");
        }
        SafeOutput.write(target, List.of(), out -> out.write("new".getBytes()));
        assertEquals("new", Files.readString(target));
    }

    @Test
    void refusesTheInputByAnyName() throws Exception {
        Path in = dir.resolve("in.pco");
        Files.writeString(in, "data");
        Path sub = Files.createDirectories(dir.resolve("sub"));
        Files.createSymbolicLink(sub.resolve("up"), dir);
        for (Path t : new Path[] {in, sub.resolve("up/in.pco"), dir.resolve("sub/../in.pco")}) {
            SafeOutput.Refused e = assertThrows(SafeOutput.Refused.class, () -> SafeOutput.write(t, List.of(in), out -> out.write(1)));
            assertTrue(e.getMessage().contains("never written"), e.getMessage());
        }
        assertThrows(SafeOutput.Refused.class, () -> SafeOutput.write(sub.resolve("x.csv"), List.of(dir), out -> out.write(1)));
        assertEquals("data", Files.readString(in));
    }
}
