package org.packscope.codec.bench;

import java.io.IOException;
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
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.pco.NumberType;
import org.packscope.codec.pco.PcoEncoder;
import org.packscope.codec.pco.PcoFile;
import org.packscope.codec.testing.Fixtures;

/**
 * Single-threaded encode, default options (level 8, mode and delta chosen by size), of the
 * numbers of the shared Pco bench files; numbers/s = n / score. The reference's figure
 * comes from the Rust harness ({@code src/test/reference/pco-harness}: {@code time-encode
 * TYPE RAW 8 ROUNDS}) on the same numbers.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx4g", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PcoEncodeBench {

    @Param({"i64_ts_20m.pco", "u32_small_20m.pco", "f64_normal_2m.pco"})
    public String file;

    private NumberType type;
    private long[] numbers;

    @Setup(Level.Trial)
    public void decode() throws IOException {
        PcoFile pco = PcoFile.open(ByteSource.open(Fixtures.sharedOrSkip("bench/pco").resolve(file)));
        if (!pco.diagnostics().isEmpty()) throw new IllegalStateException(pco.diagnostics().toString());
        type = pco.numberType();
        numbers = new long[(int) pco.totalN()];
        for (PcoFile.Chunk c : pco.chunks()) pco.decodeChunk(c, numbers, (int) c.firstRow());
    }

    @Benchmark
    public byte[] encodeSingleThread() {
        return PcoEncoder.encode(type, numbers, numbers.length, PcoEncoder.Options.DEFAULT);
    }
}
