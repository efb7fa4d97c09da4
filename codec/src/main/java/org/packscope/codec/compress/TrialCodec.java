package org.packscope.codec.compress;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * A codec a compression survey can try on someone's own numbers: each setting worth
 * trying on elements of a given size, and a way to encode and decode with it. Codecs are
 * found through {@link ServiceLoader}, so the survey, its command and its window name none
 * of them.
 */
public interface TrialCodec {

    /** The codec's family as the survey's table names it ("Blosc", "zstd"). */
    String family();

    /** The settings worth trying on elements of {@code typesize} bytes ({@code floating}: IEEE floats), as the table shows them. */
    List<String> settings(int typesize, boolean floating);

    /** {@code raw} (little-endian elements of {@code typesize} bytes) encoded with {@code setting}. */
    byte[] encode(byte[] raw, int typesize, String setting);

    /** Decodes {@code encoded} into {@code out}, which has exactly the raw data's size. */
    void decode(byte[] encoded, byte[] out, int typesize, String setting);

    /**
     * The file name suffix under which {@code setting}'s encoded bytes are a file PackScope
     * itself opens (".blosc"), so a survey's row can be opened as the encoded result; null
     * when they are a bare stream with no file format of its own.
     */
    default String fileSuffix(String setting) { return null; }

    /** Every codec on the class path that offers itself for trials. */
    static List<TrialCodec> all() {
        List<TrialCodec> out = new ArrayList<>();
        for (TrialCodec c : ServiceLoader.load(TrialCodec.class, TrialCodec.class.getClassLoader())) out.add(c);
        return out;
    }
}
