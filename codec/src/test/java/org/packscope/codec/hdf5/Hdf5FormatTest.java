package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.CpuBound;

class Hdf5FormatTest {
    private final Path file = Fixtures.resource("fixtures/hdf5/multi.h5");

    /** A file node with plain groups only, whatever other formats are registered. */
    private Node open() {
        return new Hdf5Format(java.util.List.of()).open(file, FormatRegistry.standard());
    }

    @Test
    void recordsTheSignatureAndSuperblock() {
        Node n = open();
        Field sig = n.fields().stream().filter(f -> f.name().equals("signature")).findFirst().orElseThrow();
        assertEquals(0, sig.span().byteOffset());
        assertEquals(64, sig.bitWidth());
        Field sb = n.fields().stream().filter(f -> f.name().equals("superblock version")).findFirst().orElseThrow();
        assertEquals(8, sb.span().byteOffset());
        assertEquals("0", sb.value());
    }

    @Test
    void datasetsOfferTheirValues() {
        Node idxptr = open().find("mats/a/idxptr");
        assertNotNull(idxptr);
        ValueColumn v = idxptr.values();
        assertEquals(ValueType.U64, v.type());
        assertEquals(51, v.count());
        long[] page = new long[51];
        v.read(0, page, 0, 51);
        assertEquals(0, page[0]);
        for (int i = 1; i < page.length; i++) assertTrue(page[i] >= page[i - 1], "idxptr is monotone");
        byte[] raw = new byte[51 * 8];
        v.readRaw(0, 51, raw, 0);
        assertEquals(page[50], java.nio.ByteBuffer.wrap(raw).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(50 * 8));
    }

    @Test
    void attributesAndStringsAreShown() {
        Node a = open().find("mats/a");
        assertTrue(a.fields().stream().anyMatch(f -> f.name().equals("@version") && f.value().endsWith("-matrix-v2")));
        Node names = a.child("col_names");
        assertEquals(ValueType.TEXT, names.values().type());
        assertEquals("cell0001", names.values().text(0));
    }

    @Test
    void corruptFileGivesDiagnosticsNotExceptions(@TempDir Path dir) throws Exception {
        byte[] b = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.h5");
        Files.write(cut, java.util.Arrays.copyOf(b, 600));
        Node n = new Hdf5Format(java.util.List.of()).open(cut, FormatRegistry.standard());
        var walk = org.packscope.codec.analysis.TreeWalk.diagnostics(n, true, 1000, org.packscope.codec.inspect.Progress.NONE);
        assertTrue(walk.stream().anyMatch(l -> l.diagnostic().severity() == org.packscope.codec.inspect.Severity.ERROR));
    }

    /** A fuzzing find: jhdf spent seconds on a header claiming 795 MB; the size is now checked first. */
    @Test
    void anObjectHeaderClaimingMoreThanTheFileIsReportedNotRead() {
        var found = problemsWithin(2, 1000,
                Fixtures.resource("org/packscope/codec/fuzz/BpcellsFuzzFindings/hdf5-slow-root-attributes-jhdf.h5"));
        var d = found.stream().filter(l -> l.diagnostic().rule().equals("hdf5_object_header_too_large")).findFirst().orElseThrow();
        assertEquals(104, d.diagnostic().span().byteOffset());
        assertTrue(d.diagnostic().message().contains("795570799 bytes"), d.diagnostic().message());
    }

    /** A fuzzing find: a group linked into its own subtree made the walk endless (272 s before the fuzzer gave up). */
    @Test
    void aGroupLinkedBelowItselfIsShownNotFollowed() {
        var found = problemsWithin(5, 100_000, Fixtures.resource("fixtures/hdf5/link-loop-fuzz-find.h5"));
        assertTrue(found.stream().anyMatch(l -> l.diagnostic().rule().equals("hdf5_link_loop")
                && l.diagnostic().message().startsWith("'mats' is the group at byte 800")), found.toString());
    }

    /** Opens a file and collects its problems (verifiers run, at most {@code maxNodes} nodes), failing after {@code seconds} of CPU time. */
    private static java.util.List<org.packscope.codec.analysis.TreeWalk.Located> problemsWithin(int seconds, int maxNodes, Path file) {
        return CpuBound.within(java.time.Duration.ofSeconds(seconds), "the walk of " + file.getFileName(), () ->
                org.packscope.codec.analysis.TreeWalk.diagnostics(FormatRegistry.standard().open(file), true, maxNodes,
                        org.packscope.codec.inspect.Progress.NONE));
    }
}
