package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Damaged copies built here: every truncation and random bit flips never escape as exceptions. */
class BinaryJsonCorruptionTest {

    static Stream<BjTesting.Fixture> valid() { return BjTesting.fixtures("valid").stream().filter(f -> f.file().toFile().length() < 20_000); }

    private static List<String> errors(List<Diagnostic> ds) {
        return ds.stream().filter(d -> d.severity() == Severity.ERROR).map(BjTesting::key).toList();
    }

    private static void noLoaderFailures(List<Diagnostic> walked) {
        for (Diagnostic d : walked) {
            assertFalse(d.rule().equals("unreadable") || d.rule().equals("truncated"), () -> "loader failure " + d);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void everyTruncationIsReportedAtOrBeforeTheEnd(BjTesting.Fixture f) {
        byte[] all = Fixtures.bytes(f.file());
        for (int len = 0; len < all.length; len++) {
            ByteSource src = ByteSource.of(Arrays.copyOf(all, len), "cut");
            BinaryJson.DecodeResult r = BinaryJson.decode(src, new BinaryJson.TreeBuilder());
            int cut = len;
            assertFalse(r.complete(), () -> "cut at " + cut);
            List<String> errs = errors(r.diagnostics());
            assertFalse(errs.isEmpty());
            String first = errs.get(0);
            assertTrue(first.equals("unexpected_eof@" + len) || first.startsWith("length_exceeds_input@")
                            || (len < 2 && first.startsWith("bad_magic")),
                    () -> "cut at " + cut + ": " + errs);
            List<Diagnostic> walked = BjTesting.walk(BinaryJson.open(src, "cut"));
            noLoaderFailures(walked);
            assertTrue(walked.stream().anyMatch(d -> d.severity() == Severity.ERROR), () -> "walk missed cut at " + cut);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void bitFlipsNeverThrow(BjTesting.Fixture f) {
        byte[] all = Fixtures.bytes(f.file());
        Random rnd = new Random(f.name().hashCode());
        for (int trial = 0; trial < 60; trial++) {
            byte[] b = all.clone();
            int flips = 1 + rnd.nextInt(3);
            for (int k = 0; k < flips; k++) b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
            ByteSource src = ByteSource.of(b, "flipped");
            BinaryJson.decode(src, new BinaryJson.TreeBuilder());
            noLoaderFailures(BjTesting.walk(BinaryJson.open(src, "flipped")));
            StringBuilder sb = new StringBuilder();
            try {
                BinaryJson.decodeToJson(src, sb);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static List<String> decodeDiagnostics(byte[] b) {
        return BjTesting.keys(BinaryJson.decode(ByteSource.of(b, "x"), new BinaryJson.TreeBuilder()).diagnostics());
    }

    private static List<String> walkKeys(byte[] b) {
        return BjTesting.keys(BjTesting.walk(BinaryJson.open(ByteSource.of(b, "x"), "x")));
    }

    @Test
    void damagedSeekableLengthsAreReportedOnceAtTheirField() {
        // {"a":[1,2,3],"b":[true,null]} as SJ; the list "b" gets a body length one too small
        byte[] ok = BinaryJsonWriter.encode("{\"a\":[1,2,3],\"b\":[true,null]}", true, 0);
        List<String> clean = decodeDiagnostics(ok);
        assertEquals(List.of(), clean);
        // layout: SJ 01 00 | 02 len idx(4) 01 'a' 01 'b' | 82 len | 00 e1 03 len 01 01 02 03 | 01 a2 02 03 00
        int listB = ok.length - 4; // a2
        assertEquals(0xa2, ok[listB] & 0xff);
        byte[] bad = ok.clone();
        bad[listB + 1] = 1;
        assertEquals(List.of("sj_length_mismatch@" + (listB + 1)), decodeDiagnostics(bad).subList(0, 1));
        List<String> walked = walkKeys(bad);
        assertEquals(1, walked.stream().filter(("sj_length_mismatch@" + (listB + 1))::equals).count(), walked::toString);
    }

    @Test
    void flippedTypeBytesInAListAreReportedAtTheTypeByte() {
        byte[] ok = BinaryJsonWriter.encode("[1,\"s\",null,true]", false, 0);
        // BJ 01 00 | 01 01 's' | a4 22 40 00 03
        byte[] bad = ok.clone();
        bad[10] = 0x05;  // null -> reserved 0x05
        assertEquals(List.of("reserved_type_byte@10"), decodeDiagnostics(bad));
        assertEquals(List.of("reserved_type_byte@10"), walkKeys(bad));
        bad = ok.clone();
        bad[9] = 0x41; // string index 1 of a 1-string table
        assertEquals(List.of("string_index_out_of_range@9"), decodeDiagnostics(bad));
        assertEquals(List.of("string_index_out_of_range@9"), walkKeys(bad));
        bad = Arrays.copyOf(ok, ok.length + 2);
        assertEquals(List.of("trailing_bytes@" + ok.length), decodeDiagnostics(bad));
        assertEquals(List.of("trailing_bytes@" + ok.length), walkKeys(bad));
    }

    @Test
    void hugeClaimedSizesAreRefusedBeforeAllocating() {
        // string count 2^62 in a tiny file
        byte[] b = {'B', 'J', 1, 0, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
                (byte) 0x80, (byte) 0x80, 0x40, 0};
        assertEquals("length_exceeds_input@4", decodeDiagnostics(b).get(0));
        // N-D float array 2^24 x 2^24 (= 2^48, allowed) with no data
        byte[] nd = {'B', 'J', 1, 0, 0, (byte) 0xF2, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08};
        assertEquals(List.of("length_exceeds_input@5"), decodeDiagnostics(nd));
        // N-D array with a zero dimension after a huge one would be 2^40 empty lists
        byte[] empties = {'B', 'J', 1, 0, 0, (byte) 0xE2, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x20, 0, 1};
        assertEquals(List.of("implementation_limit@5"), decodeDiagnostics(empties));
        // the limit is 2^20 empty lists: [2^20, 0] decodes, [2^20 + 1, 0] is refused
        byte[] atLimit = {'B', 'J', 1, 0, 0, (byte) 0xE2, (byte) 0x80, (byte) 0x80, 0x40, 0, 1};
        assertEquals(List.of(), decodeDiagnostics(atLimit));
        byte[] overLimit = {'B', 'J', 1, 0, 0, (byte) 0xE2, (byte) 0x81, (byte) 0x80, 0x40, 0, 1};
        assertEquals(List.of("implementation_limit@5"), decodeDiagnostics(overLimit));
    }

    @Test
    void deepNestingStopsWithALimitNotAStackOverflow() {
        int depth = 5000;
        byte[] b = new byte[5 + depth + 1];
        b[0] = 'B';
        b[1] = 'J';
        b[2] = 1;
        b[3] = 0;
        b[4] = 0;
        for (int i = 0; i < depth; i++) b[5 + i] = (byte) 0xA1;
        b[5 + depth] = 0;
        List<String> errs = decodeDiagnostics(b);
        assertEquals(1, errs.size());
        assertTrue(errs.get(0).startsWith("too_deep@"), errs::toString);
        Node root = BinaryJson.open(ByteSource.of(b, "deep"), "deep");
        noLoaderFailures(root.diagnostics());
    }

    @Test
    void problemsInsideLargeContainersAreReportedOnceByTheVerifier() {
        StringBuilder json = new StringBuilder("{\"small\":[\"a\",1],\"big\":[");
        for (int i = 0; i < 5000; i++) json.append(i == 0 ? "" : ",").append(i % 2 == 0 ? "\"a\"" : "[1, null]");
        json.append("]}");
        for (boolean sj : new boolean[] {false, true}) {
            byte[] b = BinaryJsonWriter.encode(json.toString(), sj, 0);
            Node root = BinaryJson.open(ByteSource.of(b, "big"), "big");
            assertTrue(root.child("big").isDrillDown());
            assertEquals(List.of(), BjTesting.keys(BjTesting.walk(root)));
            // the last element's string index (0x40, "a") -> 0x4F (out of range), and the small list's "a" too
            byte[] bad = b.clone();
            int last = b.length - 1;
            while ((bad[last] & 0xff) != 0x40) last--;
            bad[last] = 0x4F;
            int small = -1;
            for (int i = 0; i < b.length - 2; i++) {
                if ((b[i] & 0xff) == (sj ? 0xA2 : 0xA2) && (b[i + (sj ? 2 : 1)] & 0xff) == 0x40) {
                    small = i + (sj ? 2 : 1);
                    break;
                }
            }
            bad[small] = 0x4F;
            List<String> want = List.of("string_index_out_of_range@" + small, "string_index_out_of_range@" + last);
            assertEquals(want, decodeDiagnostics(bad));
            List<String> walked = BjTesting.keys(BjTesting.walk(BinaryJson.open(ByteSource.of(bad, "big"), "big")));
            assertEquals(want.stream().sorted().toList(), walked.stream().sorted().toList(), "sj=" + sj);
        }
    }

    @Test
    void aNonCanonicalKeyIsReportedOnceByItsMap() {
        // {"a": 1} with the key index written as 80 00
        byte[] b = {'B', 'J', 1, 0, 1, 1, 'a', (byte) 0x81, (byte) 0x80, 0x00, 0x22};
        assertEquals(List.of("non_canonical_uflex@8"), decodeDiagnostics(b));
        assertEquals(List.of("non_canonical_uflex@8"), walkKeys(b));
    }
}
