package org.packscope.codec.binjson;

/**
 * The interned strings, from {@code start} (the count uflex) to {@code end}.
 * {@code entryPos[i]} is where entry {@code i}'s length uflex starts; {@code entryPos[parsed]}
 * is where the entries parsed so far end. When the table is damaged ({@code complete}
 * false) only the first {@code parsed} strings are known.
 */
record StringTable(long count, int parsed, String[] strings, long[] entryPos, long start, long end, boolean complete) {

    boolean has(long index) { return index >= 0 && index < parsed; }

    String get(long index) { return strings[(int) index]; }

    /** Number of i32 index entries in SJ (one per 16 strings). */
    static long indexEntries(long count) { return (count + 15) / 16; }
}
