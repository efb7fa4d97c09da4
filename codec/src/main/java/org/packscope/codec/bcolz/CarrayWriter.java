package org.packscope.codec.bcolz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.numpy.Dtype;

/**
 * Writes a bcolz 1.x carray folder as bcolz itself lays one out: {@code data/__k.blp}
 * superchunks ("blpk", version 1, one Blosc chunk each) of {@code chunklen} rows, then one
 * of the leftover rows, unpadded (none when the rows fill whole chunks); {@code meta/sizes}
 * and {@code meta/storage} in the JSON text Python's {@code json.dumps} gives, each ended by a
 * newline; and {@code __attrs__}. {@code cbytes} counts as bcolz does: the full chunks' compressed sizes
 * plus the leftover buffer bcolz keeps in memory, a whole chunk's bytes.
 */
public final class CarrayWriter {
    private static final byte[] MAGIC = {'b', 'l', 'p', 'k'};

    /**
     * What to write: the storage dtype (numpy's name: "float64", "int16", "|S8", "bool"), the
     * shape (rows first; later dimensions make each row an atom), rows per chunk, and the
     * Blosc parameters. {@code attrsJson} is the {@code __attrs__} text ("{}" for none).
     */
    public record Settings(String dtype, long[] shape, long chunklen, BloscEncoder.Codec codec, int level, BloscEncoder.Filter filter,
                           String attrsJson) {
        public Settings {
            if (Dtype.parse(dtype) == null) throw new IllegalArgumentException("bcolz cannot store dtype " + dtype);
            if (shape.length == 0) throw new IllegalArgumentException("a carray has at least one dimension");
            for (long d : shape) if (d < 0) throw new IllegalArgumentException("shape " + Arrays.toString(shape));
            if (chunklen < 1) throw new IllegalArgumentException("chunklen " + chunklen);
            shape = shape.clone();
        }
    }

    private CarrayWriter() { }

    /**
     * Writes {@code data} (the rows in C order, little-endian) as a carray at {@code root},
     * which must not exist yet. Returns the written folder's cbytes.
     */
    public static long write(Path root, byte[] data, Settings s) throws IOException {
        Dtype dt = Dtype.parse(s.dtype());
        long itemsPerRow = 1;
        for (int d = 1; d < s.shape().length; d++) itemsPerRow = Math.multiplyExact(itemsPerRow, s.shape()[d]);
        long atom = Math.multiplyExact(itemsPerRow, dt.itemsize());
        long rows = s.shape()[0];
        long nbytes = Math.multiplyExact(rows, atom);
        if (nbytes != data.length) throw new IllegalArgumentException(data.length + " bytes for a carray of " + nbytes);
        long chunkBytes = Math.multiplyExact(s.chunklen(), atom);
        if (chunkBytes > BloscEncoder.MAX_INPUT) throw new IllegalArgumentException("a chunk of " + chunkBytes + " bytes is over Blosc's limit");
        if (Files.exists(root)) throw new IOException(root + " exists already");
        Path dataDir = Files.createDirectories(root.resolve("data"));
        Files.createDirectories(root.resolve("meta"));
        BloscEncoder.Settings blosc = BloscEncoder.Settings.of(s.codec(), s.level(), s.filter(), dt.bloscTypesize());
        long full = rows / s.chunklen();
        long cbytes = chunkBytes; // the leftover buffer bcolz holds, written out or not
        long k = 0;
        for (long at = 0; at < nbytes; at += chunkBytes, k++) {
            int len = (int) Math.min(chunkBytes, nbytes - at);
            byte[] chunk = BloscEncoder.encode(data, (int) at, len, blosc);
            if (k < full) cbytes += chunk.length;
            ByteBuffer header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            header.put(MAGIC).put((byte) 1).put(new byte[3]).putLong(1);
            byte[] file = Arrays.copyOf(header.array(), 16 + chunk.length);
            System.arraycopy(chunk, 0, file, 16, chunk.length);
            Files.write(dataDir.resolve("__" + k + ".blp"), file);
        }
        String shape = Arrays.stream(s.shape()).mapToObj(Long::toString).collect(Collectors.joining(", ", "[", "]"));
        write(root.resolve("meta").resolve("sizes"), String.format(Locale.ROOT, "{\"shape\": %s, \"nbytes\": %d, \"cbytes\": %d}", shape, nbytes, cbytes));
        write(root.resolve("meta").resolve("storage"), String.format(Locale.ROOT,
                "{\"dtype\": \"%s\", \"cparams\": {\"clevel\": %d, \"shuffle\": %d, \"cname\": \"%s\", \"quantize\": 0}, "
                        + "\"chunklen\": %d, \"expectedlen\": %d, \"dflt\": %s}",
                s.dtype(), s.level(), s.filter().ordinal(), s.codec().cname(), s.chunklen(), rows, defaultFor(dt)));
        write(root.resolve("__attrs__"), s.attrsJson());
        return cbytes;
    }

    /**
     * The name meta/storage gives a dtype, as numpy's {@code str()} spells it: "float64",
     * "uint16", "bool", "|S8", "&lt;U5"; a big-endian number keeps its protocol form ("&gt;i4").
     */
    public static String storageName(Dtype dt) {
        if (dt.bigEndian()) return ">" + dt.kind() + dt.itemsize();
        return switch (dt.kind()) {
            case 'b' -> "bool";
            case 'i' -> "int" + dt.itemsize() * 8;
            case 'u' -> "uint" + dt.itemsize() * 8;
            case 'f' -> "float" + dt.itemsize() * 8;
            case 'S' -> "|S" + dt.itemsize();
            default -> "<U" + dt.itemsize() / 4;
        };
    }

    /** The default value bcolz stores for a dtype, as Python's json writes it. */
    private static String defaultFor(Dtype dt) {
        return switch (dt.kind()) {
            case 'b' -> "false";
            case 'f' -> "0.0";
            case 'S', 'U' -> "\"\"";
            default -> "0";
        };
    }

    /** A meta file as bcolz writes each: the JSON text and a newline. */
    private static void write(Path file, String text) throws IOException {
        Files.write(file, (text.endsWith("\n") ? text : text + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
