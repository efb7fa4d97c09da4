package org.packscope.codec.bpcells.bp128;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.compress.TrialCodec;

/**
 * BPCells' BP128 family as survey trials, for 32-bit integers (BPCells packs nothing
 * else): each variant encoded as BPCells' writers store a stream, and what it costs is
 * everything such a stream keeps beside the packed words, so a variant that needs a
 * starts array pays for it. The encoded form is the stream's arrays one after another,
 * little-endian, as BPCells' folders hold them: data (uint32), idx (uint32), idx_offsets
 * (uint64) and, for D1 and D1Z, starts (uint32), each led by its element count (uint64).
 */
public final class Bp128Trials implements TrialCodec {

    @Override public String family() { return "BP128"; }

    @Override
    public List<String> settings(int typesize, boolean floating) {
        if (typesize != 4 || floating) return List.of();
        List<String> out = new ArrayList<>();
        for (Bp128Variant v : Bp128Variant.values()) out.add(v.label());
        return out;
    }

    @Override
    public byte[] encode(byte[] raw, int typesize, String setting) {
        int n = raw.length / 4;
        int[] values = new int[n];
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(values);
        Bp128Stream s = Bp128Stream.encode(variant(setting), values, n);
        int[] starts = s.starts() == null ? new int[0] : s.starts();
        long size = 4L * 8 + 4L * (s.data().length + s.idx().length + starts.length) + 8L * s.idxOffsets().length;
        if (size > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("the stream would take " + size + " bytes");
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        ints(b, s.data());
        ints(b, s.idx());
        b.putLong(s.idxOffsets().length);
        for (long o : s.idxOffsets()) b.putLong(o);
        ints(b, starts);
        return b.array();
    }

    @Override
    public void decode(byte[] encoded, byte[] out, int typesize, String setting) {
        Bp128Variant variant = variant(setting);
        ByteBuffer b = ByteBuffer.wrap(encoded).order(ByteOrder.LITTLE_ENDIAN);
        int[] data = ints(b);
        int[] idx = ints(b);
        long[] offsets = new long[count(b, 8)];
        for (int i = 0; i < offsets.length; i++) offsets[i] = b.getLong();
        int[] starts = ints(b);
        int n = out.length / 4;
        Bp128Layout layout = Bp128Layout.resolve(idx, offsets, data.length, n);
        if (!layout.problems().isEmpty()) throw new IllegalStateException(setting + ": " + layout.problems().get(0).message());
        int chunks = layout.chunks();
        int[] values = new int[chunks * Bp128.CHUNK];
        int done = Bp128.decodeRun(variant, layout, starts, 0, chunks, data, 0, data.length, values, 0);
        if (done != chunks) throw new IllegalStateException(setting + " decoded " + done + " of " + chunks + " chunks");
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(values, 0, n);
    }

    private static Bp128Variant variant(String setting) {
        for (Bp128Variant v : Bp128Variant.values()) if (v.label().equals(setting)) return v;
        throw new IllegalArgumentException("no BP128 variant is called " + setting);
    }

    private static void ints(ByteBuffer b, int[] a) {
        b.putLong(a.length);
        for (int v : a) b.putInt(v);
    }

    private static int[] ints(ByteBuffer b) {
        int[] a = new int[count(b, 4)];
        b.asIntBuffer().get(a);
        b.position(b.position() + 4 * a.length);
        return a;
    }

    private static int count(ByteBuffer b, int width) {
        long n = b.getLong();
        if (n < 0 || n > b.remaining() / width) throw new IllegalStateException("an array of " + n + " elements in " + b.remaining() + " bytes");
        return (int) n;
    }
}
