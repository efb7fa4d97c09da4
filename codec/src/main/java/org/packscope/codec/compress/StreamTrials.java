package org.packscope.codec.compress;

import java.util.Arrays;
import java.util.List;

/**
 * The plain byte-stream codecs as survey trials, with no filter and no framing of their
 * own: zlib (java.util.zip), zstd and LZ4 (the native library, or aircompressor), at the
 * levels people use. What a container's filter-less compressor would make of the numbers.
 */
public final class StreamTrials implements TrialCodec {

    @Override public String family() { return "stream"; }

    @Override
    public List<String> settings(int typesize, boolean floating) {
        return List.of("zlib level 1", "zlib level 6", "zlib level 9", "zstd level 1", "zstd level 3", "zstd level 19", "lz4");
    }

    @Override
    public byte[] encode(byte[] raw, int typesize, String setting) {
        ChunkCompressors c = ChunkCompressors.local();
        // room for data that does not compress: the codecs' worst-case growth is well within this
        int max = raw.length + raw.length / 8 + 1024;
        byte[] out = new byte[max];
        int n;
        if (setting.startsWith("zlib")) n = c.zlib(raw, 0, raw.length, out, 0, max, level(setting));
        else if (setting.startsWith("zstd")) n = c.zstd(raw, 0, raw.length, out, 0, max, level(setting));
        else n = c.lz4(raw, 0, raw.length, out, 0, max, 1);
        if (n < 0) throw new IllegalStateException(setting + " did not fit " + max + " bytes");
        return Arrays.copyOf(out, n);
    }

    @Override
    public void decode(byte[] encoded, byte[] out, int typesize, String setting) {
        CodecId id = setting.startsWith("zlib") ? CodecId.ZLIB : setting.startsWith("zstd") ? CodecId.ZSTD : CodecId.LZ4;
        try {
            int n = ChunkCodecs.local().decode(id, encoded, 0, encoded.length, out, 0, out.length);
            if (n != out.length) throw new IllegalStateException(setting + " decoded " + n + " of " + out.length + " bytes");
        } catch (CodecException e) {
            throw new IllegalStateException(setting + ": " + e.getMessage(), e);
        }
    }

    private static int level(String setting) {
        return Integer.parseInt(setting.substring(setting.lastIndexOf(' ') + 1));
    }
}
