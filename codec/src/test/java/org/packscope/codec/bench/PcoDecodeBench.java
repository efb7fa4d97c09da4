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
import org.packscope.codec.pco.PcoFile;
import org.packscope.codec.testing.Fixtures;

/**
 * Single-threaded decode of the shared Pco bench files (all numbers, output
 * discarded batch by batch). Score is time per file; numbers/s = n / score. Sample
 * mode also gives the fastest run (p0.00), which is what survives on a loaded machine.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx4g", "--add-modules", "jdk.incubator.vector", "-XX:PerMethodTrapLimit=1000000"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class PcoDecodeBench {

    @Param({"i64_ts_20m.pco", "u32_small_20m.pco", "f64_normal_2m.pco"})
    public String file;

    private PcoFile pco;

    @Setup(Level.Trial)
    public void open() throws IOException {
        Path p = Fixtures.sharedOrSkip("bench/pco").resolve(file);
        pco = PcoFile.open(ByteSource.open(p));
        if (!pco.diagnostics().isEmpty()) throw new IllegalStateException(pco.diagnostics().toString());
    }

    @Benchmark
    public long decodeSingleThread() {
        return pco.decodeAllDiscard(null, 1);
    }

    /** Chunks on all cores (what bench's second figure times). */
    @Benchmark
    public long decodeAllCores() {
        return pco.decodeAllDiscard(null, org.packscope.codec.analysis.ParallelTasks.cores());
    }
}
