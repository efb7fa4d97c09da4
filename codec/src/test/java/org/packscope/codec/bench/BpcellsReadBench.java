package org.packscope.codec.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.packscope.codec.bpcells.BpcellsMatrix;
import org.packscope.codec.bpcells.FolderArrayStore;
import org.packscope.codec.bpcells.PackedStream;
import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.testing.Fixtures;

/**
 * Whole-matrix read of the 20000 x 5000 packed uint folder (4,997,317 non-zeros), and
 * the bare D1Z index / FOR value chunk decode over its data arrays held in memory.
 * Reference (BPCells C++ -O3 -march=native, AVX-512, 1 core, MANIFEST): 650-690 M nnz/s whole matrix; d1z unpack
 * 3.3-5.1 GB/s; FOR unpack 5.0-6.8 GB/s (GB of decoded uint32 output).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime) // percentiles: the machine is shared, p0 shows the uncontended speed
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// the fast paths, as the runnable jar takes them; add -jvmArgsAppend -Dpackscope.scalar=true for the scalar routines.
// The vector routines take over a width once 4096 chunks of it (Bp128.WARM) have been decoded and a background
// thread has warmed its routine: the warm-up iterations cover that.
@Fork(value = 1, jvmArgs = {"-Xmx4g", "--add-modules", "jdk.incubator.vector", "-XX:PerMethodTrapLimit=1000000"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class BpcellsReadBench {
    BpcellsMatrix matrix;
    int[] indexWords;
    int[] valueWords;
    PackedStream index;
    PackedStream value;
    int[] out;

    @Setup(Level.Trial)
    public void setup() {
        Path dir = Fixtures.sharedOrSkip("bench/bpcells/mat_20000x5000_packed_dir");
        FolderArrayStore store = new FolderArrayStore(dir);
        matrix = BpcellsMatrix.open(store, store.readVersion());
        if (!matrix.readable() || !matrix.diagnostics().isEmpty()) throw new IllegalStateException(matrix.diagnostics().toString());
        index = matrix.indexStream();
        value = matrix.valueStream();
        indexWords = new int[(int) index.layout().dataWords()];
        store.readInts(index.dataName(), 0, indexWords, 0, indexWords.length);
        valueWords = new int[(int) value.layout().dataWords()];
        store.readInts(value.dataName(), 0, valueWords, 0, valueWords.length);
        out = new int[Bp128.CHUNK * index.layout().chunks()];
    }

    /** Whole matrix through the store (mmap), indices and values: non-zeros/s = 4,997,317 / time. */
    @Benchmark
    public long wholeMatrix() {
        return matrix.decodeAll(Progress.NONE);
    }

    /** Whole matrix, entry ranges on all cores. */
    @Benchmark
    public long wholeMatrixAllCores() {
        return matrix.decodeAll(Progress.NONE, org.packscope.codec.analysis.ParallelTasks.cores());
    }

    /** 100 spread-out columns, each decoded alone through idxptr (about 1,000 entries each). */
    @Benchmark
    public long hundredColumns() {
        long s = 0;
        for (int j = 17; j < 5000; j += 50) s += matrix.readMajor(j).values().length;
        return s;
    }

    /** D1Z index decode only, from memory: bytes/s = 4 * 128 * chunks / time. */
    @Benchmark
    public void indexD1z(Blackhole bh) {
        decodeStream(index, indexWords);
        bh.consume(out);
    }

    /** FOR value decode only, from memory. */
    @Benchmark
    public void valueFor(Blackhole bh) {
        decodeStream(value, valueWords);
        bh.consume(out);
    }

    private void decodeStream(PackedStream s, int[] words) {
        var l = s.layout();
        for (int k = 0, n = l.chunks(); k < n; k++) {
            Bp128.decode(s.variant(), l.bits(k), s.start(k), words, (int) l.wordStart(k), out, k * Bp128.CHUNK);
        }
    }
}
