package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;

/** Codec names as metadata writes them: an LZ4 Blosc chunk says "lz4" (c-blosc's cname), never "lz4 / lz4hc". */
class CodecNameTest {
    @Test
    void anLz4ChunkIsNamedLz4() throws Exception {
        Path chunk = Path.of("../resources/blosc/lz4_shuf_ts4_160k_mixed_c1-damaged.blosc");
        Node n = FormatRegistry.standard().open(chunk);
        assertTrue(n.summary().startsWith("lz4 · "), n.summary());
        assertFalse(n.summary().contains("/"), n.summary());
        assertEquals("lz4", Compformat.LZ4.label());
        assertEquals("lz4", Compformat.of(1).label());
    }
}
