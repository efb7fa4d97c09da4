package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.testing.TraceChecks;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

class BcolzTraceTest {
    static final Path DIR = BcolzFixtureTest.DIR;
    static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static Stream<String> carrays() throws Exception { return BcolzFixtureTest.carrays(); }

    static Stream<Arguments> ctableColumns() throws Exception { return BcolzFixtureTest.ctableColumns(); }

    @ParameterizedTest
    @MethodSource("carrays")
    void everyTracedValueEqualsTheDecodedOne(String name) {
        Node n = REGISTRY.open(DIR.resolve(name));
        ValueColumn col = n.values();
        if (col.count() == 0) {
            assertEquals(0, TraceChecks.sample(0, 5).size());
            return;
        }
        for (long k : TraceChecks.sample(col.count(), 50)) TraceChecks.check(n, k);
    }

    @ParameterizedTest
    @MethodSource("ctableColumns")
    void ctableColumnsTraceToo(String table, String column) {
        Node n = REGISTRY.resolve(DIR.resolve(table) + "::" + column).target();
        for (long k : TraceChecks.sample(n.values().count(), 30)) TraceChecks.check(n, k);
    }

    @ParameterizedTest
    @MethodSource("carrays")
    void everyFieldIsExplained(String name) {
        Set<String> kinds = new HashSet<>();
        TraceChecks.walkExplained(REGISTRY.open(DIR.resolve(name)), kinds);
        assertTrue(kinds.contains("bcolz-carray") && kinds.contains("json"), kinds.toString());
    }

    @Test
    void ctablesAreExplainedDownToTheBlocks() {
        Set<String> kinds = new HashSet<>();
        int fields = 0;
        for (String t : List.of("ctable_basic", "ctable_from_recarray_zstd")) {
            fields += TraceChecks.walkExplained(REGISTRY.open(DIR.resolve(t)), kinds);
        }
        assertTrue(kinds.containsAll(Set.of("bcolz-ctable", "bcolz-carray", "json", "bcolz-superchunk", "blosc-chunk", "blosc-block")),
                kinds.toString());
        assertTrue(fields > 200, "fields " + fields);
    }

    @Test
    void twoDimensionalValueNamesRowItemAndChunkFile() {
        Node n = REGISTRY.open(DIR.resolve("carray_2d_float64_N3_lz4_c5_shuffle"));
        Carray c = Carray.open(DIR.resolve("carray_2d_float64_N3_lz4_c5_shuffle"));
        long row = c.chunklen() + 7;
        Trace t = TraceChecks.check(n, row * 3 + 2);
        assertEquals("row " + row + ", item 2", t.steps().get(0).value());
        Trace.Step file = t.steps().get(1);
        assertEquals("data/__1.blp", file.value());
        assertEquals(c.chunkPath(1).toString(), file.source().name().replace("file:", ""), file.source().name());
        assertEquals(0, file.span().startBit());
        assertEquals(128, file.span().bitLength());
    }

    @Test
    void missingChunkFileTracesToZeros(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("a");
        copy(DIR.resolve("carray_int16_lz4_c1_noshuffle"), root);
        Files.delete(root.resolve("data/__1.blp"));
        Node n = REGISTRY.open(root);
        long chunklen = Carray.open(root).chunklen();
        Trace t = TraceChecks.check(n, chunklen + 1);
        assertEquals("0", t.value());
        Trace.Step s = t.steps().get(2);
        assertEquals("chunk unusable", s.title());
        assertNull(s.span());
        TraceChecks.check(n, 1);
        assertTrue(n.facet(ValueTracer.class) != null);
    }

    static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path d = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d);
            }
        }
    }
}
