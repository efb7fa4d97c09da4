package org.packscope.codec.fuzz;

import java.nio.file.Path;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.blosc.BloscFormat;
import org.packscope.codec.blosc.Compformat;
import org.packscope.codec.blosc.StreamTokens;
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

    /**
     * The lesson's token parser (BloscLZ, LZ4, Snappy) on arbitrary streams: byte 0 picks the
     * codec, bytes 1-2 the output size (little-endian), the rest is the stream. Its tokens
     * must tile the bytes it consumed and make no more than the output, and a complete
     * parse must replay; nothing may escape.
     */
    @FuzzTest(maxDuration = "10m")
    void streamTokens(byte[] data) {
        if (data.length < 3) return;
        Compformat cf = switch ((data[0] & 0xff) % 3) {
            case 0 -> Compformat.BLOSCLZ;
            case 1 -> Compformat.LZ4;
            default -> Compformat.SNAPPY;
        };
        int outLen = (data[1] & 0xff) | (data[2] & 0xff) << 8;
        StreamTokens.Parse p = StreamTokens.parse(cf, data, 3, data.length - 3, outLen, 1 << 16);
        int at = 0;
        int made = 0;
        for (StreamTokens.Token t : p.tokens()) {
            if (t.start() != at || t.length() <= 0 && t.kind() != StreamTokens.Kind.LITERALS || t.outPos() != made) {
                throw new IllegalStateException(cf + ": token " + t + " does not follow the one before (at " + at + ", made " + made + ")");
            }
            at = t.end();
            made += t.outLength();
        }
        if (at != p.consumed() || made != p.produced() || made > outLen || at > data.length - 3) {
            throw new IllegalStateException(cf + ": tokens end at " + at + " making " + made + ", parse says " + p);
        }
        if (p.complete()) StreamTokens.replay(p.tokens(), data, 3, outLen);
    }
}
