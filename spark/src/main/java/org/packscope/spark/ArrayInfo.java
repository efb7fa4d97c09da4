package org.packscope.spark;

import java.io.Serializable;

/**
 * A large chunked array as the driver listed it: how many chunks its grid has and how
 * many are stored (the rest read as the fill value).
 *
 * @param stored chunks stored, or -1 when the listing failed and every chunk was looked up
 */
public record ArrayInfo(String origin, String address, String array, long chunks, long stored, long chunkValues) implements Serializable {

    /** Chunks that are not stored: every element the fill value. */
    long missing() { return stored < 0 ? 0 : chunks - stored; }
}
