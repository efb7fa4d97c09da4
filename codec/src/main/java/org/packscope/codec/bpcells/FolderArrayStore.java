package org.packscope.codec.bpcells;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.NotRegularFileException;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.Recorder;

/**
 * The directory-of-files realisation: each numeric array is a file with an 8-byte ASCII
 * type header ({@code UINT32v1}, {@code UINT64v1}, {@code FLOATSv1}, {@code DOUBLEv1})
 * followed by little-endian elements; string arrays are text, one per line. Files are
 * mapped read-only once and read with absolute bulk gets, so reads are thread-safe.
 */
public final class FolderArrayStore implements ArrayStore {
    static final int HEADER = 8;
    /** Elements per mapped segment: keeps every segment below 2 GiB. */
    private static final long SEGMENT_BYTES = 1L << 30;
    /** Names files beyond this are not read into memory (2^28 bytes: tens of millions of names). */
    static final long MAX_TEXT_BYTES = 1L << 28;

    /** The problem of an array whose file is a FIFO, device or socket. */
    static final String NOT_REGULAR = "is not a regular file (a named pipe, device or socket); it is not opened";

    private final Path dir;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private volatile List<String> names;

    public FolderArrayStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() { return dir; }

    /** Element type for a folder-file header, or null. */
    public static ElementType typeOfHeader(String header) {
        return switch (header) {
            case "UINT32v1" -> ElementType.UINT32;
            case "UINT64v1" -> ElementType.UINT64;
            case "FLOATSv1" -> ElementType.FLOAT32;
            case "DOUBLEv1" -> ElementType.FLOAT64;
            default -> null;
        };
    }

    public static String headerOf(ElementType t) {
        return switch (t) {
            case UINT32 -> "UINT32v1";
            case UINT64 -> "UINT64v1";
            case FLOAT32 -> "FLOATSv1";
            case FLOAT64 -> "DOUBLEv1";
            case STRING -> "";
        };
    }

    /** Names whose files are text, one element per line. */
    static boolean isTextArray(String name) {
        return name.equals(ArrayNames.ROW_NAMES) || name.equals(ArrayNames.COL_NAMES)
                || name.equals(ArrayNames.STORAGE_ORDER) || name.equals(ArrayNames.VERSION);
    }

    /** The version file's first line, or null when there is none. */
    public String readVersion() {
        Path p = dir.resolve(ArrayNames.VERSION);
        try {
            if (!Files.isRegularFile(p)) return null;
            return VersionFile.read(new FieldReader(ByteSource.open(p), 0, Recorder.NONE));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Reads the 8-byte ASCII type tag that starts a numeric array file, recording it as the
     * {@code array.header} field: the one place the tag is read, for the store and its node.
     */
    static String readTypeHeader(FieldReader r) {
        long from = r.byteOffset();
        r.need(HEADER * 8L, "the 8-byte type header");
        String tag = new String(r.source().bytes(from, HEADER), StandardCharsets.ISO_8859_1);
        r.skipBytes(HEADER, "the 8-byte type header");
        if (r.recording()) {
            ElementType t = typeOfHeader(tag);
            r.recordSpan("array.header", -1, "header", from, from + HEADER, tag,
                    t == null ? "unrecognised type header" : "8-byte ASCII type header: " + t.label() + " elements follow");
        }
        return tag;
    }

    @Override
    public String description() { return dir.toString(); }

    @Override
    public List<String> arrayNames() {
        List<String> n = names;
        if (n == null) {
            List<String> found = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) {
                    String s = p.getFileName().toString();
                    // a FIFO or device is listed too, so it shows as an array that is not opened
                    if (!s.equals(ArrayNames.VERSION) && !Files.isDirectory(p)) found.add(s);
                }
            } catch (IOException | RuntimeException e) {
                // an unlistable folder has no arrays; the matrix reader reports the missing ones
            }
            Collections.sort(found);
            n = names = Collections.unmodifiableList(found);
        }
        return n;
    }

    @Override
    public ArrayInfo info(String name) {
        Entry e = entry(name);
        return e == null ? null : e.info;
    }

    /** The whole file of an array, for hex views; null when absent. */
    public ByteSource fileSource(String name) {
        Entry e = entry(name);
        return e == null ? null : e.source();
    }

    @Override
    public void readInts(String name, long start, int[] dst, int off, int len) {
        Entry e = need(name, start, len);
        if (!e.info.type().is32Bit()) throw ArrayStore.unreadable(0, name + " holds " + e.info.type().label() + ", not 32-bit elements");
        e.ints(start, dst, off, len);
    }

    @Override
    public void readLongs(String name, long start, long[] dst, int off, int len) {
        Entry e = need(name, start, len);
        if (!e.info.type().is64Bit()) throw ArrayStore.unreadable(0, name + " holds " + e.info.type().label() + ", not 64-bit elements");
        e.longs(start, dst, off, len);
    }

    @Override
    public List<String> readStrings(String name) {
        Entry e = entry(name);
        if (e == null) throw ArrayStore.unreadable(-1, "file " + name + " is missing");
        if (e.strings == null) throw ArrayStore.unreadable(0, name + " is not a text file");
        return e.strings;
    }

    @Override
    public void describe(String name, Node node) {
        Entry e = entry(name);
        if (e == null) return;
        BpcellsDocs.field(node, "array.file", "file", null, dir.resolve(name), "file holding the array");
        if (e.strings != null) {
            BpcellsDocs.field(node, "array.line_ending", "line ending", null, e.crlf ? "CRLF" : "LF", "how lines end (CRLF comes from Windows builds; the \\r is dropped)");
            return;
        }
        if (e.header != null && e.source() != null) readTypeHeader(new FieldReader(e.source(), 0, new NodeRecorder(node)));
    }

    private Entry need(String name, long start, int len) {
        Entry e = entry(name);
        if (e == null) throw ArrayStore.unreadable(-1, "file " + name + " is missing");
        if (e.info.type() == null || e.info.type() == ElementType.STRING) {
            throw ArrayStore.unreadable(0, name + ": " + (e.info.problem() != null ? e.info.problem() : "not a numeric array"));
        }
        if (start < 0 || len < 0 || start + len > e.info.length()) {
            long w = e.info.type().byteWidth();
            throw ArrayStore.unreadable(HEADER + e.info.length() * w, name + " has " + e.info.length() + " elements; elements " + start + ".." + (start + len) + " were asked for");
        }
        return e;
    }

    private Entry entry(String name) {
        if (name.contains("/") || name.contains("\\") || name.equals("..") || name.equals(".")) return null;
        Entry e = entries.get(name);
        if (e != null) return e;
        Path p = dir.resolve(name);
        try {
            RegularFiles.require(p);
        } catch (NotRegularFileException ex) {
            e = Entry.unreadable(name, p, ex);
            Entry prev = entries.putIfAbsent(name, e);
            return prev != null ? prev : e;
        } catch (IOException | RuntimeException ex) {
            return null;
        }
        try {
            e = isTextArray(name) ? Entry.text(name, p) : Entry.binary(name, p);
        } catch (IOException | RuntimeException ex) {
            e = Entry.unreadable(name, p, ex);
        }
        Entry prev = entries.putIfAbsent(name, e);
        return prev != null ? prev : e;
    }

    /** Bytes of line {@code k} of a text array's file (its line end excluded), or null. */
    Span lineSpan(String name, long k) {
        Entry e = entry(name);
        if (e == null || !(e.strings instanceof TextLines lines) || k < 0 || k >= lines.size()) return null;
        return lines.span((int) k);
    }

    static List<String> splitLines(byte[] b) {
        List<String> lines = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= b.length; i++) {
            if (i == b.length || b[i] == '\n') {
                if (i == b.length && from == i) break;
                int end = i;
                if (end > from && b[end - 1] == '\r') end--;
                lines.add(new String(b, from, end - from, StandardCharsets.UTF_8));
                from = i + 1;
            }
        }
        return Collections.unmodifiableList(lines);
    }

    /** One file: its info, and either its lines or its mapped element segments. */
    private static final class Entry {
        final Path path;
        final ArrayInfo info;
        final String header;
        final List<String> strings;
        final boolean crlf;
        final IntBuffer[] intSegs;
        final LongBuffer[] longSegs;
        final long segElems;
        private volatile ByteSource source;

        private Entry(Path path, ArrayInfo info, String header, List<String> strings, boolean crlf,
                      IntBuffer[] intSegs, LongBuffer[] longSegs, long segElems) {
            this.path = path;
            this.info = info;
            this.header = header;
            this.strings = strings;
            this.crlf = crlf;
            this.intSegs = intSegs;
            this.longSegs = longSegs;
            this.segElems = segElems;
        }

        static Entry text(String name, Path p) throws IOException {
            long size = Files.size(p);
            if (size > MAX_TEXT_BYTES) {
                return new Entry(p, new ArrayInfo(name, null, 0, size, null,
                        "text file of " + size + " bytes is larger than the " + MAX_TEXT_BYTES + " PackScope reads as names"), null, null, false, null, null, 0);
            }
            // millions of names stay in the mapped file; only every 16th line's start is kept
            ByteSource src = ByteSource.open(p);
            TextLines lines = TextLines.of(src);
            Entry e = new Entry(p, ArrayInfo.of(name, ElementType.STRING, lines.size(), src.size(), null), null, lines, lines.crlf(),
                    null, null, 0);
            e.source = src;
            return e;
        }

        static Entry unreadable(String name, Path p, Exception ex) {
            long size = -1;
            try { size = Files.size(p); } catch (IOException | RuntimeException ignored) { }
            String why = ex instanceof NotRegularFileException ? NOT_REGULAR
                    : "cannot be read: " + ex.getMessage();
            return new Entry(p, new ArrayInfo(name, null, 0, size, null, why), null, null, false, null, null, 0);
        }

        static Entry binary(String name, Path p) throws IOException {
            try (FileChannel ch = RegularFiles.channel(p)) {
                long size = ch.size();
                if (size < HEADER) {
                    return new Entry(p, new ArrayInfo(name, null, 0, size, null,
                            "file is " + size + " bytes, shorter than the 8-byte type header"), null, null, false, null, null, 0);
                }
                ByteSource src = ByteSource.open(p);
                String header = readTypeHeader(new FieldReader(src, 0, Recorder.NONE));
                ElementType t = typeOfHeader(header);
                if (t == null) {
                    Entry e = new Entry(p, new ArrayInfo(name, null, 0, size, null,
                            "type header \"" + printable(header) + "\" is none of UINT32v1, UINT64v1, FLOATSv1, DOUBLEv1"),
                            header, null, false, null, null, 0);
                    e.source = src;
                    return e;
                }
                int w = t.byteWidth();
                long n = (size - HEADER) / w;
                String problem = (size - HEADER) % w == 0 ? null
                        : (size - HEADER) % w + " bytes after the last whole " + t.label() + " element are ignored";
                long segElems = SEGMENT_BYTES / w;
                int segs = (int) ((n + segElems - 1) / segElems);
                IntBuffer[] ints = w == 4 ? new IntBuffer[segs] : null;
                LongBuffer[] longs = w == 8 ? new LongBuffer[segs] : null;
                for (int s = 0; s < segs; s++) {
                    long first = s * segElems;
                    long count = Math.min(segElems, n - first);
                    ByteBuffer bb = RegularFiles.mapOrRead(ch, HEADER + first * w, count * w).order(ByteOrder.LITTLE_ENDIAN);
                    if (ints != null) ints[s] = bb.asIntBuffer(); else longs[s] = bb.asLongBuffer();
                }
                // the file's ByteSource, opened once read-only, is where element 0 and the header are located
                ArrayInfo info = new ArrayInfo(name, t, n, size, new ArrayLocation(src, HEADER, 0, HEADER), problem);
                Entry e = new Entry(p, info, header, null, false, ints, longs, segElems);
                e.source = src;
                return e;
            }
        }

        ByteSource source() {
            ByteSource s = source;
            if (s == null) {
                try {
                    s = source = ByteSource.open(path);
                } catch (IOException e) {
                    return null;
                }
            }
            return s;
        }

        void ints(long start, int[] dst, int off, int len) {
            while (len > 0) {
                int s = (int) (start / segElems);
                int at = (int) (start - s * segElems);
                int n = (int) Math.min(len, segElems - at);
                intSegs[s].get(at, dst, off, n);
                start += n;
                off += n;
                len -= n;
            }
        }

        void longs(long start, long[] dst, int off, int len) {
            while (len > 0) {
                int s = (int) (start / segElems);
                int at = (int) (start - s * segElems);
                int n = (int) Math.min(len, segElems - at);
                longSegs[s].get(at, dst, off, n);
                start += n;
                off += n;
                len -= n;
            }
        }
    }

    static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c >= 0x20 && c < 0x7f) sb.append(c); else sb.append(String.format("\\x%02x", (int) c));
        }
        return sb.toString();
    }
}
