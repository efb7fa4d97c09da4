package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.compress.CodecException;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;

/**
 * Follows bytes {@code [pos, pos+width)} of a chunk's decompressed data back to the bits
 * stored for them: header, block (via bstarts), split stream (csize, codec run), and the
 * position the shuffle moved each byte (or, for bit shuffle, each bit) to. Decodes only
 * the blocks holding those bytes. A block the fast path cannot decode reads as zeros here
 * too, so the traced bytes always equal what the value column returns. Never throws for
 * bad content.
 */
public final class ChunkTrace {
    private ChunkTrace() { }

    /** Steps past this many per value are counted, not listed (a |S1000 value has 1000 bytes). */
    static final int MAX_STEPS = 160;

    /** The steps and the bytes they lead to. */
    public record Result(List<Trace.Step> steps, byte[] bytes) { }

    /** Where one split stream's bytes can be read: the file (raw stream) or its decompressed copy. */
    private record StreamView(ByteSource source, long offset, int length) { }

    private static final class BlockState {
        BlockLayout layout;
        boolean failed;
        final Map<Integer, StreamView> streams = new HashMap<>();
    }

    private static final class Steps {
        final List<Trace.Step> list = new ArrayList<>();
        int omitted;

        void add(String title, Object value, String explanation, ByteSource src, Span span) {
            if (list.size() >= MAX_STEPS) {
                omitted++;
                return;
            }
            list.add(new Trace.Step(title, String.valueOf(value), explanation, span == null ? null : src, span));
        }

        List<Trace.Step> done() {
            if (omitted > 0) {
                list.add(new Trace.Step("…", omitted + " more steps",
                        "the remaining bytes are found the same way; " + omitted + " steps are not listed", null, null));
            }
            return list;
        }
    }

    /** Traces {@code width} bytes at {@code pos} of chunk {@code c}, called {@code label} in the step texts. */
    public static Result trace(BloscChunk c, String label, long pos, int width) {
        Steps s = new Steps();
        byte[] out = new byte[Math.max(0, width)];
        try {
            return trace(c, label, pos, out, s);
        } catch (OutOfRangeException e) {
            // the checks above should make this unreachable; a trace still never throws for bad content
            s.add("unreadable", "zeros", "a read at " + e.offset() + " ran past the end of its source: " + e.getMessage(), null, null);
            java.util.Arrays.fill(out, (byte) 0);
            return new Result(s.done(), out);
        }
    }

    private static Result trace(BloscChunk c, String label, long pos, byte[] out, Steps s) {
        int width = out.length;
        ChunkHeader h = c.header();
        ByteSource src = c.source();
        long base = c.base();
        if (h == null) {
            s.add("Blosc header of " + label, "truncated",
                    "a Blosc chunk starts with a 16-byte header, but only " + (c.end() - base)
                            + " bytes are present; nothing can be decoded, the value reads as zeros",
                    src, Span.bytes(base, Math.max(0, c.end() - base)));
            return new Result(s.done(), out);
        }
        Compformat cf = h.compformat();
        s.add("Blosc header of " + label, ChunkNodes.summary(c),
                "16 bytes: version " + h.version() + ", versionlz " + h.versionlz() + ", flags "
                        + String.format(Locale.ROOT, "0x%02x", h.flags()) + " (codec " + (cf == null ? "code " + h.compformatCode() : cf.label())
                        + ", " + (h.memcpyed() ? "memcpyed" : h.shuffle() ? "byte shuffle" : h.bitshuffle() ? "bit shuffle" : "no shuffle")
                        + (h.dontSplit() ? ", dont_split" : "") + "), typesize " + h.typesize() + ", nbytes " + h.nbytes()
                        + ", blocksize " + h.blocksize() + ", cbytes " + h.cbytes(),
                src, Span.bytes(base, ChunkHeader.SIZE));
        if (c.fatal() != null) {
            s.add("not decodable", "zeros", "the chunk cannot be decoded (" + c.fatal() + "); its values read as zeros",
                    null, null);
            return new Result(s.done(), out);
        }
        if (pos < 0 || width < 0 || pos > c.nbytes() - width) {
            s.add("out of range", pos, "bytes " + pos + ".." + (pos + width) + " lie outside the chunk's " + c.nbytes() + " bytes", null, null);
            return new Result(s.done(), out);
        }
        if (h.memcpyed()) {
            memcpyed(c, label, pos, out, s);
        } else {
            blocks(c, label, pos, out, s);
        }
        return new Result(s.done(), out);
    }

    private static void memcpyed(BloscChunk c, String label, long pos, byte[] out, Steps s) {
        ByteSource src = c.source();
        long from = c.base() + ChunkHeader.SIZE + pos;
        int n = (int) Math.max(0, Math.min(out.length, Math.min(c.end(), src.size()) - from));
        if (n > 0) {
            src.read(from, out, 0, n);
            s.add("memcpyed bytes 0.." + (n - 1), hex(out, 0, n),
                    "memcpyed chunk: the data follows the header unchanged, so byte " + pos + " of " + label
                            + " is chunk byte 16 + " + pos + " (no block, no codec, no shuffle)",
                    src, Span.bytes(from, n));
        }
        if (n < out.length) {
            s.add("memcpyed bytes " + n + ".." + (out.length - 1), "zeros",
                    "the memcpyed data stops at the chunk end " + c.end() + " before these bytes; they read as zeros",
                    null, null);
        }
    }

    private static void blocks(BloscChunk c, String label, long pos, byte[] out, Steps s) {
        ChunkHeader h = c.header();
        long blocksize = h.blocksize();
        Map<Integer, BlockState> states = new HashMap<>();
        for (int t = 0; t < out.length; t++) {
            long p = pos + t;
            int b = (int) (p / blocksize);
            int off = (int) (p - b * blocksize);
            BlockState st = states.computeIfAbsent(b, k -> openBlock(c, label, k, p, s));
            if (st.failed) continue;
            BlockLayout l = st.layout;
            int bsize = l.bsize();
            int ts = h.typesize();
            int n = ts <= 0 ? 0 : bsize / ts;
            int i = ts <= 0 ? off : off / ts;
            int jb = ts <= 0 ? 0 : off % ts;
            ChunkHeader.Filter f = h.filter(bsize);
            if (f == ChunkHeader.Filter.BITSHUFFLE && i < n) {
                int nrow = n / 8;
                int v = 0;
                for (int ii = 0; ii < 8; ii++) {
                    int row = jb * 8 + ii;
                    long q = (long) row * nrow + i / 8;
                    StreamView sv = stream(c, label, st, b, q, s);
                    if (sv == null) continue;
                    long at = sv.offset() + (q - streamIndex(l, q) * (long) l.neblock());
                    int bit = (sv.source().u8(at) >>> (i % 8)) & 1;
                    v |= bit << ii;
                    s.add("bit " + ii + " of value byte " + t, bit,
                            "bit shuffle: bit " + ii + " of byte " + jb + " of element " + i + " of block " + b
                                    + " is bit-row " + jb + "×8+" + ii + " = " + row + " (each row " + nrow + " bytes, one bit per element), byte "
                                    + i + "/8 = " + (i / 8) + ", bit " + i + "%8 = " + (i % 8) + " → shuffled byte " + q + " in stream "
                                    + streamIndex(l, q),
                            sv.source(), Span.bits(at * 8 + i % 8, 1));
                }
                out[t] = (byte) v;
                s.add("value byte " + t, hex(out, t, 1), "the 8 bits gathered above, bit ii from bit-row " + jb + "×8+ii", null, null);
                continue;
            }
            long q;
            String how;
            if (f == ChunkHeader.Filter.SHUFFLE && i < n) {
                q = (long) jb * n + i;
                how = "byte shuffle: byte " + jb + " of element " + i + " of block " + b + " sits at " + jb + "×" + n + "+" + i + " = " + q
                        + " (stream of byte " + jb + " of every element, " + n + " elements)";
            } else if (f != ChunkHeader.Filter.NONE) {
                q = off;
                how = "the " + (bsize - n * Math.max(1, ts)) + " trailing bytes of a block are never shuffled: offset " + off + " stays " + q;
            } else {
                q = off;
                how = "no shuffle in this block: byte " + off + " of block " + b + " is byte " + q + " of its decompressed data";
            }
            if (q >= (long) l.nsplits() * l.neblock()) {
                out[t] = 0;
                s.add("value byte " + t, "00", how + "; but the " + l.nsplits() + " streams of " + l.neblock()
                        + " bytes end before it (blocksize is not a multiple of typesize), so it reads as 0", null, null);
                continue;
            }
            StreamView sv = stream(c, label, st, b, q, s);
            if (sv == null) continue;
            int j = streamIndex(l, q);
            long at = sv.offset() + (q - (long) j * l.neblock());
            out[t] = sv.source().get(at);
            // bytes that follow on in the same stream are shown as one step
            int run = 1;
            if (f == ChunkHeader.Filter.NONE || !(i < n) || ts <= 1) {
                while (t + run < out.length && off + run < bsize && q + run < (long) l.nsplits() * l.neblock()
                        && (q + run) / l.neblock() == j
                        && (pos + t + run) / blocksize == b) {
                    out[t + run] = sv.source().get(at + run);
                    run++;
                }
            }
            s.add(run == 1 ? "value byte " + t : "value bytes " + t + ".." + (t + run - 1), hex(out, t, run),
                    how + "; in stream " + j + " at offset " + (at - sv.offset()), sv.source(), Span.bytes(at, run));
            t += run - 1;
        }
    }

    private static int streamIndex(BlockLayout l, long q) {
        return (int) Math.min(l.nsplits() - 1, q / Math.max(1, l.neblock()));
    }

    /** Checks block {@code b} decodes as the fast path would, recording its bstart. */
    private static BlockState openBlock(BloscChunk c, String label, int b, long p, Steps s) {
        ChunkHeader h = c.header();
        BlockState st = new BlockState();
        BlockLayout l = c.layout(b);
        st.layout = l;
        long entry = c.bstartEntry(b);
        Span entrySpan = c.source().has(entry, 4) && entry + 4 <= c.end() ? Span.bytes(entry, 4) : null;
        ChunkHeader.Filter f = h.filter(l.bsize());
        s.add("block " + b + " of " + label, l.problem() != null && l.streamsFound() == 0 ? "no valid bstart" : "bstart " + (l.start() - c.base()),
                "byte " + p + " of the chunk lies in block " + p + " / blocksize " + h.blocksize() + " = " + b
                        + (l.leftoverBlock() ? " (the leftover block, " + l.bsize() + " bytes)" : "")
                        + "; bstarts[" + b + "] gives its offset from the chunk start. It is stored as " + l.nsplits()
                        + (l.nsplits() == 1 ? " stream" : " streams of " + l.neblock() + " bytes")
                        + ", filter " + f.name().toLowerCase(Locale.ROOT),
                c.source(), entrySpan);
        Diagnostic problem = l.problem();
        if (problem == null) {
            try {
                c.decodeBlock(b, new byte[l.bsize()], 0, Codecs.local());
            } catch (ReadProblem e) {
                problem = e.diagnostic();
            } catch (RuntimeException e) {
                problem = Diagnostic.error(null, BloscRules.INTERNAL_ERROR, e.toString());
            }
        }
        if (problem != null) {
            st.failed = true;
            Span sp = problem.span();
            boolean inside = sp != null && sp.byteEnd() <= c.source().size();
            s.add("block " + b + " cannot be decoded", "zeros", problem.rule() + ": " + problem.message()
                    + "; the whole block reads as zeros", c.source(), inside ? sp : null);
        }
        return st;
    }

    /** The stream holding shuffled byte {@code q} of the block, decompressing it on first use. */
    private static StreamView stream(BloscChunk c, String label, BlockState st, int b, long q, Steps s) {
        BlockLayout l = st.layout;
        int j = streamIndex(l, q);
        StreamView sv = st.streams.get(j);
        if (sv != null) return sv;
        int neblock = l.neblock();
        long at = l.streamOffsets()[j];
        int csize = l.csizes()[j];
        ByteSource src = c.source();
        s.add("stream " + j + " of block " + b + ": csize", csize,
                "each stream starts with its compressed size (int32); " + (l.nsplits() > 1
                        ? "the block is split into " + l.nsplits() + " streams of " + neblock + " bytes, byte " + q + " of the shuffled block is in stream " + q + " / " + neblock + " = " + j
                        : "the block is one stream of " + neblock + " bytes"),
                src, Span.bytes(at, 4));
        if (csize == neblock) {
            sv = new StreamView(src, at + 4, neblock);
            s.add("stream " + j + " of block " + b + ": raw", neblock + " bytes",
                    "csize equals the stream's " + neblock + " bytes, so they are stored as is: no codec run", src, Span.bytes(at + 4, csize));
        } else {
            Compformat cf = c.header().compformat();
            byte[] dec = new byte[neblock];
            byte[] in = src.bytes(at + 4, csize);
            try {
                Codecs.local().decompress(cf, in, 0, csize, dec, 0, neblock);
            } catch (CodecException | RuntimeException e) {
                // openBlock already decoded the block, so this cannot fail for a block traced here
            }
            String name = "stream " + j + " of block " + b + " of " + label + " (decompressed)";
            sv = new StreamView(new ArraySource(dec, 0, neblock, name), 0, neblock);
            s.add("stream " + j + " of block " + b + ": " + cf.label(), csize + " → " + neblock + " bytes",
                    "the " + csize + " compressed bytes go through " + cf.label() + " and give the stream's " + neblock + " bytes",
                    src, Span.bytes(at + 4, csize));
        }
        st.streams.put(j, sv);
        return sv;
    }

    /** The tracer of a chunk's value column: element index × width gives the chunk bytes to follow. */
    public static ValueTracer forChunk(BloscChunk c, ValueColumn col, String label) {
        return forChunk(c, col, label, false);
    }

    /** {@link #forChunk(BloscChunk, ValueColumn, String)} for values read in the given byte order. */
    public static ValueTracer forChunk(BloscChunk c, ValueColumn col, String label, boolean bigEndian) {
        return (index, progress) -> {
            ValueType type = col.type();
            int w = type.byteWidth();
            if (index < 0 || index >= col.count()) throw new IndexOutOfBoundsException(index + " of " + col.count());
            long pos = index * w;
            List<Trace.Step> steps = new ArrayList<>();
            steps.add(new Trace.Step("element " + index, "chunk bytes " + pos + ".." + (pos + w - 1),
                    "element " + index + " × " + w + " bytes = byte " + pos + " of the " + c.nbytes() + " decompressed bytes of " + label,
                    null, null));
            Result r = trace(c, label, pos, w);
            steps.addAll(r.steps());
            steps.add(valueStep(type, r.bytes(), bigEndian));
            return new Trace(index, format(type, r.bytes(), bigEndian), steps);
        };
    }

    // ---------------------------------------------------------------- value text

    /** The value's bytes as the column shows them: numbers little-endian, strings as numpy does. */
    public static String format(ValueType type, byte[] b) { return format(type, b, false); }

    /** The value's bytes as the column shows them, numbers in the given byte order. */
    public static String format(ValueType type, byte[] b, boolean bigEndian) {
        if (type.numeric()) return type.format(type.normalize(number(type, b, bigEndian)));
        return type.formatBytes(b, 0);
    }

    private static long number(ValueType type, byte[] b, boolean bigEndian) {
        long v = 0;
        int w = type.byteWidth();
        if (bigEndian) for (int k = 0; k < w; k++) v = v << 8 | (b[k] & 0xff);
        else for (int k = w - 1; k >= 0; k--) v = v << 8 | (b[k] & 0xff);
        return v;
    }

    /** The closing steps shared by chunk and carray traces: the bytes read as the column's type. */
    public static Trace.Step valueStep(ValueType type, byte[] b) { return valueStep(type, b, false); }

    /**
     * The closing step: the element's bytes becoming the value the table shows, read as the
     * column's type in its byte order (a float says its bit pattern too, so the step shows
     * where the number comes from).
     */
    public static Trace.Step valueStep(ValueType type, byte[] b, boolean bigEndian) {
        String how;
        if (type.numeric()) {
            how = "the " + b.length + " bytes " + hex(b, 0, b.length) + " read " + (b.length == 1 ? "" : bigEndian ? "big-endian " : "little-endian ")
                    + "as " + type.label();
            if (type.kind() == ValueType.Kind.FLOAT) {
                how += String.format(Locale.ROOT, " (bits 0x%0" + (2 * b.length) + "x)", number(type, b, bigEndian));
            }
        } else {
            how = type.kind() == ValueType.Kind.UNICODE ? "UTF-32LE code points, trailing NULs dropped" : "bytes, trailing NULs dropped";
        }
        return new Trace.Step("value", format(type, b, bigEndian), how, null, null);
    }

    public static String hex(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) {
            if (i > 0) sb.append(' ');
            if (i == 32) return sb.append("… (").append(len).append(" bytes)").toString();
            sb.append(String.format(Locale.ROOT, "%02x", b[off + i] & 0xff));
        }
        return sb.toString();
    }
}
