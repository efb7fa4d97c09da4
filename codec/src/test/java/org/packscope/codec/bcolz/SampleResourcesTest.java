package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Verifier;

/** The samples the app opens by default (resources/bcolz, resources/blosc) open as intended. */
class SampleResourcesTest {
    static final Path RES = Path.of("").toAbsolutePath().getParent().resolve("resources");
    static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static List<String> verify(Node n) {
        List<Diagnostic> found = new ArrayList<>();
        n.facet(Verifier.class).verify(found::add, Progress.NONE);
        return found.stream().map(Diagnostic::rule).toList();
    }

    @Test
    void goodSamplesAreClean() {
        assertTrue(Files.isDirectory(RES.resolve("bcolz")), RES.toString());
        for (String p : List.of("bcolz/ctable_basic", "bcolz/carray_2d_float64_N3_lz4_c5_shuffle",
                "blosc/snappy_shuf_ts8_24000b_smooth_c5.blosc", "blosc/blosclz_shuf_ts4_64k_mixed_c5.blosc")) {
            Node n = REGISTRY.open(RES.resolve(p));
            assertEquals(List.of(), n.diagnostics(), p);
            assertEquals(List.of(), verify(n), p);
        }
        assertNotNull(REGISTRY.resolve(RES.resolve("bcolz/ctable_basic") + "::x").target().values());
    }

    @Test
    void damagedSamplesShowTheirProblems() {
        Node c = REGISTRY.open(RES.resolve("bcolz/carray_int8_blosclz_c5_shuffle-damaged"));
        assertEquals(List.of("stale_chunk_file"), c.diagnostics().stream().map(Diagnostic::rule).toList());
        assertEquals(List.of("decompress_failed"), verify(c));
        Node b = REGISTRY.open(RES.resolve("blosc/lz4_shuf_ts4_160k_mixed_c1-damaged.blosc"));
        assertEquals("blosc", REGISTRY.detect(RES.resolve("blosc/lz4_shuf_ts4_160k_mixed_c1-damaged.blosc")).id());
        assertEquals(List.of("cbytes_beyond_data"), b.diagnostics().stream().map(Diagnostic::rule).toList());
        assertEquals(List.of("stream_overrun"), verify(b));
    }
}
