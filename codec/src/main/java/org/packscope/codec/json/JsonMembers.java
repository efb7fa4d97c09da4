package org.packscope.codec.json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The members of one JSON object located, not read: three offsets per member (where its
 * name, its value and its end are), names and values parsed only when asked for. A user
 * attributes object of a million keys costs 12 bytes a key here, where a tree of
 * {@link Json} values would cost hundreds; views page through it.
 */
public final class JsonMembers {
    private final byte[] bytes;
    private int[] at = new int[48];
    private int count;
    /** Where the members named in {@link #of}'s {@code find} are (the first of each name). */
    private final Map<String, Integer> found = new HashMap<>();

    private JsonMembers(byte[] bytes) { this.bytes = bytes; }

    /**
     * Locates the members of the object spanning {@code [from, to)} of {@code bytes} (a
     * span {@link Json} recorded); the members named in {@code find} are remembered by name.
     */
    public static JsonMembers of(byte[] bytes, long from, long to, Set<String> find) throws IOException {
        JsonMembers m = new JsonMembers(bytes);
        int base = (int) from;
        // names of other lengths are not looked up: a million-member object would hash a million fresh names
        java.util.BitSet findLengths = new java.util.BitSet();
        for (String f : find) findLengths.set(f.length());
        try (JsonParser p = Json.factory().createParser(bytes, base, (int) (to - from))) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("not a JSON object");
            for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                if (k == null) throw new IOException("the JSON ends inside an object");
                long name = p.currentTokenLocation().getByteOffset();
                String n = p.currentName();
                JsonToken v = p.nextToken();
                if (v == null) throw new IOException("the JSON ends inside an object");
                long value = p.currentTokenLocation().getByteOffset();
                if (findLengths.get(n.length()) && find.contains(n)) m.found.putIfAbsent(n, m.count);
                p.skipChildren();
                // a string is skipped lazily, after this: its end is found in the bytes, without making it a String
                int end = v == JsonToken.VALUE_STRING ? stringEnd(bytes, base + (int) value) : base + (int) p.currentLocation().getByteOffset();
                m.add(base + (int) name, base + (int) value, end);
            }
        }
        return m;
    }

    /** Just after the closing quote of the JSON string whose opening quote is at {@code quote}. */
    private static int stringEnd(byte[] b, int quote) {
        int i = quote + 1;
        while (i < b.length && b[i] != '"') i += b[i] == '\\' ? 2 : 1;
        return Math.min(b.length, i + 1);
    }

    /** The index of the first member named {@code name}, one of {@link #of}'s {@code find}; -1 when there is none. */
    public int indexOf(String name) {
        Integer i = found.get(name);
        return i == null ? -1 : i;
    }

    private void add(int name, int value, int end) {
        if (3 * count + 3 > at.length) at = Arrays.copyOf(at, Math.max(at.length * 2, 3 * count + 3));
        at[3 * count] = name;
        at[3 * count + 1] = value;
        at[3 * count + 2] = end;
        count++;
    }

    public int size() { return count; }

    /** Where member {@code i} starts: its quoted name. */
    public long memberStart(int i) { return at[3 * i]; }

    public long valueStart(int i) { return at[3 * i + 1]; }

    /** Just after member {@code i}'s value. */
    public long end(int i) { return at[3 * i + 2]; }

    /** Member {@code i}'s name, unquoted. */
    public String name(int i) {
        try (JsonParser p = Json.factory().createParser(bytes, at[3 * i], at[3 * i + 1] - at[3 * i])) {
            p.nextToken();
            return p.getText();
        } catch (IOException e) {
            return "?";
        }
    }

    /** Member {@code i}'s value as written, cut to {@code max} characters. */
    public String valueText(int i, int max) {
        int from = at[3 * i + 1], len = at[3 * i + 2] - from;
        if (len <= max) return new String(bytes, from, len, StandardCharsets.UTF_8);
        return new String(bytes, from, max, StandardCharsets.UTF_8) + "… (" + len + " bytes)";
    }

    /** The value of a member named in {@link #of}'s {@code find}, read whole; null when it is not there. */
    public Json value(String name) throws IOException {
        int i = indexOf(name);
        return i < 0 ? null : Json.parse(Arrays.copyOfRange(bytes, at[3 * i + 1], at[3 * i + 2]));
    }
}
