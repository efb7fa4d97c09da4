package org.packscope.codec.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.testing.CpuBound;

/** Folders that try to hang or crash a browser: loops, FIFOs, broken links, huge listings. */
class HostileFolderTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    @Test
    void symlinkLoopsAreShownNotFollowed(@TempDir Path dir) throws Exception {
        Path inner = Files.createDirectories(dir.resolve("a/b"));
        Files.createSymbolicLink(inner.resolve("up"), dir.resolve("a"));
        Files.createSymbolicLink(inner.resolve("self"), inner);
        var found = CpuBound.within(Duration.ofSeconds(10), "a walk through symlink loops",
                () -> TreeWalk.diagnostics(registry.open(dir), true, 100_000, Progress.NONE));
        assertEquals(2, found.stream().filter(l -> l.diagnostic().rule().equals("symlink_loop")).count());
        Node b = registry.open(dir).find("a/b");
        assertEquals("link", b.child("up").kind());
    }

    @Test
    void fifosAndBrokenLinksAreNeverOpened(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, p.waitFor());
        Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
        Node folder = registry.open(dir);
        // a FIFO opened would block with no CPU spent: CpuBound's hang limit ends that
        var found = CpuBound.within(Duration.ofSeconds(10), "a walk past a FIFO",
                () -> TreeWalk.diagnostics(folder, true, 1000, Progress.NONE));
        assertEquals(2, found.stream().filter(l -> l.diagnostic().rule().equals("not_regular_file")
                || l.diagnostic().rule().equals("missing_file")).count(), found.toString());
        assertEquals("special", folder.child("pipe").kind());
    }

    @Test
    void aHundredThousandEntriesListQuicklyAndOpenOnlyWhenLookedAt(@TempDir Path dir) throws Exception {
        for (int i = 0; i < 100_000; i++) Files.createFile(dir.resolve(String.format("f%06d", i)));
        Node folder = registry.open(dir);
        int count = CpuBound.within(Duration.ofSeconds(5), "listing 100,000 entries", folder::childCount);
        assertEquals(100_000, count);
        Node last = folder.children().get(99_999);
        assertEquals("f099999", last.name());
        assertTrue(!last.isLoaded(), "an entry is opened only when looked at");
    }
}
