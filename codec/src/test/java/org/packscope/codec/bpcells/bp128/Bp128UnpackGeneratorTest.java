package org.packscope.codec.bpcells.bp128;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;

class Bp128UnpackGeneratorTest {
    @Test
    void checkedInUnpackIsWhatTheGeneratorWrites() throws IOException {
        assertEquals(Bp128UnpackGenerator.source(), Files.readString(Bp128UnpackGenerator.TARGET, StandardCharsets.UTF_8),
                "run Bp128UnpackGenerator.main from the codec folder");
        assertEquals(Bp128UnpackGenerator.vectorSource(), Files.readString(Bp128UnpackGenerator.VECTOR_TARGET, StandardCharsets.UTF_8),
                "run Bp128UnpackGenerator.main from the codec folder");
    }
}
