package org.packscope.codec.bench;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

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
import org.packscope.codec.bpcells.BpcellsMatrix;
import org.packscope.codec.bpcells.FolderArrayStore;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.rds.RItem;
import org.packscope.codec.rds.RArrayStore;
import org.packscope.codec.rds.RdsParser;
import org.packscope.codec.rds.RdsStream;
import org.packscope.codec.rds.RdsUnwrapper;
import org.packscope.codec.rds.Unwrapped;
import org.packscope.codec.testing.Fixtures;

/**
 * The 20000 x 5000 packed uint bench matrix (4,997,317 non-zeros) as write_matrix_memory()
 * + saveRDS() would store it (S4 slots, gzip level 6), rebuilt here from the folder
 * arrays: about 9.7 MB of serialization stream. Measures each stage of opening it:
 * gunzip, stream parse, and the whole-matrix decode through the R store (including the
 * big-endian to int conversion of the slots). Baseline: java.util.zip's GZIPInputStream.
 * There is no upstream reference for reading .rds; BPCells itself reads these objects
 * from R memory. Measured on the shared 2-core machine (noisy, other benchmarks running):
 * gunzip 64.5 ms (about 150 MB/s; GZIPInputStream 54.9 ms), parse 0.67 ms, whole matrix
 * from the parsed stream 35.4 ms (141 M nnz/s), from the gzip bytes 108 ms (46 M nnz/s).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class RdsReadBench {
    byte[] gz;
    ByteSource gzSource;
    ByteSource stream;
    RItem.S4 object;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        Path dir = Fixtures.sharedOrSkip("bench/bpcells/mat_20000x5000_packed_dir");
        gz = RObjectWriter.gzip(RObjectWriter.matrixObject(new FolderArrayStore(dir), "packed-uint-matrix-v2", "PackedMatrixMem_uint32_t"));
        gzSource = ByteSource.of(gz, "bench.rds");
        Unwrapped u = RdsUnwrapper.unwrap(gzSource);
        stream = u.data();
        RdsStream s = RdsParser.parse(stream);
        if (!s.diagnostics().isEmpty()) throw new IllegalStateException(s.diagnostics().toString());
        object = (RItem.S4) s.root();
        BpcellsMatrix m = BpcellsMatrix.open(new RArrayStore(object, stream, "bench"), "packed-uint-matrix-v2");
        if (!m.readable() || !m.diagnostics().isEmpty()) throw new IllegalStateException(m.diagnostics().toString());
    }

    /** Decompression into memory: MB/s = 9.7 MB / time. */
    @Benchmark
    public long gunzip() {
        return RdsUnwrapper.unwrap(gzSource).data().size();
    }

    /** Baseline for {@link #gunzip}: GZIPInputStream into a byte array. */
    @Benchmark
    public long gunzipBaseline() throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz), 1 << 16)) {
            return in.readAllBytes().length;
        }
    }

    /** Items of the decompressed stream (vectors are not copied). */
    @Benchmark
    public Object parse() {
        return RdsParser.parse(stream).root();
    }

    /** A fresh R store (slot conversion) and the whole-matrix decode: nnz/s = 4,997,317 / time. */
    @Benchmark
    public long wholeMatrix() {
        BpcellsMatrix m = BpcellsMatrix.open(new RArrayStore(object, stream, "bench"), "packed-uint-matrix-v2");
        return m.decodeAll(Progress.NONE);
    }

    /** Everything from the gzip bytes: unwrap, parse, convert, decode. */
    @Benchmark
    public long fromFileBytes() {
        Unwrapped u = RdsUnwrapper.unwrap(gzSource);
        RdsStream s = RdsParser.parse(u.data());
        BpcellsMatrix m = BpcellsMatrix.open(new RArrayStore((RItem.S4) s.root(), u.data(), "bench"), "packed-uint-matrix-v2");
        return m.decodeAll(Progress.NONE);
    }

    /** Writes BPCells arrays as the S4 object write_matrix_memory() makes (XDR, version 3). */
    static final class RObjectWriter {
        private final DataOutputStream out;

        private RObjectWriter(DataOutputStream out) { this.out = out; }

        static byte[] matrixObject(FolderArrayStore store, String version, String cls) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 << 20);
            RObjectWriter w = new RObjectWriter(new DataOutputStream(new BufferedOutputStream(bytes, 1 << 16)));
            w.header();
            w.out.writeInt(0x00010319);
            for (String name : List.of("val_data", "val_idx", "index_data", "index_starts", "index_idx")) {
                w.slot(name);
                w.ints(store, name);
            }
            for (String name : List.of("val_idx_offsets", "index_idx_offsets", "idxptr")) {
                w.slot(name);
                w.doubles(store, name);
            }
            w.slot("version");
            w.strings(version);
            w.slot("dim");
            w.ints(store, "shape");
            w.slot("transpose");
            w.out.writeInt(10);
            w.out.writeInt(1);
            w.out.writeInt(store.readStrings("storage_order").get(0).equals("row") ? 1 : 0);
            w.slot("dimnames");
            w.out.writeInt(19);
            w.out.writeInt(2);
            w.out.writeInt(254);
            w.out.writeInt(254);
            w.slot("class");
            w.out.writeInt(0x210);
            w.out.writeInt(1);
            w.chars(cls);
            w.slot("package");
            w.strings("BPCells");
            w.out.writeInt(254);
            w.out.writeInt(254);
            w.out.flush();
            return bytes.toByteArray();
        }

        static byte[] gzip(byte[] data) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream(data.length / 2);
            try (GZIPOutputStream z = new GZIPOutputStream(b, 1 << 16)) {
                z.write(data);
            }
            return b.toByteArray();
        }

        private void header() throws IOException {
            out.writeBytes("X\n");
            out.writeInt(3);
            out.writeInt(0x00040202);
            out.writeInt(0x00030500);
            out.writeInt(5);
            out.writeBytes("UTF-8");
        }

        private void slot(String name) throws IOException {
            out.writeInt(0x402);
            out.writeInt(1);
            chars(name);
        }

        private void chars(String s) throws IOException {
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            out.writeInt(0x00040009);
            out.writeInt(b.length);
            out.write(b);
        }

        private void strings(String s) throws IOException {
            out.writeInt(16);
            out.writeInt(1);
            chars(s);
        }

        private void ints(FolderArrayStore store, String name) throws IOException {
            int n = (int) store.info(name).length();
            int[] v = new int[n];
            store.readInts(name, 0, v, 0, n);
            out.writeInt(13);
            out.writeInt(n);
            for (int x : v) out.writeInt(x);
        }

        private void doubles(FolderArrayStore store, String name) throws IOException {
            int n = (int) store.info(name).length();
            long[] v = new long[n];
            store.readLongs(name, 0, v, 0, n);
            out.writeInt(14);
            out.writeInt(n);
            for (long x : v) out.writeDouble(x);
        }
    }
}
