package org.packscope.spark;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.packscope.codec.format.CheckReport;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ChunkUnits;

/**
 * The executor's part: checks one unit with PackScope's codec, exactly as {@code check}
 * does on one machine. A large array is opened once per executor JVM and shared by the
 * tasks that check its chunks (its metadata and chunk listing are read once there).
 */
final class Checkers {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();
    /** Large arrays opened in this JVM, by store address and array path. */
    private static final Map<String, OpenArray> ARRAYS = new ConcurrentHashMap<>();

    private record OpenArray(Node root, Node array, ChunkUnits units) { }

    private Checkers() { }

    static FormatRegistry registry() { return REGISTRY; }

    /** Lets go of the arrays this JVM opened (their file handles). */
    static void release() {
        for (OpenArray a : ARRAYS.values()) a.root().close();
        ARRAYS.clear();
    }

    static UnitResult unreadable(LakeUnit u, String rule, String message) {
        String where = PlainText.escape(u.address());
        String text = PlainText.forDisplay(message);
        Problem p = new Problem(u.address(), u.array(), u.label(), "error", rule, "", "none", text,
                where + ": error with no byte offset: " + rule + ": " + text);
        return new UnitResult(u, UnitResult.UNREADABLE, -1, -1, "", "", List.of(p));
    }

    /** The unit's result, or its previous one when its bytes did not change since ({@code previous} null: always checked). */
    static UnitResult check(LakeUnit u, Map<String, PreviousCensus.Unit> previous) {
        try {
            return switch (u.kind()) {
                case FILE -> file(u, previous);
                case STORE -> store(u);
                case CHUNK -> chunk(u, previous);
            };
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            List<Problem> ps = CheckReport.failed(u.address(), e).problems().stream().map(p -> Problem.of(u, p)).toList();
            return new UnitResult(u, UnitResult.DAMAGED, -1, -1, "", "", ps);
        }
    }

    private static UnitResult file(LakeUnit u, Map<String, PreviousCensus.Unit> previous) {
        int sep = FormatRegistry.innerSeparator(u.address());
        Path p = FormatRegistry.pathOf(sep < 0 ? u.address() : u.address().substring(0, sep));
        if (!Files.exists(p)) {
            Diagnostic why = FormatRegistry.whyMissing(p);
            return unreadable(u, why.rule(), why.message());
        }
        String fp = fingerprint(p);
        UnitResult skipped = PreviousCensus.skip(u, fp, previous);
        if (skipped != null) return skipped;
        FormatRegistry.Resolved r = REGISTRY.resolve(u.address());
        CheckReport report;
        try (Node root = r.root()) {
            report = r.target() == null ? null : CheckReport.of(u.address(), r.target());
        }
        if (report == null) return unreadable(u, "missing_file", u.address() + ": nothing named '" + r.inner() + "' inside " + p);
        long bytes = Files.isRegularFile(p) ? size(p) : -1;
        return result(u, report, bytes, -1, fp);
    }

    private static UnitResult store(LakeUnit u) {
        FormatRegistry.Resolved r = REGISTRY.resolve(u.address());
        CheckReport report;
        try (Node root = r.root()) {
            // the large arrays' chunks are units of their own
            report = CheckReport.of(u.address(), r.target(), n -> n.facet(ChunkUnits.class) == null, (n, d) -> !saidByAChunk(n, d));
        }
        return result(u, report, -1, -1, "");
    }

    /** Whether {@code d}, held by {@code n}, is a chunk's damage that the chunk's own unit says. */
    private static boolean saidByAChunk(Node n, Diagnostic d) {
        for (Node at = n; at != null; at = at.parent()) {
            ChunkUnits units = at.facet(ChunkUnits.class);
            if (units != null && units.saysItself(d)) return true;
        }
        return false;
    }

    private static UnitResult result(LakeUnit u, CheckReport report, long bytes, long values, String fp) {
        List<Problem> ps = report.problems().stream().map(p -> Problem.of(u, p)).toList();
        return new UnitResult(u, report.errors() ? UnitResult.DAMAGED : UnitResult.VALID, bytes, values, fp, "", ps);
    }

    private static UnitResult chunk(LakeUnit u, Map<String, PreviousCensus.Unit> previous) {
        OpenArray a = open(u.address(), u.array());
        if (a == null) return unreadable(u, "unreadable", u.address() + "::" + u.array() + ": the array is no longer there to check");
        String fp;
        try {
            Path file = a.units().chunkFile(u.chunk());
            fp = file != null && Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? fingerprint(file) : "";
        } catch (ReadProblem e) {
            fp = "";
        }
        UnitResult skipped = fp.isEmpty() ? null : PreviousCensus.skip(u, fp, previous);
        if (skipped != null) return skipped;
        ChunkUnits.ChunkCheck c = a.units().check(u.chunk());
        if (!c.stored()) return new UnitResult(u, UnitResult.MISSING, 0, 0, fp, "", List.of());
        List<Problem> ps = new ArrayList<>();
        for (Diagnostic d : c.problems()) {
            // the line is the one the array's verifier gives in check; the offset is the one in the chunk's own bytes (a Zarr chunk file) or the file's (HDF5)
            CheckReport.Problem said = CheckReport.problem(u.address(), a.array(), a.units().asVerified(u.chunk(), d));
            String offset = d.span() == null ? "" : d.span().offsetText();
            // a problem check places in the file keeps that place; a Zarr chunk's is in the chunk's own bytes
            String place = said.place().kind() != org.packscope.codec.analysis.DiagnosticPlace.Kind.NONE
                    ? said.place().kind().name().toLowerCase(java.util.Locale.ROOT) : d.span() == null ? "none" : "chunk";
            ps.add(new Problem(u.address(), u.array(), u.label(), said.severity().label(), said.rule(), offset,
                    place, PlainText.forDisplay(d.message()), said.line()));
        }
        boolean errors = ps.stream().anyMatch(Problem::error);
        return new UnitResult(u, errors ? UnitResult.DAMAGED : UnitResult.VALID, c.storedBytes(), c.values(), fp, "", ps);
    }

    private static OpenArray open(String address, String array) {
        String key = address + "::" + array;
        OpenArray a = ARRAYS.get(key);
        if (a != null) return a;
        synchronized (ARRAYS) {
            a = ARRAYS.get(key);
            if (a != null) return a;
            FormatRegistry.Resolved r = REGISTRY.resolve(address);
            Node n = r.root().find(array);
            ChunkUnits units = n == null ? null : n.facet(ChunkUnits.class);
            if (units == null) {
                r.root().close();
                return null;
            }
            a = new OpenArray(r.root(), n, units);
            ARRAYS.put(key, a);
            return a;
        }
    }

    /** Size and modification time, and the ETag (the file key) of a remote object. */
    static String fingerprint(Path p) {
        try {
            BasicFileAttributes at = Files.readAttributes(p, BasicFileAttributes.class);
            boolean remote = p.getFileSystem() != FileSystems.getDefault();
            return at.size() + " bytes, " + (remote && at.fileKey() != null ? "version " + at.fileKey() : "modified " + at.lastModifiedTime().toMillis());
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1;
        }
    }
}
