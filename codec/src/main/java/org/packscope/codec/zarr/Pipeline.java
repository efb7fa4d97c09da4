package org.packscope.codec.zarr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.Codecs;
import org.packscope.codec.compress.ChunkCodecs;
import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.CodecId;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.pco.NumberType;
import org.packscope.codec.pco.PcoFile;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ChunkScratch;
import org.packscope.codec.store.ChunkedArray;

/**
 * How one chunk's stored bytes become its elements: Zarr v3's codec chain (array → array
 * codecs, one array → bytes codec, bytes → bytes codecs), into which v2's order, filters
 * and compressor are translated (F order is a transpose, a {@code >} dtype a big-endian
 * bytes codec, the compressor the last bytes → bytes codec). Decoding runs the chain
 * backwards and ends with the chunk's full shape in C order, little-endian.
 *
 * <p>Problems that stop a chunk throw a {@link ReadProblem}; problems that do not (a
 * crc32c mismatch, a damaged inner chunk of a shard) go to the {@code notes} sink, and
 * {@link #decodePartly} says which elements a damaged Blosc block, Pco chunk or inner
 * chunk leaves undecoded. Spans count in the stored file when the stage's input is the stored
 * bytes ({@code base} ≥ 0), and are left out when it is an intermediate buffer.
 */
final class Pipeline {

    /** A bytes → bytes codec. */
    sealed interface BytesCodec permits Crc32c, Compress, Blosc, Shuffle { String label(); }

    record Crc32c() implements BytesCodec { public String label() { return "crc32c"; } }

    /** A general-purpose codec; {@code sizePrefix}: numcodecs LZ4's 4-byte little-endian decoded size first. */
    record Compress(CodecId id, boolean sizePrefix, String label) implements BytesCodec { }

    record Blosc() implements BytesCodec { public String label() { return "blosc"; } }

    /** numcodecs' byte shuffle filter: byte j of every element together. */
    record Shuffle(int elementSize) implements BytesCodec { public String label() { return "shuffle"; } }

    /** The array → bytes codec. */
    sealed interface ArrayBytes permits Bytes, Pcodec, Sharding { String label(); }

    record Bytes(boolean bigEndian) implements ArrayBytes {
        public String label() { return "bytes (" + (bigEndian ? "big" : "little") + "-endian)"; }
    }

    record Pcodec() implements ArrayBytes { public String label() { return "pcodec"; } }

    /** sharding_indexed: inner chunks of {@code inner}'s shape, each decoded by {@code inner}; an index of (offset, nbytes) pairs. */
    record Sharding(Pipeline inner, boolean indexAtStart, boolean indexBigEndian, boolean indexCrc) implements ArrayBytes {
        public String label() { return "sharding_indexed"; }
    }

    /** An array → array codec. */
    sealed interface ArrayCodec permits Transpose, Delta { String label(); }

    /** Encoded dimension i is the array's dimension order[i]. */
    record Transpose(int[] order) implements ArrayCodec {
        public String label() { return "transpose " + Arrays.toString(order); }
    }

    /** numcodecs' delta filter: differences of consecutive values, stored as {@code astype}. */
    record Delta(DataType dtype, DataType astype) implements ArrayCodec {
        public String label() { return "delta (as " + astype.text() + ")"; }
    }

    final int[] chunkShape;
    final DataType dtype;
    final byte[] fill;
    final List<ArrayCodec> arrayCodecs;
    final ArrayBytes arrayBytes;
    final List<BytesCodec> bytesCodecs;
    final long elements;
    /** shapes[k] and types[k]: the array before array codec k (encode order); the last entries go to the array → bytes codec. */
    private final int[][] shapes;
    private final DataType[] types;
    /** sizes[i]: the byte size going into bytes codec i (encode order), -1 when it depends on the data. */
    private final long[] sizes;

    Pipeline(int[] chunkShape, DataType dtype, byte[] fill, List<ArrayCodec> arrayCodecs, ArrayBytes arrayBytes, List<BytesCodec> bytesCodecs) {
        this.chunkShape = chunkShape.clone();
        this.dtype = dtype;
        this.fill = fill;
        this.arrayCodecs = List.copyOf(arrayCodecs);
        this.arrayBytes = arrayBytes;
        this.bytesCodecs = List.copyOf(bytesCodecs);
        long n = 1;
        for (int e : chunkShape) n = times(n, e);
        this.elements = n;
        int k = arrayCodecs.size();
        shapes = new int[k + 1][];
        types = new DataType[k + 1];
        shapes[0] = chunkShape.clone();
        types[0] = dtype;
        for (int i = 0; i < k; i++) {
            ArrayCodec c = arrayCodecs.get(i);
            if (c instanceof Transpose t) {
                int[] s = new int[shapes[i].length];
                for (int d = 0; d < s.length; d++) s[d] = shapes[i][t.order()[d]];
                shapes[i + 1] = s;
                types[i + 1] = types[i];
            } else if (c instanceof Delta d) {
                shapes[i + 1] = shapes[i];
                types[i + 1] = d.astype();
            }
        }
        sizes = new long[bytesCodecs.size()];
        long s = arrayBytes instanceof Bytes ? times(elements, types[k].itemSize()) : -1;
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = s;
            BytesCodec c = bytesCodecs.get(i);
            s = c instanceof Crc32c ? (s < 0 ? -1 : s + 4) : c instanceof Shuffle ? s : -1;
        }
    }

    /** Codecs and filters one chunk may go through, shards' inner chains included: more is refused, not run. */
    static final int MAX_CODECS = 32;

    /** {@code a × b} for non-negative factors, {@link Long#MAX_VALUE} when it overflows: sizes from metadata can claim anything. */
    static long times(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }

    /** {@code a + b} for non-negative terms, {@link Long#MAX_VALUE} when it overflows. */
    static long plus(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    /** Bytes of the decoded chunk: the full chunk shape times the item size. */
    long decodedBytes() { return times(elements, dtype.itemSize()); }

    /**
     * The most bytes a stored chunk of this pipeline can hold: the encoded size, grown by
     * each compressor's worst case (generously: an eighth and 64 KB) and each checksum. A
     * chunk file larger than this is damaged whatever it holds, and is not read.
     */
    long maxStoredBytes() {
        long s;
        if (arrayBytes instanceof Bytes) {
            s = encodedBytes();
        } else if (arrayBytes instanceof Pcodec) {
            s = plus(times(times(elements, encodedType().itemSize()), 2), 1 << 20);
        } else {
            Pipeline inner = ((Sharding) arrayBytes).inner();
            s = plus(times(innerCount(), inner.maxStoredBytes()), indexSize());
        }
        for (BytesCodec c : bytesCodecs) {
            s = c instanceof Crc32c ? plus(s, 4) : c instanceof Shuffle ? s : plus(plus(s, s / 8), 1 << 16);
        }
        return s;
    }

    /** The element type handed to the array → bytes codec (differs from the dtype after a delta's astype). */
    DataType encodedType() { return types[types.length - 1]; }

    /** The bytes the array → bytes codec makes (what the first bytes → bytes codec takes), -1 when data-dependent. */
    long encodedBytes() { return arrayBytes instanceof Bytes ? times(elements, encodedType().itemSize()) : -1; }

    /** Every codec, in the order the metadata lists them (encode order). */
    List<String> labels() {
        List<String> out = new ArrayList<>();
        arrayCodecs.forEach(c -> out.add(c.label()));
        out.add(arrayBytes.label());
        bytesCodecs.forEach(c -> out.add(c.label()));
        return out;
    }

    // ------------------------------------------------------------------ decoding

    /** The chunk's elements in C order, little-endian; {@code base}: where {@code stored} starts in its file (-1 unknown). */
    byte[] decode(byte[] stored, long base, Consumer<Diagnostic> notes) {
        Lost lost = new Lost();
        byte[] b = decode(stored, stored.length, base, notes, lost, null);
        if (lost.unreported != null) throw new ReadProblem(lost.unreported);
        return b;
    }

    /**
     * The chunk decoded as far as it can be: a Blosc block, a Pco chunk or a shard's inner
     * chunk that fails leaves only its own elements undecoded (marked in
     * {@link ChunkedArray.Decoded#lost}); what stops the whole chunk still throws.
     */
    ChunkedArray.Decoded decodePartly(byte[] stored, long base, Consumer<Diagnostic> notes) {
        return decodePartly(stored, stored.length, base, notes, null);
    }

    /**
     * As {@link #decodePartly(byte[], long, Consumer)}, of the first {@code length} bytes of
     * {@code stored}; with {@code scratch}, a Blosc stage decodes into the thread's own
     * buffer, so the bytes returned are valid only until its next chunk (a check's, a bulk
     * decode's: nobody keeps them).
     */
    ChunkedArray.Decoded decodePartly(byte[] stored, int length, long base, Consumer<Diagnostic> notes, ChunkScratch scratch) {
        Lost lost = new Lost();
        byte[] b = decode(stored, length, base, notes, lost, scratch);
        if (lost.elements == null) return new ChunkedArray.Decoded(b, null, null);
        if (lost.unreported != null) notes.accept(lost.unreported);
        Diagnostic why = lost.unreported != null ? lost.unreported : lost.first;
        return new ChunkedArray.Decoded(b, lost.elements, why == null ? "part of the chunk could not be decoded" : why.message());
    }

    /**
     * The elements (chunk C order) a stage could not decode, carried through the stages after
     * it. {@code unreported}: the first such problem not yet given to the notes (Blosc, Pco);
     * a shard's inner chunks are noted as they fail, the first of them kept in {@code first}.
     */
    private static final class Lost {
        BitSet bytes;
        BitSet elements;
        Diagnostic unreported;
        Diagnostic first;

        void element(long from, long to, Diagnostic why, boolean noted) {
            if (elements == null) elements = new BitSet();
            elements.set((int) from, (int) to);
            if (first == null) first = why;
            if (!noted && unreported == null) unreported = why;
        }
    }

    private byte[] decode(byte[] stored, int length, long base, Consumer<Diagnostic> notes, Lost lost, ChunkScratch scratch) {
        long need = Math.max(decodedBytes(), arrayBytes instanceof Pcodec ? elements * 8 : 0);
        if (need > limit() || elements > Integer.MAX_VALUE - 16) {
            // checked before anything is allocated: metadata can claim any chunk shape
            throw ReadProblem.at(ZarrRules.CHUNK_TOO_LARGE, null, "a chunk of " + Arrays.toString(chunkShape) + " × " + dtype.itemSize()
                    + " bytes needs " + need + " bytes in memory, more than the " + limit() + " PackScope allows one chunk here; not decoded");
        }
        byte[] b = stored;
        int bLength = length;
        long at = base;
        for (int i = bytesCodecs.size() - 1; i >= 0; i--) {
            BytesCodec c = bytesCodecs.get(i);
            // a stage after a partly decoded Blosc mixes byte positions: the damage spreads over the chunk
            if (lost.bytes != null) throw new ReadProblem(lost.unreported);
            if (c instanceof Blosc) {
                b = blosc(b, bLength, at, sizes[i], lost, scratch);
            } else {
                b = decodeBytes(c, exact(b, bLength), at, sizes[i], notes);
            }
            bLength = b.length;
            if (!(c instanceof Crc32c)) at = -1;
        }
        b = exact(b, bLength);
        int k = arrayCodecs.size();
        if (lost.bytes != null && !(arrayBytes instanceof Bytes)) throw new ReadProblem(lost.unreported);
        b = decodeArrayBytes(b, at, notes, lost);
        if (lost.bytes != null) {
            // an element is lost when any of its bytes is
            int w = encodedType().itemSize();
            for (int from = lost.bytes.nextSetBit(0); from >= 0; from = lost.bytes.nextSetBit(from)) {
                int to = lost.bytes.nextClearBit(from);
                lost.element(from / w, (to + w - 1) / w, lost.unreported, false);
                from = to;
            }
            lost.bytes = null;
        }
        for (int i = k - 1; i >= 0; i--) {
            ArrayCodec c = arrayCodecs.get(i);
            if (c instanceof Transpose t) {
                b = untranspose(b, shapes[i + 1], t.order(), types[i].itemSize());
                if (lost.elements != null) lost.elements = fromMask(untranspose(mask(lost.elements), shapes[i + 1], t.order(), 1));
            } else if (c instanceof Delta d) {
                b = undelta(b, d);
                // every element after a lost one sums it in
                if (lost.elements != null) lost.elements.set(lost.elements.nextSetBit(0), (int) elements);
            }
        }
        return b;
    }

    /** A byte per element, 1 where lost, for the shape-moving helpers (which take items of any width). */
    private byte[] mask(BitSet set) {
        byte[] m = new byte[(int) elements];
        for (int i = set.nextSetBit(0); i >= 0 && i < m.length; i = set.nextSetBit(i + 1)) m[i] = 1;
        return m;
    }

    private static BitSet fromMask(byte[] m) {
        BitSet out = new BitSet(m.length);
        for (int i = 0; i < m.length; i++) if (m[i] != 0) out.set(i);
        return out;
    }

    /** The most bytes one decoded chunk may take: a quarter of the heap, and what a Java array holds. */
    static long limit() {
        return Math.min(Integer.MAX_VALUE - 16, Runtime.getRuntime().maxMemory() / 4);
    }

    private static Span at(long base, long offset, long length) {
        return base < 0 ? null : Span.bytes(base + offset, length);
    }

    private byte[] decodeBytes(BytesCodec c, byte[] in, long at, long expected, Consumer<Diagnostic> notes) {
        if (c instanceof Crc32c) {
            if (in.length < 4) throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, 0, in.length), "a crc32c chunk needs 4 checksum bytes but holds " + in.length);
            int n = in.length - 4;
            long stored = u32le(in, n);
            long actual = crc32c(in, 0, n);
            if (stored != actual) {
                notes.accept(Diagnostic.error(at(at, n, 4), ZarrRules.CRC32C_MISMATCH, String.format(
                        "stored crc32c 0x%08x, the %d bytes before it give 0x%08x", stored, n, actual)));
            }
            return Arrays.copyOf(in, n);
        }
        if (c instanceof Shuffle s) return unshuffle(in, s.elementSize());
        Compress z = (Compress) c;
        int off = 0;
        long want = expected;
        if (z.sizePrefix()) {
            if (in.length < 4) throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, 0, in.length), "an LZ4 chunk starts with a 4-byte size but holds " + in.length + " bytes");
            long prefix = u32le(in, 0);
            if (want >= 0 && prefix != want) {
                throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, 0, 4), "the LZ4 size prefix says " + prefix + " bytes, the chunk needs " + want);
            }
            want = prefix;
            off = 4;
        }
        int cap = (int) (want >= 0 ? Math.min(want, limit()) : Math.min(limit(), Math.max(1L << 20, 64L * in.length)));
        byte[] out = new byte[cap];
        int got;
        try {
            got = ChunkCodecs.local().decode(z.id(), in, off, in.length - off, out, 0, cap);
        } catch (CodecException e) {
            throw ReadProblem.at(ZarrRules.CHUNK_UNDECODABLE, e.inputOffset() < 0 ? at(at, 0, 0) : at(at, off + e.inputOffset(), 0), e.getMessage());
        }
        if (want >= 0 && got != want) {
            throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, 0, 0), z.label() + " stream decodes to " + got + " bytes, " + want + " expected");
        }
        return got == out.length ? out : Arrays.copyOf(out, got);
    }

    /** The first {@code length} bytes of {@code b}: {@code b} itself when that is all of it. */
    private static byte[] exact(byte[] b, int length) {
        return b.length == length ? b : Arrays.copyOf(b, length);
    }

    /**
     * A Blosc chunk decoded through Blosc's own reader (its header typesize drives the
     * unshuffle), block by block: a block that fails reads as zeros and its bytes go to
     * {@code lost}, so the blocks around it still count.
     */
    private static byte[] blosc(byte[] in, int length, long at, long expected, Lost lost, ChunkScratch scratch) {
        BloscChunk c = BloscChunk.read(new ArraySource(in, 0, length, "chunk"), 0, length);
        for (Diagnostic d : c.problems()) if (d.severity() == Severity.ERROR) throw new ReadProblem(shift(d, at));
        if (c.header() == null) throw ReadProblem.at(ZarrRules.CHUNK_UNDECODABLE, at(at, 0, 0), "no Blosc header");
        if (expected >= 0 && c.header().nbytes() != expected) {
            throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, 4, 4), "the Blosc header says nbytes " + c.header().nbytes()
                    + ", the chunk needs " + expected + " bytes");
        }
        if (c.nbytes() > limit()) throw ReadProblem.at(ZarrRules.CHUNK_TOO_LARGE, at(at, 4, 4), "the Blosc header says nbytes " + c.nbytes());
        byte[] out = scratch == null ? new byte[(int) c.nbytes()] : scratch.decoded((int) c.nbytes());
        if (out == in) out = new byte[out.length]; // a Blosc stage over another's output: never decode onto the input
        Codecs ctx = Codecs.local();
        for (long u = 0, n = c.units(); u < n; u++) {
            int from = (int) c.unitStart(u), len = c.unitLength(u);
            try {
                if (!c.unitLocatable(u)) {
                    // checked before decoding into the block: its streams may claim any size
                    Diagnostic where = c.header().memcpyed() ? null : c.layout((int) u).problem();
                    throw where != null ? new ReadProblem(where)
                            : ReadProblem.at(ZarrRules.CHUNK_UNDECODABLE, null, "Blosc block " + u + " cannot be located");
                }
                c.decodeUnit(u, out, from, ctx);
            } catch (ReadProblem e) {
                Arrays.fill(out, from, from + len, (byte) 0);
                if (lost.bytes == null) lost.bytes = new BitSet();
                lost.bytes.set(from, from + len);
                if (lost.unreported == null) lost.unreported = shift(e.diagnostic(), at);
            }
        }
        return out;
    }

    /** A diagnostic from a reader of an in-memory copy, moved to where the copy starts in its file. */
    static Diagnostic shift(Diagnostic d, long at) {
        Span s = d.span();
        Span moved = s == null || at < 0 ? null : Span.bits(s.startBit() + at * 8, s.bitLength());
        return new Diagnostic(d.severity(), moved, d.rule(), d.message());
    }

    private byte[] decodeArrayBytes(byte[] in, long at, Consumer<Diagnostic> notes, Lost lost) {
        DataType t = encodedType();
        int[] shape = shapes[shapes.length - 1];
        long want = times(elements, t.itemSize());
        if (arrayBytes instanceof Bytes b) {
            if (in.length != want) {
                throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, Math.min(in.length, want), 0), "the chunk holds " + in.length
                        + " bytes, its shape " + Arrays.toString(shape) + " × " + t.itemSize() + "-byte items need " + want);
            }
            if (b.bigEndian() && t.swapUnit() > 1) swap(in, t.swapUnit());
            return in;
        }
        if (arrayBytes instanceof Pcodec) return pcodec(in, at, t, lost);
        return unshard((Sharding) arrayBytes, in, at, notes, lost);
    }

    private byte[] pcodec(byte[] in, long at, DataType t, Lost lost) {
        PcoFile f;
        try {
            f = PcoFile.open(ByteSource.of(in, "chunk"));
        } catch (RuntimeException e) {
            throw ReadProblem.at(ZarrRules.CHUNK_UNDECODABLE, at(at, 0, 0), "Pco: " + e.getMessage());
        }
        for (Diagnostic d : f.diagnostics()) if (d.severity() == Severity.ERROR) throw new ReadProblem(shift(d, at));
        NumberType nt = f.numberType();
        if (nt == null || nt.valueType.byteWidth() != t.itemSize() || t.complex()) {
            throw ReadProblem.at(ZarrRules.CHUNK_UNDECODABLE, at(at, 0, 0), "the Pco file holds " + (nt == null ? "no single number type" : nt.label())
                    + ", the array's data type is " + t.label());
        }
        if (f.totalN() != elements) {
            throw ReadProblem.at(ZarrRules.CHUNK_SIZE, at(at, 0, 0), "the Pco file holds " + f.totalN() + " numbers, the chunk has " + elements + " elements");
        }
        long[] values = new long[(int) elements];
        for (PcoFile.Chunk c : f.chunks()) {
            try {
                f.decodeChunk(c, values, (int) c.firstRow());
            } catch (RuntimeException e) {
                // the Pco chunks around it decode on their own
                lost.element(c.firstRow(), c.firstRow() + c.n(), Diagnostic.error(at(at, c.startByte(), 0), ZarrRules.CHUNK_UNDECODABLE,
                        "Pco chunk " + c.index() + ": " + e.getMessage()), false);
            }
        }
        int w = t.itemSize();
        byte[] out = new byte[(int) (elements * w)];
        for (int i = 0, p = 0; i < values.length; i++, p += w) FillValue.writeLE(values[i], out, p, w);
        return out;
    }

    // ------------------------------------------------------------------ sharding

    /** One entry of a shard index: where the inner chunk lies in the shard, and the entry's own place. */
    record IndexEntry(long offset, long nbytes, long entryAt) {
        boolean empty() { return offset == -1 && nbytes == -1; }
    }

    /** Inner chunks per shard (saturating: a grid of 2^40 inner chunks is a number, not an overflow). */
    long innerCount() {
        Sharding s = (Sharding) arrayBytes;
        long n = 1;
        for (int d = 0; d < chunkShape.length; d++) n = times(n, chunkShape[d] / s.inner().chunkShape[d]);
        return n;
    }

    int[] innerGrid() {
        Sharding s = (Sharding) arrayBytes;
        int[] g = new int[chunkShape.length];
        for (int d = 0; d < g.length; d++) g[d] = chunkShape[d] / s.inner().chunkShape[d];
        return g;
    }

    /** Bytes of the index, its crc32c included (in long: 2^28 entries are 4 GB, not 0). */
    long indexSize() { return plus(times(innerCount(), 16), ((Sharding) arrayBytes).indexCrc() ? 4 : 0); }

    /** Where the index starts in a shard of {@code size} bytes. */
    long indexAt(long size) { return ((Sharding) arrayBytes).indexAtStart() ? 0 : size - indexSize(); }

    /** The index entries of a shard; a shard too small for its index throws. Checks the index crc32c into {@code notes}. */
    List<IndexEntry> readIndex(byte[] shard, long at, Consumer<Diagnostic> notes) {
        Sharding s = (Sharding) arrayBytes;
        long size = indexSize();
        if (shard.length < size) {
            throw ReadProblem.at(ZarrRules.SHARD_INDEX, at(at, 0, shard.length), "the shard holds " + shard.length
                    + " bytes, less than its index of " + size + " (" + innerCount() + " inner chunks × 16" + (s.indexCrc() ? " + crc32c 4" : "") + ")");
        }
        int n = (int) innerCount();
        int idx = (int) indexAt(shard.length);
        if (s.indexCrc()) {
            long stored = u32le(shard, idx + 16 * n);
            long actual = crc32c(shard, idx, 16 * n);
            if (stored != actual) {
                notes.accept(Diagnostic.error(at(at, idx + 16L * n, 4), ZarrRules.CRC32C_MISMATCH, String.format(
                        "shard index: stored crc32c 0x%08x, the index entries give 0x%08x", stored, actual)));
            }
        }
        List<IndexEntry> out = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            int p = idx + 16 * j;
            long off = s.indexBigEndian() ? u64be(shard, p) : u64le(shard, p);
            long nb = s.indexBigEndian() ? u64be(shard, p + 8) : u64le(shard, p + 8);
            out.add(new IndexEntry(off, nb, p));
        }
        return out;
    }

    /** Why an index entry cannot be used in a shard of {@code size} bytes, or null when it can. */
    static String entryProblem(IndexEntry e, long size) {
        if (e.empty()) return null;
        if (e.offset() < 0 || e.nbytes() < 0 || e.offset() > size || e.nbytes() > size - e.offset()) {
            return "inner chunk at offset " + Long.toUnsignedString(e.offset()) + " with " + Long.toUnsignedString(e.nbytes())
                    + " bytes reaches beyond the shard's " + size + " bytes";
        }
        return null;
    }

    private byte[] unshard(Sharding s, byte[] shard, long at, Consumer<Diagnostic> notes, Lost lost) {
        List<IndexEntry> index = readIndex(shard, at, notes);
        Pipeline inner = s.inner();
        int w = dtype.itemSize();
        byte[] out = new byte[(int) (elements * w)];
        fillWith(out, fill, w);
        int[] grid = innerGrid();
        long[] c = new long[grid.length];
        for (int j = 0; j < index.size(); j++) {
            IndexEntry e = index.get(j);
            // inner chunk j's grid coordinates in C order
            for (int d = grid.length - 1, r = j; d >= 0; d--) {
                c[d] = r % grid[d];
                r /= grid[d];
            }
            if (e.empty()) continue;
            String problem = entryProblem(e, shard.length);
            if (problem != null) {
                Diagnostic d = Diagnostic.error(at(at, e.entryAt(), 16), ZarrRules.SHARD_INDEX, "inner chunk " + key(c) + ": " + problem
                        + "; its elements are not decoded");
                notes.accept(d);
                lose(lost, inner, c, null, d);
                continue;
            }
            ChunkedArray.Decoded part;
            try {
                part = inner.decodePartly(Arrays.copyOfRange(shard, (int) e.offset(), (int) (e.offset() + e.nbytes())),
                        at < 0 ? -1 : at + e.offset(), notes);
            } catch (ReadProblem p) {
                Diagnostic d = p.diagnostic();
                d = new Diagnostic(d.severity(), d.span(), d.rule(), "inner chunk " + key(c) + ": " + d.message() + "; its elements are not decoded");
                notes.accept(d);
                lose(lost, inner, c, null, d);
                continue;
            }
            place(part.bytes(), inner.chunkShape, c, out, chunkShape, w);
            if (part.lost() != null) lose(lost, inner, c, part.lost(), Diagnostic.error(null, ZarrRules.CHUNK_UNDECODABLE, "inner chunk " + key(c) + ": " + part.why()));
        }
        return out;
    }

    /** Marks inner chunk {@code c}'s elements (all, or those in {@code inner}'s own lost set) as lost in this chunk. */
    private void lose(Lost lost, Pipeline inner, long[] c, BitSet innerLost, Diagnostic why) {
        byte[] part = new byte[(int) inner.elements];
        if (innerLost == null) Arrays.fill(part, (byte) 1);
        else for (int i = innerLost.nextSetBit(0); i >= 0 && i < part.length; i = innerLost.nextSetBit(i + 1)) part[i] = 1;
        byte[] whole = lost.elements == null ? new byte[(int) elements] : mask(lost.elements);
        place(part, inner.chunkShape, c, whole, chunkShape, 1);
        BitSet set = fromMask(whole);
        lost.element(0, 0, why, true);
        lost.elements = set;
    }

    static String key(long[] c) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < c.length; d++) sb.append(d > 0 ? "." : "").append(c[d]);
        return sb.length() == 0 ? "0" : sb.toString();
    }

    /** Copies a C-order block of shape {@code inner} into {@code out} (shape {@code outer}) at block coordinates {@code c}. */
    static void place(byte[] part, int[] inner, long[] c, byte[] out, int[] outer, int w) {
        int rank = inner.length;
        if (rank == 0) {
            System.arraycopy(part, 0, out, 0, w);
            return;
        }
        int row = inner[rank - 1] * w;
        int[] idx = new int[rank];
        long rows = part.length / Math.max(1, row);
        for (long r = 0; r < rows; r++) {
            long dst = 0;
            for (int d = 0; d < rank; d++) {
                long coord = c[d] * inner[d] + (d == rank - 1 ? 0 : idx[d]);
                dst = dst * outer[d] + coord;
            }
            System.arraycopy(part, (int) (r * row), out, (int) (dst * w), row);
            for (int d = rank - 2; d >= 0; d--) {
                if (++idx[d] < inner[d]) break;
                idx[d] = 0;
            }
        }
    }

    static void fillWith(byte[] out, byte[] fill, int w) {
        if (fill == null) return;
        for (int p = 0; p + w <= out.length; p += w) System.arraycopy(fill, 0, out, p, w);
    }

    // ------------------------------------------------------------------ array codecs and filters

    /** The C-order array of shape {@code encShape[inverse]} from its transposed encoding. */
    static byte[] untranspose(byte[] in, int[] encShape, int[] order, int w) {
        int rank = encShape.length;
        int[] outShape = new int[rank];
        for (int i = 0; i < rank; i++) outShape[order[i]] = encShape[i];
        long[] encStride = new long[rank];
        long s = 1;
        for (int i = rank - 1; i >= 0; i--) {
            encStride[i] = s;
            s *= encShape[i];
        }
        // output dimension d is encoded dimension i with order[i] == d
        long[] stride = new long[rank];
        for (int i = 0; i < rank; i++) stride[order[i]] = encStride[i];
        byte[] out = new byte[in.length];
        int[] idx = new int[rank];
        long total = in.length / Math.max(1, w);
        long src = 0;
        for (long p = 0; p < total; p++) {
            System.arraycopy(in, (int) (src * w), out, (int) (p * w), w);
            for (int d = rank - 1; d >= 0; d--) {
                src += stride[d];
                if (++idx[d] < outShape[d]) break;
                src -= stride[d] * outShape[d];
                idx[d] = 0;
            }
        }
        return out;
    }

    static byte[] unshuffle(byte[] in, int es) {
        if (es <= 1) return in;
        int count = in.length / es;
        byte[] out = in.clone();
        for (int j = 0; j < es; j++) {
            for (int i = 0; i < count; i++) out[i * es + j] = in[j * count + i];
        }
        return out;
    }

    /** numcodecs delta: the values are the running sum of the stored differences, in the array's type. */
    static byte[] undelta(byte[] in, Delta d) {
        DataType from = d.astype(), to = d.dtype();
        int wi = from.itemSize(), wo = to.itemSize();
        int n = in.length / wi;
        byte[] out = new byte[n * wo];
        if (to.isFloat()) {
            double acc = 0;
            for (int i = 0; i < n; i++) {
                acc += asDouble(from, in, i * wi);
                if (wo == 4) acc = (float) acc;
                long bits = wo == 8 ? Double.doubleToRawLongBits(acc) : Float.floatToRawIntBits((float) acc);
                FillValue.writeLE(bits, out, i * wo, wo);
            }
            return out;
        }
        long acc = 0;
        for (int i = 0; i < n; i++) {
            acc += from.isFloat() ? (long) asDouble(from, in, i * wi) : asLong(from, in, i * wi);
            FillValue.writeLE(acc, out, i * wo, wo);
        }
        return out;
    }

    private static long asLong(DataType t, byte[] b, int p) {
        int w = t.itemSize();
        long v = 0;
        for (int k = w - 1; k >= 0; k--) v = v << 8 | (b[p + k] & 0xff);
        if (t.valueType().kind() == ValueType.Kind.INT && w < 8) v = v << (64 - 8 * w) >> (64 - 8 * w);
        return v;
    }

    private static double asDouble(DataType t, byte[] b, int p) {
        if (!t.isFloat()) return asLong(t, b, p);
        long bits = asLong(t, b, p);
        return t.itemSize() == 8 ? Double.longBitsToDouble(bits) : t.itemSize() == 4 ? Float.intBitsToFloat((int) bits)
                : ValueType.halfToDouble((int) bits & 0xffff);
    }

    static void swap(byte[] b, int unit) {
        for (int p = 0; p + unit <= b.length; p += unit) {
            for (int i = 0, j = unit - 1; i < j; i++, j--) {
                byte t = b[p + i];
                b[p + i] = b[p + j];
                b[p + j] = t;
            }
        }
    }

    static long crc32c(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return c.getValue();
    }

    static long u32le(byte[] b, int p) {
        return (b[p] & 0xffL) | (b[p + 1] & 0xffL) << 8 | (b[p + 2] & 0xffL) << 16 | (b[p + 3] & 0xffL) << 24;
    }

    static long u64le(byte[] b, int p) { return u32le(b, p) | u32le(b, p + 4) << 32; }

    static long u64be(byte[] b, int p) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = v << 8 | (b[p + i] & 0xff);
        return v;
    }
}
