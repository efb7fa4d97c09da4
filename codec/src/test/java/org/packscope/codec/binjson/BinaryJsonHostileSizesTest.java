package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.BoundedWalk;

/**
 * Documents whose size on disk says little about what a careless reader would hold: ten
 * million nulls (a byte each), nesting a hundred thousand levels deep, a hundred thousand
 * small lists. Each is opened, walked, verified and exported within a 256 MB heap and 5 s.
 */
class BinaryJsonHostileSizesTest {

    static byte[] uflex(long v) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        do {
            int b = (int) (v & 0x7f);
            v >>>= 7;
            o.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
        return o.toByteArray();
    }

    /** A list's type byte (101 C pppp) with its inline flex. */
    static byte[] list(long n) {
        if (n < 16) return new byte[] {(byte) (0xA0 | n)};
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(0xB0 | (int) (n & 15));
        o.writeBytes(uflex(n >>> 4));
        return o.toByteArray();
    }

    static final byte[] HEAD = {'B', 'J', 1, 0, 0};

    static byte[] doc(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(HEAD);
        for (byte[] p : parts) o.writeBytes(p);
        return o.toByteArray();
    }

    @Test
    void tenMillionNullsStreamWithinTheHeap(@TempDir Path dir) throws Exception {
        byte[] b = doc(list(10_000_000), new byte[10_000_000]);
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("nulls.bj"), b));
        o.assertWalkedCleanly();
        assertEquals(java.util.Map.of(), o.rules(), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }

    @Test
    void elementsOfAHugeListAreFoundFromSparseMarks() {
        // mixed widths, so a position can only be found by skipping: ints of 1 and 2 bytes
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int n = 100_000;
        for (int i = 0; i < n; i++) body.writeBytes(i % 3 == 0 ? new byte[] {(byte) 0x30 | 1, 1} : new byte[] {0x22});
        byte[] b = doc(list(n), body.toByteArray());
        Node root = BinaryJson.open(ByteSource.of(b, "ints"), "ints");
        for (int i : new int[] {0, 1, 15, 16, 17, 99_999, 54_321}) {
            Node e = root.children().get(i + 1); // the string table comes first
            assertEquals(Integer.toString(i), e.name());
            assertEquals("bj-int", e.kind());
            // 0x31 0x01: zigzag 1 + 16 × 1 = 17, which is -9; 0x22: zigzag 2, which is 1
            assertEquals(i % 3 == 0 ? "-9" : "1", e.values().text(0), "element " + i);
        }
    }

    @Test
    void nestingAHundredThousandDeepStopsWithTooDeep(@TempDir Path dir) throws Exception {
        byte[] levels = new byte[100_000];
        Arrays.fill(levels, (byte) 0xA1);
        byte[] b = doc(levels, new byte[] {0});
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("deep.bj"), b));
        o.assertWalkedCleanly();
        assertTrue(o.has(BinaryJsonRules.TOO_DEEP.id()), o::toString);
        assertFalse(o.has("internal_error"), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }

    @Test
    void fiftyThousandSmallListsAreWalkedInBoundedTime(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] one = doc(list(100), new byte[100]);
        for (int i = 0; i < 50_000; i++) body.write(one, HEAD.length, one.length - HEAD.length);
        byte[] b = doc(list(50_000), body.toByteArray());
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("lists.bj"), b));
        o.assertWalkedCleanly();
        assertFalse(o.has("internal_error"), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }

    /** A string table of {@code n} copies of "a", then a null root. */
    static byte[] duplicates(int n, int length) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(new byte[] {'B', 'J', 1, 0});
        o.writeBytes(uflex(n));
        for (int i = 0; i < n; i++) {
            o.write(length);
            for (int k = 0; k < length; k++) o.write('a');
        }
        o.write(0);
        return o.toByteArray();
    }

    @Test
    void thirtyThousandDuplicateStringsAreCountedNotListed() {
        java.util.List<org.packscope.codec.inspect.Diagnostic> diags = new java.util.ArrayList<>();
        BinaryJson.decodeToTree(ByteSource.of(duplicates(30_000, 1), "dups"), diags);
        assertEquals(StringTableReader.REPORTED_DUPLICATES + 1, diags.size(), diags.toString());
        assertTrue(diags.get(diags.size() - 1).message().startsWith("and 29,979 more duplicate strings"), diags.toString());
        assertTrue(diags.stream().allMatch(d -> d.rule().equals(BinaryJsonRules.DUPLICATE_STRING.id())));
    }

    @Test
    void tenMillionEmptyStringsAreTooLargeToHold(@TempDir Path dir) throws Exception {
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("strings.bj"), duplicates(10_000_000, 0)));
        o.assertWalkedCleanly();
        assertTrue(o.has(org.packscope.codec.io.MemoryBudget.RULE), o::toString);
        assertFalse(o.has("unreadable") || o.has("internal_error"), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }
}
