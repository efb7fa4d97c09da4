package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Pco file of many chunks is checked chunk by chunk: its structure is one unit and each
 * chunk one more. The file is made of the real chunk bytes the Rust library wrote (standalone
 * chunks carry their own metadata, so they can follow one another in any number), and five
 * chunks are damaged in place, each in a different part of its metadata or its length. The
 * census must name exactly those five, each with its rule at a byte inside its chunk, and the
 * lines must be single-machine check's on the same file.
 */
class PcoLakeTest extends LocalSparkTest {
    private static final int COPIES = 10;

    /** Chunk number → (byte from the chunk's start, byte written there, the rule that damage breaks). */
    private static final Map<Integer, Object[]> DAMAGE = Map.of(
            7, new Object[] {4, 0xFF, "reserved_mode"},            // the mode's 4 bits: 15 is reserved
            23, new Object[] {5, 0xFF, "ans_size_log_too_large"},  // the primary latent's ANS size log: 15 > 14
            42, new Object[] {8, 0xFF, "bin_weights_sum"},         // a bin weight: the weights no longer sum to 2^log
            66, new Object[] {12, 0xFF, "offset_bits_too_large"},  // a bin's offset width: more bits than the latent has
            91, new Object[] {1, 0xFF, "nonzero_padding"});        // the count of numbers: the page runs on past its end

    @Test
    void aPcoFileOfManyChunksIsCheckedChunkByChunk(@TempDir Path dir) throws Exception {
        Made made = make(dir.resolve("hundred_chunks.pco"));
        LakeReport r = SparkTests.run(spark, dir.resolve("out"), null, List.of(made.file.toString()));

        Map<Long, String> damaged = new TreeMap<>();
        long chunkUnits = 0, values = 0;
        for (UnitResult u : r.collected()) {
            if (u.unit().kind() == LakeUnit.Kind.STORE) {
                // the structure keeps what is no chunk's own: where reading resumed after each damaged chunk
                assertTrue(u.problems().stream().allMatch(p -> p.rule().equals("resynchronized")), u.problems().toString());
                continue;
            }
            assertEquals(LakeUnit.Kind.CHUNK, u.unit().kind());
            chunkUnits++;
            assertEquals("chunk " + u.unit().chunk(), u.unit().key());
            if (!u.status().equals(UnitResult.DAMAGED)) {
                assertTrue(u.problems().isEmpty(), u.problems().toString());
                values += u.values();
                continue;
            }
            assertEquals(1, u.problems().size(), u.problems().toString());
            Problem p = u.problems().get(0);
            damaged.put(u.unit().chunk(), p.rule());
            // a real place in the file: inside the damaged chunk, not past where the next one starts
            double at = Double.parseDouble(p.offset());
            long start = made.starts[(int) u.unit().chunk()];
            assertTrue(at >= start && at < made.starts[(int) u.unit().chunk() + 1] + 1024, p.offset() + " for a chunk at " + start);
        }
        assertEquals(COPIES * 10, chunkUnits);
        Map<Long, String> known = new TreeMap<>();
        DAMAGE.forEach((k, v) -> known.put(k.longValue(), (String) v[2]));
        assertEquals(known, damaged);
        assertEquals((COPIES * 10 - DAMAGE.size()) * 1000L, values, "every intact chunk decodes its 1,000 numbers");

        Census.Row c = r.census().stream().filter(x -> !x.array.isEmpty()).findFirst().orElseThrow();
        assertEquals(COPIES * 10, c.chunks);
        assertEquals(COPIES * 10, c.units);
        assertEquals(DAMAGE.size(), c.damaged);
        assertEquals(COPIES * 10 - DAMAGE.size(), c.valid);
        assertEquals(SparkTests.checkLines(List.of(made.file.toString())), SparkTests.lines(r));
        assertEquals(1, r.exitStatus());
    }

    /** The file and where each of its chunks starts (one more entry: where the terminator is). */
    private record Made(Path file, long[] starts) { }

    private static Made make(Path file) throws Exception {
        byte[] real;
        JsonNode meta;
        try (var in = PcoLakeTest.class.getResourceAsStream("/lake-pco/multichunk_f32_10x1000.pco")) {
            real = in.readAllBytes();
        }
        meta = new ObjectMapper().readTree(PcoLakeTest.class.getResource("/lake-pco/multichunk_f32_10x1000.json"));
        int header = meta.get("file").get("header_size").asInt();
        JsonNode chunks = meta.get("chunks");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(real, 0, header);
        long[] starts = new long[COPIES * chunks.size() + 1];
        int k = 0;
        for (int copy = 0; copy < COPIES; copy++) {
            for (JsonNode c : chunks) {
                int from = c.get("byte_start").asInt(), to = c.get("byte_end").asInt();
                starts[k++] = out.size();
                out.write(real, from, to - from);
            }
        }
        starts[k] = out.size();
        out.write(0); // the terminator
        byte[] bytes = out.toByteArray();
        DAMAGE.forEach((chunk, d) -> bytes[(int) starts[chunk] + (Integer) d[0]] = (byte) (int) (Integer) d[1]);
        Files.write(file, bytes);
        return new Made(file, starts);
    }
}
