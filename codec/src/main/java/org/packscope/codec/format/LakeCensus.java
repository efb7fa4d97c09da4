package org.packscope.codec.format;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.NodeLocator;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.remote.RemoteFileSystemProvider;
import org.packscope.codec.store.ChunkUnits;

/**
 * A lake check's output folder, read back: the census (one line per large array, or per
 * argument's plain files) and every diagnostic with the unit it was found in. The Spark
 * job writes these files with the names and the marker defined here; the window reads
 * them to list the damaged units and open each one.
 */
public final class LakeCensus {
    /** The census's first line holds this as its {@code record}: how a census file is recognised. */
    public static final String MARK = "packscope-lake-census";
    public static final String CENSUS = "census", UNITS = "units", DIAGNOSTICS = "diagnostics";
    /** Diagnostic rows kept at most: a lake with more is shown in part, and says so. */
    public static final int MAX_PROBLEMS = 500_000;
    /** Census rows kept at most. */
    public static final int MAX_ARRAYS = 100_000;

    /** What the run was asked and how it ended. {@code workingDirectory} is empty when the census does not say. */
    public record Head(List<String> addresses, long units, int exitStatus, String workingDirectory) { }

    /** One census line: a large array's units, or (with an empty {@code array}) one argument's plain files taken together. */
    public record ArrayCount(String origin, String address, String array, long gridChunks, long units, long valid,
                             long missing, long damaged, long unreadable, long skipped, long bytes, long values) { }

    /**
     * One diagnostic, with its unit.
     *
     * @param kind   the unit's kind: {@code file}, {@code store} (a store's structure) or {@code chunk}
     * @param chunk  a chunk unit's number in its array's grid (C order); else -1
     * @param unit   what the census calls the unit: a chunk's key, or the file
     * @param offset the byte offset as written ("12", or "12.3" for a bit); empty when the problem has no place
     */
    public record Problem(String unitId, String kind, String address, String array, String unit, long chunk,
                          String severity, String rule, String offset, String message, String line) { }

    private final Path folder;
    private final Head head;
    private final List<ArrayCount> arrays;
    private final List<Problem> problems;
    private final long problemLines;
    private final int unreadableLines;

    private LakeCensus(Path folder, Head head, List<ArrayCount> arrays, List<Problem> problems, long problemLines, int unreadableLines) {
        this.folder = folder;
        this.head = head;
        this.arrays = List.copyOf(arrays);
        this.problems = List.copyOf(problems);
        this.problemLines = problemLines;
        this.unreadableLines = unreadableLines;
    }

    public Path folder() { return folder; }

    public Head head() { return head; }

    public List<ArrayCount> arrays() { return arrays; }

    /** The diagnostics kept (at most {@link #MAX_PROBLEMS}), in the file's order. */
    public List<Problem> problems() { return problems; }

    /** Diagnostic lines in the file, kept or not. */
    public long problemLines() { return problemLines; }

    /** Lines of either file that were not a JSON object: skipped. */
    public int unreadableLines() { return unreadableLines; }

    /**
     * The output folder {@code p} names: the folder itself, or one of its JSON-lines files;
     * null when {@code p} is no lake check's output (its census does not start with the mark).
     * Only local files are asked: a census is written where the job runs.
     */
    public static Path folderOf(Path p) {
        if (p == null || p.getFileSystem() != java.nio.file.FileSystems.getDefault()) return null;
        Path folder = Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
        if (folder == null) return null;
        if (!Files.isDirectory(p)) {
            String name = p.getFileName().toString();
            if (!name.equals(CENSUS + ".jsonl") && !name.equals(DIAGNOSTICS + ".jsonl") && !name.equals(UNITS + ".jsonl")) return null;
        }
        Path census = folder.resolve(CENSUS + ".jsonl");
        if (!Files.isRegularFile(census)) return null;
        try (BufferedReader r = Files.newBufferedReader(census)) {
            String first = firstLine(r);
            return first != null && first.contains("\"" + MARK + "\"") && MARK.equals(Mapper.JSON.readTree(first).path("record").asText()) ? folder : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The first line, or null when it is longer than a census head can be. */
    private static String firstLine(BufferedReader r) throws IOException {
        char[] buf = new char[64 * 1024];
        int n = 0;
        for (int c = r.read(); c >= 0 && c != '\n'; c = r.read()) {
            if (n == buf.length) return null;
            buf[n++] = (char) c;
        }
        return new String(buf, 0, n);
    }

    /**
     * Made on first use, not with the class: every file opened in the window asks
     * {@link #folderOf} first, and making a mapper loads Jackson's databind (~0.25 s cold).
     */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper();
    }

    /** Reads the census and the diagnostics of the output folder {@code folder} (see {@link #folderOf}). */
    public static LakeCensus read(Path folder, Progress progress) throws IOException {
        Head head = null;
        List<ArrayCount> arrays = new ArrayList<>();
        int bad = 0;
        try (BufferedReader r = Files.newBufferedReader(folder.resolve(CENSUS + ".jsonl"))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                progress.checkCancelled();
                JsonNode j = object(line);
                if (j == null) {
                    bad++;
                    continue;
                }
                if (head == null && MARK.equals(j.path("record").asText())) {
                    List<String> addresses = new ArrayList<>();
                    j.path("addresses").forEach(a -> addresses.add(a.asText()));
                    head = new Head(List.copyOf(addresses), j.path("units").asLong(), j.path("exit_status").asInt(),
                            j.path("working_directory").asText(""));
                } else if (arrays.size() < MAX_ARRAYS) {
                    arrays.add(new ArrayCount(j.path("origin").asText(), j.path("address").asText(), j.path("array").asText(),
                            j.path("grid_chunks").asLong(-1), j.path("units").asLong(), j.path("valid").asLong(), j.path("missing").asLong(),
                            j.path("damaged").asLong(), j.path("unreadable").asLong(), j.path("skipped_unchanged").asLong(),
                            j.path("bytes").asLong(), j.path("values").asLong()));
                }
            }
        }
        if (head == null) throw new IOException(folder.resolve(CENSUS + ".jsonl") + " does not start with the lake census mark");
        List<Problem> problems = new ArrayList<>();
        long lines = 0;
        Path diagnostics = folder.resolve(DIAGNOSTICS + ".jsonl");
        if (Files.isRegularFile(diagnostics)) {
            try (BufferedReader r = Files.newBufferedReader(diagnostics)) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if ((lines & 1023) == 0) progress.checkCancelled();
                    lines++;
                    if (problems.size() >= MAX_PROBLEMS) continue;
                    JsonNode j = object(line);
                    if (j == null) {
                        bad++;
                        continue;
                    }
                    problems.add(new Problem(j.path("unit_id").asText(), j.path("kind").asText("file"), j.path("address").asText(),
                            j.path("array").asText(), j.path("unit").asText(), j.path("chunk").asLong(-1), j.path("severity").asText(),
                            j.path("rule").asText(), j.path("offset").asText(), j.path("message").asText(), j.path("line").asText()));
                }
            }
        }
        return new LakeCensus(folder, head, arrays, problems, lines, bad);
    }

    private static JsonNode object(String line) {
        if (line.isBlank()) return null;
        try {
            JsonNode j = Mapper.JSON.readTree(line);
            return j != null && j.isObject() ? j : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /**
     * The address to open for one the census names: URLs and absolute paths as they are; a
     * relative path against the folder the job ran in while it still holds it, else beside
     * the census folder (a census kept with its lake).
     */
    public String resolve(String address) {
        if (RemoteFileSystemProvider.isRemote(address)) return address;
        int sep = FormatRegistry.innerSeparator(address);
        String file = sep < 0 ? address : address.substring(0, sep);
        String inner = sep < 0 ? "" : address.substring(sep);
        try {
            Path p = Path.of(file);
            if (p.isAbsolute()) return address;
            if (!head.workingDirectory().isEmpty()) {
                Path there = Path.of(head.workingDirectory()).resolve(p);
                if (Files.exists(there)) return there + inner;
            }
            Path parent = folder.toAbsolutePath().getParent();
            return (parent == null ? p.toAbsolutePath() : parent.resolve(p)).normalize() + inner;
        } catch (java.nio.file.InvalidPathException e) {
            return address;
        }
    }

    /** The grid size the census gives for {@code array} of {@code address}, or -1. */
    public long gridChunks(String address, String array) {
        for (ArrayCount a : arrays) if (a.address().equals(address) && a.array().equals(array)) return a.gridChunks();
        return -1;
    }

    /**
     * Where in the tree opened from the problem's address its unit is: the tree's root for a
     * file or a store's structure, the chunk's node for a chunk (the array's node when its
     * chunk cannot be found, as when it was mended since). Null when not even the array is there.
     * A Zarr array's chunk nodes follow its other children, one per grid cell in C order;
     * elsewhere the array's {@link ChunkUnits} names the way down.
     */
    public NodeLocator.Path locate(Node root, Problem p, Progress progress) {
        List<Node> nodes = new ArrayList<>(List.of(root));
        List<Integer> indices = new ArrayList<>();
        if (p.kind().equals("chunk")) {
            Node at = root;
            for (String name : p.array().split("/")) {
                if (name.isEmpty()) continue;
                progress.checkCancelled();
                List<Node> kids = at.children();
                int i = indexOf(kids, name);
                if (i < 0) return null;
                at = kids.get(i);
                nodes.add(at);
                indices.add(i);
            }
            long grid = gridChunks(p.address(), p.array());
            List<Node> kids = at.children();
            long guess = kids.size() - grid + p.chunk();
            if (grid > 0 && p.chunk() >= 0 && guess >= 0 && guess < kids.size() && holdsKey(kids.get((int) guess), p.unit())) {
                nodes.add(kids.get((int) guess));
                indices.add((int) guess);
            } else {
                ChunkUnits units = at.facet(ChunkUnits.class);
                for (String name : units == null || p.chunk() < 0 ? List.<String>of() : units.nodeNames(p.chunk())) {
                    progress.checkCancelled();
                    List<Node> below = at.children();
                    int i = indexOf(below, name);
                    if (i < 0) break;
                    at = below.get(i);
                    nodes.add(at);
                    indices.add(i);
                }
            }
        }
        return new NodeLocator.Path(nodes, indices.stream().mapToInt(Integer::intValue).toArray());
    }

    private static int indexOf(List<Node> kids, String name) {
        for (int i = 0; i < kids.size(); i++) if (kids.get(i).name().equals(name)) return i;
        return -1;
    }

    private static boolean holdsKey(Node chunk, String key) {
        for (Field f : chunk.fields()) if (f.name().equals("key")) return key.equals(f.value());
        return false;
    }
}
