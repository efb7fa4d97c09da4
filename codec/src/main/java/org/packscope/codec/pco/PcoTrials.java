package org.packscope.codec.pco;

import java.util.List;

import org.packscope.codec.compress.TrialCodec;
import org.packscope.codec.io.ArraySource;

/**
 * Pco as survey trials: PackScope's encoder with mode and delta left to it at the levels
 * 4, 8 (pco's default) and 12, read back by PackScope's decoder. A setting reads
 * "i64 · level 8". A survey knows an
 * element's size and whether it is a float, not whether an integer is signed: integers are
 * taken as signed, which orders them as they are meant unless they reach past the signed
 * range (an unsigned count that does still encodes exactly, only less tightly).
 */
public final class PcoTrials implements TrialCodec {
    private static final int[] LEVELS = {4, 8, 12};

    @Override public String family() { return "Pco"; }

    @Override
    public List<String> settings(int typesize, boolean floating) {
        NumberType t = typeOf(typesize, floating);
        if (t == null) return List.of();
        // the type travels in the setting: encode is told the element size only
        List<String> out = new java.util.ArrayList<>();
        for (int level : LEVELS) out.add(t.label() + " · level " + level);
        return out;
    }

    /** Every setting writes a whole standalone Pco file. */
    @Override public String fileSuffix(String setting) { return ".pco"; }

    @Override
    public byte[] encode(byte[] raw, int typesize, String setting) {
        String[] p = setting.split(" · ");
        NumberType type = null;
        for (NumberType t : NumberType.values()) if (t.label().equals(p[0])) type = t;
        if (type == null || type.bits != typesize * 8) throw new IllegalArgumentException("not a Pco trial setting: " + setting);
        int level = Integer.parseInt(p[1].substring("level ".length()));
        return PcoEncoder.encodeLittleEndian(type, raw, PcoEncoder.Options.DEFAULT.withLevel(level));
    }

    @Override
    public void decode(byte[] encoded, byte[] out, int typesize, String setting) {
        PcoFile f = PcoFile.open(new ArraySource(encoded, 0, encoded.length, "trial"));
        if (!f.diagnostics().isEmpty()) throw new IllegalStateException(setting + ": " + f.diagnostics().get(0).message());
        if (f.totalN() * typesize != out.length) throw new IllegalStateException(setting + " decoded " + f.totalN() + " numbers");
        long[] v = new long[(int) f.totalN()];
        for (PcoFile.Chunk c : f.chunks()) f.decodeChunk(c, v, (int) c.firstRow());
        f.numberType().valueType.writeLE(v, 0, out, 0, v.length);
    }

    static NumberType typeOf(int typesize, boolean floating) {
        return switch (typesize) {
            case 1 -> floating ? null : NumberType.I8;
            case 2 -> floating ? NumberType.F16 : NumberType.I16;
            case 4 -> floating ? NumberType.F32 : NumberType.I32;
            case 8 -> floating ? NumberType.F64 : NumberType.I64;
            default -> null;
        };
    }
}
