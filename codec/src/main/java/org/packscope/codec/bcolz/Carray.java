package org.packscope.codec.bcolz;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.codec.blosc.ChunkHeader;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.json.Json;
import org.packscope.codec.numpy.Dtype;

/**
 * A bcolz carray folder: meta/sizes, meta/storage, __attrs__ and data/__N.blp. The
 * layout is derived from the metadata alone (shape[0], chunklen, dtype), as bcolz does:
 * chunks 0..nfull-1 hold chunklen rows each, a last chunk the leftover rows (not
 * padded), and any other .blp files are stale leftovers to ignore.
 */
public final class Carray {
    private static final Pattern CHUNK_NAME = Pattern.compile("__(\\d{1,18})\\.blp");

    final Path root;
    final Meta sizes;
    final Meta storage;
    final Meta attrs;
    final List<Diagnostic> problems = new ArrayList<>();
    Dtype dtype;
    long[] shape;
    long rows;
    long atomsize;     // bytes per row
    long itemsPerRow;
    long chunklen;
    long nfull;
    long leftoverRows;
    boolean decodable;
    /** Chunk files by index, as found in data/. */
    final TreeMap<Long, Path> files = new TreeMap<>();
    final List<Path> otherFiles = new ArrayList<>();

    private Carray(Path root) {
        this.root = root;
        this.sizes = Meta.read(root.resolve("meta").resolve("sizes"), "meta/sizes");
        this.storage = Meta.read(root.resolve("meta").resolve("storage"), "meta/storage");
        Path attrsPath = root.resolve("__attrs__");
        this.attrs = Files.exists(attrsPath) ? Meta.read(attrsPath, "__attrs__") : null;
    }

    public static Carray open(Path root) {
        Carray c = new Carray(root);
        c.layout();
        c.listData();
        return c;
    }

    public Path root() { return root; }

    public Dtype dtype() { return dtype; }

    /** Number of elements (rows times the items of each row), flattened in C order. */
    public long count() { return decodable ? rows * itemsPerRow : 0; }

    public long rows() { return rows; }

    public long[] shape() { return shape == null ? new long[0] : shape.clone(); }

    public long chunklen() { return chunklen; }

    /** Chunks the metadata calls for: the full ones plus a leftover one. */
    public long nchunks() { return nfull + (leftoverRows > 0 ? 1 : 0); }

    public long chunkBytes(long k) { return (k < nfull ? chunklen : leftoverRows) * atomsize; }

    public Path chunkPath(long k) { return root.resolve("data").resolve("__" + k + ".blp"); }

    public boolean decodable() { return decodable; }

    public List<Diagnostic> problems() { return List.copyOf(problems); }

    private void layout() {
        // the span of a meta problem refers to the meta file, which has its own node; here only the message
        if (!sizes.ok()) problems.add(unplaced(sizes.problem()));
        if (!storage.ok()) problems.add(unplaced(storage.problem()));
        if (attrs != null && !attrs.ok()) problems.add(unplaced(attrs.problem()));
        if (!sizes.ok() || !storage.ok()) return;
        Json s = sizes.json();
        Json st = storage.json();
        Json shapeNode = s.get("shape");
        if (shapeNode == null || !shapeNode.isArray() || shapeNode.isEmpty()) {
            problems.add(Diagnostic.error(null, BcolzRules.BAD_SHAPE, "meta/sizes has no shape array"));
            return;
        }
        shape = new long[shapeNode.size()];
        for (int i = 0; i < shape.length; i++) {
            Json d = shapeNode.get(i);
            if (!d.canConvertToLong() || !d.isIntegralNumber() || d.asLong() < 0) {
                problems.add(Diagnostic.error(null, BcolzRules.BAD_SHAPE, "meta/sizes shape[" + i + "] is " + d + ", not a count"));
                return;
            }
            shape[i] = d.asLong();
        }
        rows = shape[0];
        Json dt = st.get("dtype");
        dtype = dt == null || !dt.isTextual() ? null : Dtype.parse(dt.asText());
        if (dtype == null) {
            problems.add(Diagnostic.error(null, BcolzRules.UNKNOWN_DTYPE, "meta/storage dtype " + dt + " is not one PackScope can read"));
            return;
        }
        if (dtype.bigEndian()) {
            problems.add(Diagnostic.error(null, BcolzRules.BIG_ENDIAN_DTYPE, "dtype " + dtype.text() + " is big-endian; values are shown as stored bytes only"));
        }
        Json cl = st.get("chunklen");
        if (cl == null || !cl.isIntegralNumber() || cl.asLong() <= 0) {
            problems.add(Diagnostic.error(null, BcolzRules.BAD_CHUNKLEN, "meta/storage chunklen " + cl + " is not a positive integer"));
            return;
        }
        chunklen = cl.asLong();
        itemsPerRow = 1;
        try {
            for (int i = 1; i < shape.length; i++) itemsPerRow = Math.multiplyExact(itemsPerRow, shape[i]);
            atomsize = Math.multiplyExact(itemsPerRow, (long) dtype.itemsize());
            long nbytes = Math.multiplyExact(rows, atomsize);
            long chunkBytes = Math.multiplyExact(chunklen, atomsize);
            if (chunkBytes > ChunkHeader.MAX_BUFFERSIZE) {
                problems.add(Diagnostic.error(null, BcolzRules.CHUNK_TOO_LARGE,
                        "chunklen × row size = " + chunkBytes + " bytes, more than a Blosc chunk can hold"));
                return;
            }
            Json nb = s.get("nbytes");
            if (nb != null && nb.canConvertToLong() && nb.asLong() != nbytes) {
                problems.add(Diagnostic.warning(null, BcolzRules.SIZES_NBYTES_MISMATCH,
                        "meta/sizes nbytes is " + nb.asLong() + " but shape × itemsize is " + nbytes + "; the shape is trusted"));
            }
        } catch (ArithmeticException e) {
            problems.add(Diagnostic.error(null, BcolzRules.BAD_SHAPE, "shape × itemsize overflows 64 bits"));
            return;
        }
        nfull = rows / chunklen;
        leftoverRows = rows % chunklen;
        if (dtype.bigEndian()) return;
        decodable = true;
    }

    private static Diagnostic unplaced(Diagnostic d) {
        return new Diagnostic(d.severity(), null, d.rule(), d.message());
    }

    private void listData() {
        Path data = root.resolve("data");
        if (!Files.isDirectory(data)) {
            if (nchunks() > 0) problems.add(Diagnostic.error(null, BcolzRules.MISSING_DATA_DIR, "the data/ folder is missing"));
            return;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(data)) {
            for (Path p : ds) {
                Matcher m = CHUNK_NAME.matcher(p.getFileName().toString());
                if (m.matches()) files.put(Long.parseLong(m.group(1)), p);
                else otherFiles.add(p);
            }
        } catch (IOException | RuntimeException e) {
            problems.add(Diagnostic.error(null, BcolzRules.DATA_UNREADABLE, "cannot list data/: " + e.getMessage()));
        }
        long n = nchunks();
        if (decodable) {
            for (long k : files.keySet()) {
                if (k >= n) {
                    problems.add(Diagnostic.warning(null, BcolzRules.STALE_CHUNK_FILE, "data/__" + k + ".blp is not part of the array ("
                            + n + " chunks from shape " + rows + " and chunklen " + chunklen + "); ignored"));
                }
            }
            // n comes from the metadata and may be huge: count from the files present, list only the first few
            long missing = n - files.headMap(n).size();
            int listed = 0;
            for (long k = 0; k < n && listed < Math.min(20, missing); k++) {
                if (!files.containsKey(k)) {
                    listed++;
                    problems.add(Diagnostic.error(null, BcolzRules.MISSING_CHUNK_FILE, "data/__" + k + ".blp is missing: rows "
                            + k * chunklen + ".." + (k * chunklen + chunkBytes(k) / Math.max(1, atomsize)) + " read as zeros"));
                }
            }
            if (missing > listed) problems.add(Diagnostic.error(null, BcolzRules.MISSING_CHUNK_FILE, (missing - listed) + " more chunk files are missing"));
        }
        for (Path p : otherFiles) {
            problems.add(Diagnostic.warning(null, BcolzRules.UNEXPECTED_FILE, "data/" + p.getFileName() + " is not a chunk file; ignored"));
        }
    }

    /** The first 32 bytes of chunk file {@code k}: the superchunk and Blosc headers. Null when absent. */
    byte[] headBytes(long k) {
        Path p = files.get(k);
        if (p == null) return null;
        try {
            return RegularFiles.head(p, 32);
        } catch (IOException | RuntimeException e) {
            return new byte[0];
        }
    }

    /** Bytes on disk of the chunk files that belong to the array. */
    long diskBytes() {
        long total = 0;
        for (long k = 0; k < nchunks(); k++) if (files.containsKey(k)) total += Math.max(0, fileSize(k));
        return total;
    }

    long fileSize(long k) {
        try {
            return Files.size(files.get(k));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
