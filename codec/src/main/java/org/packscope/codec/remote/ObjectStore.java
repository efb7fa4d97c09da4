package org.packscope.codec.remote;

import java.io.IOException;
import java.util.List;

/**
 * Objects addressed by key in one bucket (S3) or under one host (HTTP): ranged reads and,
 * where the store can, listings. Keys never start with {@code /}.
 */
interface ObjectStore {

    /** The object's address as it may be shown (redacted). */
    String describe(String key);

    /**
     * Bytes {@code [pos, pos + len)} of the object, or the last {@code len} bytes when
     * {@code pos < 0}. {@code version} is the ETag or Last-Modified the object must still
     * have (null on the first read). A missing object is {@link RemoteRules#REMOTE_NOT_FOUND}.
     */
    Fetched read(String key, long pos, int len, String version) throws IOException;

    /** One page of the keys directly under {@code prefix} (which ends with {@code /} or is empty); null when the store cannot list. */
    Page list(String prefix, String continuation) throws IOException;

    /** What a ranged read brought: the bytes, the object's whole size and its version (ETag, else Last-Modified, else null). */
    record Fetched(byte[] bytes, long start, long objectSize, String version) { }

    /** A listing page: objects with their sizes, sub-prefixes ("folders"), and the token of the next page (null at the end). */
    record Page(List<Entry> objects, List<String> prefixes, String next) { }

    record Entry(String key, long size) { }
}
