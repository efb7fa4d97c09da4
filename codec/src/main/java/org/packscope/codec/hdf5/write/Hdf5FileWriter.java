package org.packscope.codec.hdf5.write;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.packscope.codec.hdf5.layout.Lookup3;
import org.packscope.codec.io.LittleEndianOutput;

/**
 * Writes a new HDF5 file of groups, 1-D numeric and variable-length UTF-8 string datasets
 * and string attributes on groups — what jhdf's writer cannot (empty datasets, VL strings).
 * Data is streamed out as it is given, contiguous, each dataset's bytes at the file
 * position they are written at; the object headers (version 2, compact links) follow at
 * {@link #finish()}, children before their group, and the version 2 superblock is written
 * last into the 48 bytes reserved at the start. Paths are slash-separated below the root;
 * intermediate groups are made as needed.
 */
public final class Hdf5FileWriter implements Closeable {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    private static final int SUPERBLOCK = 48;

    /** A group not yet written: its members by name (groups or dataset headers) and its attributes. */
    private static final class PendingGroup {
        final Map<String, Object> members = new LinkedHashMap<>();
        final List<byte[]> attributes = new ArrayList<>();
    }

    private final FileChannel channel;
    private final LittleEndianOutput out;
    private final PendingGroup root = new PendingGroup();
    private boolean finished;

    private Hdf5FileWriter(FileChannel channel) throws IOException {
        this.channel = channel;
        channel.position(SUPERBLOCK);
        this.out = new LittleEndianOutput(channel);
    }

    /** Creates {@code file}, which must not exist. */
    public static Hdf5FileWriter create(Path file) throws IOException {
        return new Hdf5FileWriter(FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }

    /** Makes the group at {@code path} (and its parents) if not there yet. */
    public void group(String path) {
        String[] p = parts(path);
        groupAt(p, p.length);
    }

    /** A 1-D dataset of the first {@code n} entries of {@code v} as {@code type} (U32, I32 or F32 as raw bits). */
    public void ints(String path, NumericType type, int[] v, int n) throws IOException {
        if (type.size() != 4) throw new IllegalArgumentException(type + " from int values");
        long at = out.position();
        out.ints(v, n);
        numeric(path, type, n, at);
    }

    /** A 1-D dataset of {@code v} as {@code type} (U64, I64 or F64 as raw bits). */
    public void longs(String path, NumericType type, long[] v) throws IOException {
        if (type.size() != 8) throw new IllegalArgumentException(type + " from long values");
        long at = out.position();
        out.longs(v);
        numeric(path, type, v.length, at);
    }

    /** A 1-D dataset of variable-length UTF-8 strings, its characters in global heap collections. */
    public void strings(String path, List<String> v) throws IOException {
        byte[] elements = GlobalHeapWriter.write(out, v);
        long at = out.position();
        out.bytes(elements);
        dataset(path, HeaderMessages.vlenUtf8String(), v.size(), at, elements.length);
    }

    /** A scalar variable-length UTF-8 string attribute on the group at {@code groupPath} ("" for the root). */
    public void stringAttribute(String groupPath, String name, String value) throws IOException {
        byte[] element = GlobalHeapWriter.write(out, List.of(value));
        String[] p = parts(groupPath);
        groupAt(p, p.length).attributes.add(HeaderMessages.attribute(name, HeaderMessages.vlenUtf8String(), HeaderMessages.dataspaceScalar(), element));
    }

    private void numeric(String path, NumericType type, long count, long at) {
        dataset(path, type.datatypeMessage(), count, at, count * type.size());
    }

    private void dataset(String path, byte[] datatype, long count, long at, long bytes) {
        ObjectHeaderBytes h = new ObjectHeaderBytes()
                .add(HeaderMessages.DATASPACE, HeaderMessages.dataspace1D(count))
                .add(HeaderMessages.DATATYPE, datatype)
                .add(HeaderMessages.FILL_VALUE, HeaderMessages.fillValue())
                .add(HeaderMessages.LAYOUT, HeaderMessages.contiguousLayout(bytes == 0 ? HeaderMessages.UNDEFINED : at, bytes));
        String[] p = parts(path);
        if (p.length == 0) throw new IllegalArgumentException("a dataset needs a name");
        add(groupAt(p, p.length - 1), p[p.length - 1], h);
    }

    private static void add(PendingGroup g, String name, Object member) {
        if (g.members.putIfAbsent(name, member) != null) throw new IllegalArgumentException(name + " is there already");
    }

    private PendingGroup groupAt(String[] parts, int depth) {
        PendingGroup g = root;
        for (int i = 0; i < depth; i++) {
            Object m = g.members.computeIfAbsent(parts[i], k -> new PendingGroup());
            if (!(m instanceof PendingGroup child)) throw new IllegalArgumentException(parts[i] + " is a dataset, not a group");
            g = child;
        }
        return g;
    }

    private static String[] parts(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        if (p.isEmpty()) return new String[0];
        String[] parts = p.split("/", -1);
        for (String s : parts) {
            if (s.isEmpty() || s.equals(".") || s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 0xffff) {
                throw new IllegalArgumentException("bad HDF5 path " + path);
            }
        }
        return parts;
    }

    /** Writes the object headers and the superblock; returns the file's size. */
    public long finish() throws IOException {
        if (finished) throw new IllegalStateException("finished already");
        long rootAddress = writeGroup(root);
        out.flush();
        long eof = out.position();
        ByteBuffer sb = HeaderMessages.le(SUPERBLOCK);
        sb.put(SIGNATURE).put((byte) 2).put((byte) 8).put((byte) 8).put((byte) 0);
        sb.putLong(0).putLong(HeaderMessages.UNDEFINED).putLong(eof).putLong(rootAddress);
        sb.putInt(Lookup3.of(sb.array(), 0, SUPERBLOCK - 4));
        sb.flip();
        long at = 0;
        while (sb.hasRemaining()) at += channel.write(sb, at);
        finished = true;
        return eof;
    }

    private long writeGroup(PendingGroup g) throws IOException {
        ObjectHeaderBytes h = new ObjectHeaderBytes()
                .add(HeaderMessages.LINK_INFO, HeaderMessages.linkInfo())
                .add(HeaderMessages.GROUP_INFO, HeaderMessages.groupInfo(g.members.size()));
        for (var e : g.members.entrySet()) {
            long address = e.getValue() instanceof PendingGroup child ? writeGroup(child) : writeHeader((ObjectHeaderBytes) e.getValue());
            h.add(HeaderMessages.LINK, HeaderMessages.hardLink(e.getKey(), address));
        }
        for (byte[] a : g.attributes) h.add(HeaderMessages.ATTRIBUTE, a);
        return writeHeader(h);
    }

    private long writeHeader(ObjectHeaderBytes h) throws IOException {
        long at = out.position();
        out.bytes(h.bytes());
        return at;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
