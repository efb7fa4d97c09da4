package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.packscope.app.Samples;

/**
 * The command line's decode contract on real fixtures of every format: what it writes
 * equals what the reference implementations wrote.
 */
class DecodeContractTest {
    private static final Path FIXTURES = Samples.root().getParent().resolve("codec/src/test/resources/fixtures");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "pco/v0_4/const_f64.pco, pco/v0_4/const_f64.expected.bin",
            "pco/v1_0/dict_f64_10vals_nan.pco, pco/v1_0/dict_f64_10vals_nan.expected.bin",
            "blosc/lz4_shuf_ts4_160k_mixed_c1.blosc, blosc/lz4_shuf_ts4_160k_mixed_c1.expected.bin",
            "bcolz/carray_int16_lz4_c1_noshuffle, bcolz/carray_int16_lz4_c1_noshuffle.expected.bin",
            "bcolz/carray_2d_float64_N3_lz4_c5_shuffle, bcolz/carray_2d_float64_N3_lz4_c5_shuffle.expected.bin",
            "bcolz/ctable_basic::x, bcolz/ctable_basic.x.expected.bin",
            "bcolz/ctable_basic::name, bcolz/ctable_basic.name.expected.bin",
    })
    void rawOutputIsTheExpectedBytes(String address, String expected) throws Exception {
        CliTest.Run r = CliTest.run("decode", FIXTURES.resolve(address.split("::")[0]) + (address.contains("::") ? "::" + address.split("::")[1] : ""),
                "--format", "raw");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(FIXTURES.resolve(expected)), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bcolz/carray_int16_lz4_c1_noshuffle/data/__1.blp"})
    void aChunkFileDecodesToItsSliceOfTheArray(String blp) throws Exception {
        CliTest.Run r = CliTest.run("decode", FIXTURES.resolve(blp).toString(), "--format", "raw");
        assertEquals(0, r.code(), r.err());
        byte[] all = Files.readAllBytes(FIXTURES.resolve("bcolz/carray_int16_lz4_c1_noshuffle.expected.bin"));
        int chunkBytes = r.out().length;
        byte[] slice = java.util.Arrays.copyOfRange(all, chunkBytes, 2 * chunkBytes);
        assertArrayEquals(slice, r.out());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bpcells-rds/bigcol_double_unpacked_col", "bpcells-rds/bigcol_uint_packed_row"})
    void rdsMatricesDecodeToTheExpectedMatrixMarket(String name) throws Exception {
        CliTest.Run r = CliTest.run("decode", FIXTURES.resolve(name + ".rds").toString(), "--format", "mtx");
        assertEquals(0, r.code(), r.err());
        assertEquals(entries(Files.readString(FIXTURES.resolve(name + ".expected.mtx"))), entries(r.text()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"binjson/v_float_as_int_c2_sj"})
    void binaryJsonDecodesToTheExpectedDocument(String name) throws Exception {
        Path file = Files.exists(FIXTURES.resolve(name + ".sj")) ? FIXTURES.resolve(name + ".sj") : FIXTURES.resolve(name + ".bj");
        CliTest.Run r = CliTest.run("decode", file.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        ObjectMapper m = new ObjectMapper();
        // the expected file spells floats as {"$float": "repr"}; compare after the same substitution
        var expected = m.readTree(Files.readString(FIXTURES.resolve(name + ".expected.json")));
        assertEquals(normalize(expected), m.readTree(r.out()));
    }

    private static com.fasterxml.jackson.databind.JsonNode normalize(com.fasterxml.jackson.databind.JsonNode n) {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        if (n.isObject() && n.size() == 1 && n.has("$float")) return f.numberNode(Double.parseDouble(n.get("$float").asText()));
        if (n.isObject()) {
            var o = f.objectNode();
            n.fields().forEachRemaining(e -> o.set(e.getKey(), normalize(e.getValue())));
            return o;
        }
        if (n.isArray()) {
            var a = f.arrayNode();
            n.forEach(e -> a.add(normalize(e)));
            return a;
        }
        return n;
    }

    private static List<String> entries(String mtx) {
        return mtx.lines().filter(l -> !l.startsWith("%")).map(String::strip).toList();
    }
}
