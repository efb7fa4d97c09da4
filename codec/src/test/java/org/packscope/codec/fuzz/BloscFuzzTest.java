package org.packscope.codec.fuzz;

import java.nio.file.Path;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.blosc.BloscFormat;
import org.packscope.codec.blosc.Superchunk;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;

/** Raw Blosc 1.x chunks and bcolz superchunk (.blp) files on arbitrary bytes: diagnostics, never an escape. */
class BloscFuzzTest {

    /** In memory (writing and mapping a file costs more than parsing it); {@link #openedFromFile} keeps the file path covered. */
    @FuzzTest(maxDuration = "10m")
    void rawChunk(byte[] data) {
        Node n = Node.lazy("fuzz.blosc", "blosc-chunk",
                x -> BloscFormat.fillRawChunk(x, ByteSource.of(data, "fuzz.blosc"), "fuzz.blosc"));
        BloscFuzzSupport.exercise(n);
    }

    /** The same through the registry's probe and a mapped file, for the seeds and short runs. */
    @FuzzTest(maxDuration = "10m")
    void openedFromFile(byte[] data) throws Exception {
        Path f = FuzzFiles.write("fuzz.blosc", data);
        BloscFuzzSupport.exercise(new BloscFormat().open(f, FuzzFiles.REGISTRY));
    }

    /** Parsed as a superchunk whatever the first four bytes, so mutations of the magic still reach the chunk. */
    @FuzzTest(maxDuration = "10m")
    void superchunk(byte[] data) {
        Node n = Node.lazy("fuzz.blp", "bcolz-superchunk",
                x -> BloscFormat.fillSuperchunk(x, Superchunk.read(ByteSource.of(data, "fuzz.blp")), "fuzz.blp"));
        BloscFuzzSupport.exercise(n);
    }
}
