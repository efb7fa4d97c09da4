package org.packscope.codec.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.Codecs;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * Single-threaded decompression of the 16 MiB Blosc chunks in shared/bench/blosc.
 * Sample time: p0.00 is the best single decode (comparable to the reference "best of 10"),
 * p0.50 the median. Decompressed GB/s = 16.78 / ms.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// the fast paths, as the runnable jar takes them; add -jvmArgsAppend -Dpackscope.scalar=true
// (or -Dpackscope.pureJava=true) to time the scalar shuffle (or the aircompressor codecs)
@Fork(value = 1, jvmArgs = {"-Xmx4g", "--add-modules", "jdk.incubator.vector", "-XX:PerMethodTrapLimit=1000000"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BloscDecodeBench {

    @Param({
        "float64_smooth_lz4_shuffle_16mb.blosc",
        "float64_smooth_blosclz_shuffle_16mb.blosc",
        "float64_smooth_zstd_bitshuffle_16mb.blosc",
        "int64_sequential_lz4_shuffle_16mb.blosc",
        "int64_sequential_blosclz_shuffle_16mb.blosc",
        "int64_sequential_zstd_bitshuffle_16mb.blosc"
    })
    public String file;

    private BloscChunk chunk;
    private byte[] out;
    private final Codecs codecs = new Codecs();
    private org.packscope.codec.inspect.BulkDecoder bulk;

    @Setup(Level.Trial)
    public void load() throws Exception {
        Path p = Fixtures.sharedOrSkip("bench/blosc").resolve(file);
        byte[] data = Files.readAllBytes(p);
        chunk = BloscChunk.read(ByteSource.of(data, file), 0, data.length);
        if (!chunk.problems().isEmpty()) throw new IllegalStateException(chunk.problems().toString());
        out = new byte[(int) chunk.nbytes()];
        bulk = org.packscope.codec.format.FormatRegistry.standard().resolve(p.toString()).target()
                .facet(org.packscope.codec.inspect.BulkDecoder.class);
    }

    /** Blocks on all cores through the node's bulk decoder (what bench's second figure times). */
    @Benchmark
    public long decodeAllCores() {
        return bulk.decodeAll(org.packscope.codec.inspect.Progress.NONE, org.packscope.codec.analysis.ParallelTasks.cores());
    }

    @Benchmark
    public byte[] decode() throws Exception {
        chunk.decodeRange(0, out.length, out, 0, codecs);
        return out;
    }
}
