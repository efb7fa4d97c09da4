package org.packscope.codec.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
import org.packscope.codec.binjson.BinaryJson;
import org.packscope.codec.binjson.BinaryJsonWriter;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.io.ByteSource;

/**
 * Binary JSON on a generated document (no shared bench inputs exist for this format):
 * 100,000 small records plus a 1,000,000-float series. Score is ms per document.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BinaryJsonBench {

    @Param({"BJ-c0", "SJ-c2"})
    public String variant;

    private JsonNode doc;
    private byte[] encoded;
    private ByteSource src;
    private BulkDecoder bulk;

    @Setup(Level.Trial)
    public void setup() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        Random r = new Random(7);
        ObjectNode root = f.objectNode();
        ArrayNode records = root.putArray("records");
        for (int i = 0; i < 100_000; i++) {
            ObjectNode o = records.addObject();
            o.put("id", i);
            o.put("name", "sensor-" + r.nextInt(1000));
            o.put("value", r.nextGaussian() * 100);
            o.put("ok", r.nextBoolean());
            o.putArray("tags").add("a").add("b" + r.nextInt(5));
        }
        ArrayNode series = root.putArray("series");
        double x = 0;
        for (int i = 0; i < 1_000_000; i++) series.add(x += r.nextGaussian());
        doc = root;
        boolean sj = variant.startsWith("SJ");
        encoded = BinaryJsonWriter.encode(doc, sj, sj ? 2 : 0);
        src = ByteSource.of(encoded, "bench");
        bulk = BinaryJson.open(src, "bench").facet(BulkDecoder.class);
    }

    @Benchmark
    public long decodeAllValues() {
        return bulk.decodeAll(Progress.NONE);
    }

    @Benchmark
    public int decodeToJsonText() throws Exception {
        StringBuilder sb = new StringBuilder(64 << 20);
        BinaryJson.decodeToJson(src, sb);
        return sb.length();
    }

    @Benchmark
    public int encode() {
        return BinaryJsonWriter.encode(doc, variant.startsWith("SJ"), variant.startsWith("SJ") ? 2 : 0).length;
    }
}
