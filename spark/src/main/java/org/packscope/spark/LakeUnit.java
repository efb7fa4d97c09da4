package org.packscope.spark;

import java.io.Serializable;

/**
 * One unit of work, small enough to ship to an executor: a whole file (or a store's
 * structure and small arrays), or one chunk of a large chunked array.
 *
 * @param kind    what is checked
 * @param origin  the argument the unit came from (a folder, list or store), for the census
 * @param address the file, folder or store as given (local path or URL)
 * @param array   for a chunk: the array's path inside the store; else empty
 * @param chunk   for a chunk: its number in the grid (C order); else -1
 * @param key     for a chunk: its key in the store; else empty
 */
public record LakeUnit(Kind kind, String origin, String address, String array, long chunk, String key) implements Serializable {

    public enum Kind {
        /** A file or a single-file format: checked as {@code check} checks it. */
        FILE,
        /** A store's metadata, groups and small arrays: everything but its large arrays' chunks. */
        STORE,
        /** One stored chunk (or shard) of a large array. */
        CHUNK
    }

    static LakeUnit file(String origin, String address) { return new LakeUnit(Kind.FILE, origin, address, "", -1, ""); }

    static LakeUnit store(String origin, String address) { return new LakeUnit(Kind.STORE, origin, address, "", -1, ""); }

    static LakeUnit chunk(String origin, String address, String array, long chunk, String key) {
        return new LakeUnit(Kind.CHUNK, origin, address, array, chunk, key);
    }

    /** Names the unit across runs (the key a previous census is matched on). */
    public String id() {
        return switch (kind) {
            case FILE -> address;
            case STORE -> address + "::";
            case CHUNK -> address + "::" + array + "/" + key;
        };
    }

    /** What the census calls the unit: the chunk's key, or the file. */
    public String label() { return kind == Kind.CHUNK ? key : kind == Kind.STORE ? "(structure)" : address; }
}
