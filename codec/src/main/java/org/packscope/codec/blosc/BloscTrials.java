package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.compress.TrialCodec;
import org.packscope.codec.io.ByteSource;

/**
 * Blosc 1.x as survey trials: each codec with each shuffle at the default level 5, and the
 * levels 1 and 9 of zstd and LZ4 byte-shuffled, one chunk each, written by PackScope's
 * encoder and read back by its decoder. A setting reads "zstd · byte shuffle · level 5".
 */
public final class BloscTrials implements TrialCodec {
    private static final String[] SHUFFLES = {"no shuffle", "byte shuffle", "bit shuffle"};

    @Override public String family() { return "Blosc"; }

    @Override
    public List<String> settings(int typesize, boolean floating) {
        List<String> out = new ArrayList<>();
        for (BloscEncoder.Codec c : BloscEncoder.Codec.values()) {
            for (String s : SHUFFLES) out.add(c.cname() + " · " + s + " · level 5");
        }
        for (String c : List.of("lz4", "zstd")) {
            out.add(c + " · byte shuffle · level 1");
            out.add(c + " · byte shuffle · level 9");
        }
        return out;
    }

    /** One Blosc chunk is a whole {@code .blosc} file, as c-blosc's tools write it. */
    @Override public String fileSuffix(String setting) { return ".blosc"; }

    @Override
    public byte[] encode(byte[] raw, int typesize, String setting) {
        String[] p = setting.split(" · ");
        BloscEncoder.Filter filter = switch (p[1]) {
            case "byte shuffle" -> BloscEncoder.Filter.SHUFFLE;
            case "bit shuffle" -> BloscEncoder.Filter.BITSHUFFLE;
            default -> BloscEncoder.Filter.NONE;
        };
        int level = Integer.parseInt(p[2].substring("level ".length()));
        return BloscEncoder.encode(raw, BloscEncoder.Settings.of(BloscEncoder.Codec.named(p[0]), level, filter, typesize));
    }

    @Override
    public void decode(byte[] encoded, byte[] out, int typesize, String setting) {
        byte[] back = BloscChunk.read(ByteSource.of(encoded, "trial"), 0, encoded.length).decodeAll(Codecs.local());
        if (back.length != out.length) throw new IllegalStateException(setting + " decoded " + back.length + " of " + out.length + " bytes");
        System.arraycopy(back, 0, out, 0, out.length);
    }
}
