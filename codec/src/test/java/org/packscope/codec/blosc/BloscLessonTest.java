package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * The Blosc lesson's steps against computations made here from the numbers typed: the
 * grid is their little-endian bytes, the byte planes their transpose, the bit planes their
 * bits; the BloscLZ, LZ4 and Snappy tokens the window lists, replayed from their fields
 * (literal bytes read at their spans, matches copied from their distance), make every
 * stream of every block, which together are the typed block filtered as the header says,
 * and their spans tile each stream's bytes; the block step's counts and sizes are the
 * header's. At 96 values and at the lesson's largest input (2^20 values). The token parser
 * meets random and damaged streams without throwing.
 */
class BloscLessonTest {
    private static final Teacher BLOSC = Teacher.of("blosc");
    private static final Pattern LITERALS = Pattern.compile("([0-9,]+) bytes?(: .*)?");
    private static final Pattern MATCH = Pattern.compile("([0-9,]+) bytes? from ([0-9]+) back");

    /** Timestamps a second or so apart (what the example types): their high bytes repeat. */
    private static long[] timestamps(int count, long seed) {
        Random r = new Random(seed);
        long[] x = new long[count];
        long t = 1_700_000_000L;
        for (int i = 0; i < count; i++) {
            t += 1 + r.nextInt(3);
            x[i] = t;
        }
        return x;
    }

    private static String text(long[] x) {
        StringBuilder sb = new StringBuilder(x.length * 12);
        for (long v : x) sb.append(v).append(' ');
        return sb.toString();
    }

    /** The numbers as typesize little-endian bytes each, written here. */
    private static byte[] littleEndian(long[] x, int ts) {
        byte[] b = new byte[x.length * ts];
        for (int i = 0; i < x.length; i++) for (int j = 0; j < ts; j++) b[i * ts + j] = (byte) (x[i] >>> (8 * j));
        return b;
    }

    private static Node steps(Teacher.Lesson l) {
        Node s = l.node().children().get(0);
        assertEquals("steps", s.name());
        return s;
    }

    private static Node child(Node n, String prefix) {
        for (Node c : n.children()) if (c.name().startsWith(prefix)) return c;
        throw new AssertionError("no child " + prefix + " in " + n.name());
    }

    private static List<Field> fields(Node n, String key) {
        return n.fields().stream().filter(f -> f.key().equals(key)).toList();
    }

    private static byte[] bytes(ByteSource src, Span s) {
        byte[] b = new byte[(int) s.byteLength()];
        src.read(s.byteOffset(), b, 0, b.length);
        return b;
    }

    // the header, read here from the chunk's bytes
    private static int flags(ByteSource c) { return c.u8(2); }

    private static int typesize(ByteSource c) { return c.u8(3); }

    private static long nbytes(ByteSource c) { return c.u32le(4); }

    private static long blocksize(ByteSource c) { return c.u32le(8); }

    /** Block {@code [from, from+bsize)} of {@code typed}, filtered as flags say: computed here from the definitions. */
    private static byte[] filtered(byte[] typed, int from, int bsize, int ts, int flags) {
        byte[] out = new byte[bsize];
        int n = bsize / ts;
        System.arraycopy(typed, from, out, 0, bsize); // trailing bytes stay where they are
        if ((flags & 1) != 0 && ts > 1) {
            for (int i = 0; i < n; i++) for (int j = 0; j < ts; j++) out[j * n + i] = typed[from + i * ts + j];
        } else if ((flags & 4) != 0 && n % 8 == 0) {
            java.util.Arrays.fill(out, 0, n * ts, (byte) 0);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < ts; j++) {
                    for (int k = 0; k < 8; k++) {
                        int bit = (typed[from + i * ts + j] >>> k) & 1;
                        int at = (8 * j + k) * (n / 8) + i / 8;
                        out[at] |= (byte) (bit << (i % 8));
                    }
                }
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- 1 and 2: the grid and the planes

    @Test
    void theGridIsTheTypedBytesAndTheBytePlanesTheirTranspose() {
        long[] x = timestamps(96, 1);
        for (String type : List.of("int32", "int64", "int16")) {
            int ts = Integer.parseInt(type.substring(3)) / 8;
            long[] v = type.equals("int16") ? java.util.Arrays.stream(x).map(t -> t % 30_000).toArray() : x;
            Teacher.Lesson l = BLOSC.teach(text(v), Map.of("type", type, "shuffle", "byte shuffle"));
            byte[] typed = littleEndian(v, ts);
            Node grid = child(steps(l), "1 · typesize grid");
            List<Field> elements = fields(grid, "lesson.element");
            assertEquals(96, elements.size());
            for (int i = 0; i < 96; i++) {
                Field f = elements.get(i);
                assertEquals(Long.toString(v[i]), f.value(), type + " x[" + i + "]");
                assertEquals(Span.bytes((long) i * ts, ts), f.span());
                assertArrayEquals(java.util.Arrays.copyOfRange(typed, i * ts, (i + 1) * ts), bytes(grid.source(), f.span()));
                List<Object> row = grid.tables().get(0).rows().get(i);
                for (int j = 0; j < ts; j++) assertEquals(String.format("%02x", typed[i * ts + j] & 0xff), row.get(2 + j), type + " row " + i + " byte " + j);
            }
            Node planes = child(steps(l), "2 · byte shuffle");
            ByteSource chunk = l.node().source();
            int bsize = (int) Math.min(nbytes(chunk), blocksize(chunk));
            byte[] expect = filtered(typed, 0, bsize, ts, 1);
            assertArrayEquals(expect, bytes(planes.source(), Span.bytes(0, planes.source().size())), type);
            int n = bsize / ts;
            List<Field> p = fields(planes, "lesson.plane");
            assertEquals(ts, p.size());
            for (int j = 0; j < ts; j++) {
                assertEquals(Span.bytes((long) j * n, n), p.get(j).span());
                // the plane holds byte j of each element, in order
                byte[] plane = bytes(planes.source(), p.get(j).span());
                for (int i = 0; i < n; i++) assertEquals(typed[i * ts + j], plane[i], type + " plane " + j + " x[" + i + "]");
            }
        }
    }

    @Test
    void bitPlanesAreTheTypedBitsSmallAndLarge() {
        for (int count : new int[] {96, BloscTeacher.MAX_VALUES}) {
            long[] x = timestamps(count, 2);
            Teacher.Lesson l = BLOSC.teach(text(x), Map.of("type", "int64", "shuffle", "bit shuffle", "codec", "lz4"));
            byte[] typed = littleEndian(x, 8);
            ByteSource chunk = l.node().source();
            assertEquals(4, flags(chunk) & 5, "bit shuffle, not byte shuffle");
            int bsize = (int) Math.min(nbytes(chunk), blocksize(chunk));
            int n = bsize / 8;
            Node bits = child(steps(l), "2 · bit shuffle");
            byte[] shown = bytes(bits.source(), Span.bytes(0, bits.source().size()));
            assertArrayEquals(filtered(typed, 0, bsize, 8, 4), shown, count + " values");
            DataTable t = bits.tables().get(0);
            assertEquals(64, t.rows().size());
            for (int r = 0; r < 64; r++) {
                StringBuilder want = new StringBuilder();
                for (int i = 0; i < Math.min(64, n); i++) {
                    want.append((typed[i * 8 + r / 8] >>> (r % 8)) & 1);
                    if (i % 8 == 7 && i + 1 < Math.min(64, n)) want.append(' ');
                }
                assertEquals(want.toString(), t.rows().get(r).get(3), count + " values, bit-row " + r);
            }
            for (Field f : fields(bits, "lesson.bit")) {
                int i = f.index();
                int bit = (bits.source().u8(f.span().byteOffset()) >>> f.span().bitInByte()) & 1;
                assertEquals(typed[i * 8] & 1, bit, "x[" + i + "]'s lowest bit where the field points");
                assertEquals(Integer.toString(bit), f.value());
            }
        }
    }

    // ---------------------------------------------------------------- 3: blocks

    @Test
    void blockCountsAndSizesAreTheHeaders() {
        // 512-byte blocks hold 128 elements: c-blosc then splits, and makes each stream at least 64 KiB / 4
        long[] x = timestamps(40_000, 3);
        Teacher.Lesson l = BLOSC.teach(text(x), Map.of("type", "int32", "block", "512"));
        ByteSource chunk = l.node().source();
        long nbytes = nbytes(chunk);
        long bs = blocksize(chunk);
        assertEquals(160_000, nbytes);
        assertEquals(65_536, bs);
        Node blocks = child(steps(l), "3 · blocks and streams");
        long nblocks = (nbytes + bs - 1) / bs;
        assertEquals(Long.toString(nblocks), fields(blocks, "lesson.nblocks").get(0).value());
        assertEquals(Long.toString(nbytes % bs), fields(blocks, "lesson.leftover").get(0).value());
        assertEquals(Span.bytes(16, 4 * nblocks), fields(blocks, "lesson.bstarts").get(0).span(), "the bstarts table follows the header");
        DataTable t = blocks.tables().get(0);
        assertEquals(nblocks, t.rows().size());
        long sum = 0;
        for (int b = 0; b < nblocks; b++) {
            List<Object> row = t.rows().get(b);
            long bsize = Math.min(bs, nbytes - b * bs);
            boolean leftover = b == nblocks - 1 && nbytes % bs != 0;
            int streams = (flags(chunk) & 0x10) == 0 && typesize(chunk) <= 16 && bsize / 4 >= 128 && !leftover ? 4 : 1;
            assertEquals(bsize, ((Number) row.get(2)).longValue(), "block " + b);
            assertEquals(streams, ((Number) row.get(3)).intValue(), "block " + b);
            assertEquals(bsize / streams, ((Number) row.get(4)).longValue(), "block " + b);
            // its bstart, read here from the table after the header
            assertEquals(chunk.i32le(16 + 4L * b), ((Number) row.get(6)).longValue(), "block " + b);
            sum += bsize;
        }
        assertEquals(nbytes, sum);
        assertEquals("4", fields(blocks, "lesson.split").get(0).value());
        assertEquals(3, child(steps(l), "4 · streams").childCount());
    }

    // ---------------------------------------------------------------- 4: tokens

    @Test
    void tokensReplayedMakeEveryStreamAndTileItSmall() {
        long[] x = timestamps(96, 4);
        for (String codec : List.of("blosclz", "lz4", "lz4hc", "snappy")) {
            int tokens = 0;
            for (String shuffle : List.of("byte shuffle", "bit shuffle", "none")) {
                tokens += checkTokens(x, Map.of("type", "int32", "codec", codec, "shuffle", shuffle), codec + " " + shuffle);
            }
            // Snappy does not shrink 384 bytes of these enough: c-blosc's rule stores them as a plain copy
            assertTrue(tokens > 0 || codec.equals("snappy"), codec);
            // split streams and a leftover block
            assertTrue(checkTokens(timestamps(40_000, 5), Map.of("type", "int32", "codec", codec, "block", "512"), codec + " 512") > 0, codec);
        }
    }

    @Test
    void tokensReplayedMakeEveryStreamAndTileItLarge() {
        long[] x = timestamps(BloscTeacher.MAX_VALUES, 6);
        for (String codec : List.of("blosclz", "lz4")) {
            assertTrue(checkTokens(x, Map.of("type", "int64", "codec", codec), codec + " 2^20 values") > 0, codec);
        }
    }

    /**
     * Every stream of every block, as the window lists it: its tokens tile its bytes, and
     * replayed they make its part of the typed block filtered. A plain copy has no streams:
     * step 4 points at the typed bytes after the header. Returns the tokens replayed.
     */
    private static int checkTokens(long[] x, Map<String, String> choices, String where) {
        Teacher.Lesson l = BLOSC.teach(text(x), choices);
        ByteSource chunk = l.node().source();
        int ts = typesize(chunk);
        byte[] typed = littleEndian(x, ts);
        if ((flags(chunk) & 2) != 0) {
            Field copy = fields(child(steps(l), "4 · streams"), "lesson.memcpyed").get(0);
            assertEquals(Span.bytes(16, typed.length), copy.span(), where);
            assertArrayEquals(typed, bytes(chunk, copy.span()), where);
            return 0;
        }
        long nbytes = nbytes(chunk);
        int bs = (int) blocksize(chunk);
        Node step4 = child(steps(l), "4 · streams");
        assertEquals((nbytes + bs - 1) / bs, step4.childCount(), where);
        int tokens = 0;
        for (int b = 0; b < step4.childCount(); b++) {
            Node block = step4.children().get(b);
            int bsize = (int) Math.min(bs, nbytes - (long) b * bs);
            byte[] made = new byte[bsize];
            int streams = block.childCount();
            int neblock = bsize / streams;
            for (int j = 0; j < streams; j++) {
                Node s = block.children().get(j);
                assertTrue(s.diagnostics().isEmpty(), where + " block " + b + " stream " + j + ": " + s.diagnostics());
                Field csize = fields(s, "lesson.csize").get(0);
                long dataAt = csize.span().byteEnd();
                long stored = chunk.i32le(csize.span().byteOffset());
                assertEquals(Long.toString(stored), csize.value());
                byte[] out = new byte[neblock];
                if (stored == neblock) {
                    assertEquals(Span.bytes(dataAt, stored), fields(s, "lesson.raw").get(0).span());
                    chunk.read(dataAt, out, 0, neblock);
                } else {
                    assertTrue(fields(s, "lesson.more_tokens").isEmpty(), where + ": every token listed");
                    tokens += replay(s, chunk, dataAt, stored, out, where + " block " + b + " stream " + j);
                }
                System.arraycopy(out, 0, made, j * neblock, neblock);
            }
            byte[] expect = filtered(typed, b * bs, bsize, ts, flags(chunk));
            // bytes past streams × neblock (a blocksize not a multiple of the split) are not stored: none here
            assertArrayEquals(expect, made, where + " block " + b);
        }
        return tokens;
    }

    /** Replays stream node {@code s}'s token fields into {@code out}; checks they tile [dataAt, dataAt + stored). */
    private static int replay(Node s, ByteSource chunk, long dataAt, long stored, byte[] out, String where) {
        long at = dataAt;
        int op = 0;
        int count = 0;
        for (Field f : s.fields()) {
            if (!f.key().equals("lesson.literals") && !f.key().equals("lesson.match") && !f.key().equals("lesson.preamble")) continue;
            assertEquals(count, f.index(), where);
            assertEquals(at, f.span().byteOffset(), where + " token " + count + " starts where the one before ends");
            assertTrue(f.span().isByteAligned() && f.span().byteLength() > 0, where);
            byte[] span = bytes(chunk, f.span());
            if (f.key().equals("lesson.literals")) {
                Matcher m = LITERALS.matcher(f.value());
                assertTrue(m.matches(), f.value());
                int n = Integer.parseInt(m.group(1).replace(",", ""));
                // the literal bytes end the span: the instruction bytes come first
                System.arraycopy(span, span.length - n, out, op, n);
                op += n;
            } else if (f.key().equals("lesson.match")) {
                Matcher m = MATCH.matcher(f.value());
                assertTrue(m.matches(), f.value());
                int n = Integer.parseInt(m.group(1).replace(",", ""));
                int d = Integer.parseInt(m.group(2));
                assertTrue(d >= 1 && d <= op, where + ": a match refers to output already made");
                for (int k = 0; k < n; k++) out[op + k] = out[op - d + k];
                op += n;
            } else {
                assertEquals(Integer.toString(out.length), f.value(), where + ": Snappy's preamble is the stream's size");
            }
            at = f.span().byteEnd();
            count++;
        }
        assertEquals(dataAt + stored, at, where + ": the tokens end where the stream ends");
        assertEquals(out.length, op, where + ": the tokens make the whole stream");
        return count;
    }

    /**
     * A zlib stream shows its two header bytes, its deflate data and its Adler-32, which is
     * the checksum (computed here) of the filtered bytes the stream makes; a zstd stream its
     * frame magic. The fields tile the stream.
     */
    @Test
    void zlibAndZstdStreamsShowTheirWrappers() {
        long[] x = timestamps(5000, 9);
        byte[] typed = littleEndian(x, 8);
        for (String codec : List.of("zlib", "zstd")) {
            int seen = 0;
            Teacher.Lesson l = BLOSC.teach(text(x), Map.of("type", "int64", "codec", codec, "block", "16384"));
            ByteSource chunk = l.node().source();
            int bs = (int) blocksize(chunk);
            Node block = child(steps(l), "4 · streams").children().get(0);
            int streams = block.childCount();
            byte[] filtered = filtered(typed, 0, bs, 8, flags(chunk));
            for (int j = 0; j < streams; j++) {
                Node s = block.children().get(j);
                Field csize = fields(s, "lesson.csize").get(0);
                long at = csize.span().byteEnd();
                long end = at + chunk.i32le(csize.span().byteOffset());
                if (!fields(s, "lesson.raw").isEmpty()) continue;
                seen++;
                if (codec.equals("zlib")) {
                    Field header = fields(s, "lesson.zlib_header").get(0);
                    Field deflate = fields(s, "lesson.deflate").get(0);
                    Field adler = fields(s, "lesson.adler32").get(0);
                    assertEquals(Span.bytes(at, 2), header.span());
                    assertEquals(0, (chunk.u8(at) * 256 + chunk.u8(at + 1)) % 31);
                    assertEquals(Span.bytes(at + 2, end - at - 6), deflate.span());
                    assertEquals(Span.bytes(end - 4, 4), adler.span());
                    java.util.zip.Adler32 sum = new java.util.zip.Adler32();
                    int neblock = bs / streams;
                    sum.update(filtered, j * neblock, neblock);
                    assertEquals(String.format("0x%08x", sum.getValue()), adler.value(), "block 0 stream " + j);
                } else {
                    assertEquals(Span.bytes(at, 4), fields(s, "lesson.zstd_magic").get(0).span());
                    assertEquals(0xFD2FB528L, chunk.u32le(at));
                    assertEquals(Span.bytes(at + 4, end - at - 4), fields(s, "lesson.zstd_frame").get(0).span());
                }
            }
            assertTrue(seen > 0, codec + ": a compressed stream checked");
        }
    }

    /** Every step of every codec and filter says its spec section, and every field is explained. */
    @Test
    void everyStepNamesItsSpecAndEveryFieldIsExplained() {
        long[] x = timestamps(3000, 10);
        for (String codec : BloscTeacher.CODEC.options()) {
            for (String shuffle : BloscTeacher.SHUFFLE.options()) {
                Teacher.Lesson l = BLOSC.teach(text(x), Map.of("type", "int32", "codec", codec, "shuffle", shuffle));
                Node steps = steps(l);
                List<Node> all = new ArrayList<>(List.of(steps));
                all.addAll(steps.children());
                Node step4 = child(steps, "4 · streams");
                if (step4.childCount() > 0) {
                    all.add(step4.children().get(0));
                    all.addAll(step4.children().get(0).children());
                }
                for (Node n : all) {
                    assertTrue(n.diagnostics().isEmpty(), codec + " " + shuffle + " " + n.name() + ": " + n.diagnostics());
                    if (n != steps) assertEquals("lesson.spec", n.fields().get(0).key(), n.name());
                    for (Field f : n.fields()) {
                        assertTrue(BloscLessonDocs.DOCS.documents(f.key()), codec + " " + n.name() + " " + f.key());
                        if (f.span() != null) assertTrue(f.span().byteEnd() <= n.source().size(), n.name() + " " + f.name() + " inside its source");
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- the parser on bad input

    @Test
    void theTokenParserMeetsRandomAndDamagedStreamsWithoutThrowing() {
        Random r = new Random(32);
        byte[] good = goodStream();
        for (Compformat cf : List.of(Compformat.BLOSCLZ, Compformat.LZ4, Compformat.SNAPPY)) {
            for (int trial = 0; trial < 3000; trial++) {
                byte[] s;
                if (trial % 3 == 0) {
                    s = new byte[r.nextInt(64)];
                    r.nextBytes(s);
                } else {
                    s = good.clone();
                    for (int k = 0; k < 1 + r.nextInt(4); k++) s[r.nextInt(s.length)] = (byte) r.nextInt(256);
                    if (trial % 3 == 2) s = java.util.Arrays.copyOf(s, r.nextInt(s.length + 1));
                }
                int outLen = r.nextInt(2048);
                StreamTokens.Parse p = StreamTokens.parse(cf, s, 0, s.length, outLen, 1 + r.nextInt(100));
                assertNotNull(p);
                assertTrue(p.consumed() <= s.length && p.produced() <= outLen, cf + " trial " + trial);
                int at = 0;
                int op = 0;
                for (StreamTokens.Token t : p.tokens()) {
                    assertEquals(at, t.start(), cf + " trial " + trial + ": tokens tile what was consumed");
                    assertEquals(op, t.outPos());
                    at = t.end();
                    op += t.outLength();
                    if (t.kind() == StreamTokens.Kind.MATCH) assertTrue(t.distance() >= 1 && t.distance() <= t.outPos());
                }
                assertTrue(at == p.consumed() && op == p.produced(), cf + " trial " + trial + ": the parse accounts for its tokens");
                if (p.complete()) StreamTokens.replay(p.tokens(), s, 0, outLen);
            }
        }
        // a stream outside its buffer is a problem, not an exception
        assertTrue(StreamTokens.parse(Compformat.LZ4, new byte[4], 2, 8, 10, 10).problem() != null);
    }

    /** A real BloscLZ stream (the bytes of one stream of a lesson's chunk), for damaging. */
    private static byte[] goodStream() {
        Teacher.Lesson l = BLOSC.teach(text(timestamps(96, 7)), Map.of("type", "int32"));
        ByteSource chunk = l.node().source();
        assertEquals(0, flags(chunk) & 2, "not a plain copy");
        long bstart = chunk.i32le(16);
        int csize = chunk.i32le(bstart);
        byte[] s = new byte[csize];
        chunk.read(bstart + 4, s, 0, csize);
        assertTrue(csize < 96 * 4, "compressed");
        return s;
    }

    @Test
    void aDirectParseOfEveryStreamAgreesWithTheDecoder() {
        // the parser's own replay against the chunk's decoder, on the lesson's codecs
        long[] x = timestamps(5000, 8);
        List<String> checked = new ArrayList<>();
        for (String codec : List.of("blosclz", "lz4", "snappy")) {
            Teacher.Lesson l = BLOSC.teach(text(x), Map.of("type", "int64", "codec", codec, "block", "4096"));
            ByteSource src = l.node().source();
            BloscChunk c = BloscChunk.read(src, 0, src.size());
            for (int b = 0; b < c.nblocks(); b++) {
                BlockLayout lay = c.layout(b);
                for (int j = 0; j < lay.nsplits(); j++) {
                    if (lay.raw(j)) continue;
                    byte[] s = new byte[lay.csizes()[j]];
                    src.read(lay.streamOffsets()[j] + 4, s, 0, s.length);
                    StreamTokens.Parse p = StreamTokens.parse(c.header().compformat(), s, 0, s.length, lay.neblock(), Integer.MAX_VALUE);
                    assertTrue(p.complete(), codec + " " + p.problem());
                    byte[] decoded = new byte[lay.neblock()];
                    try {
                        Codecs.local().decompress(c.header().compformat(), s, 0, s.length, decoded, 0, decoded.length);
                    } catch (org.packscope.codec.compress.CodecException e) {
                        throw new AssertionError(e);
                    }
                    assertArrayEquals(decoded, StreamTokens.replay(p.tokens(), s, 0, lay.neblock()), codec + " block " + b + " stream " + j);
                    checked.add(codec);
                }
            }
        }
        assertTrue(checked.containsAll(List.of("blosclz", "lz4", "snappy")), checked.toString());
    }
}
