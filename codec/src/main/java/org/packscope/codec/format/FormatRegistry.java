package org.packscope.codec.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.io.SourceFileSystem;
import org.packscope.codec.read.ReadProblem;

/**
 * All formats PackScope knows, and detection by content. Adding a format means
 * one line in {@link #standard()}.
 */
public final class FormatRegistry implements Opener {

    /** The id of the fallback that takes any regular file no format recognises. */
    public static final String RAW_BYTES = "raw";

    private final List<Format> formats;

    public FormatRegistry(List<Format> formats) {
        this.formats = List.copyOf(formats);
    }

    /**
     * Every format on the class path, found through {@link java.util.ServiceLoader}: each
     * format module lists its {@link Format} in {@code META-INF/services}. The list order is
     * the order of detection ties, so specific formats come before the fallbacks.
     */
    public static FormatRegistry standard() {
        List<Format> formats = ServiceLoader.load(Format.class, Format.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();
        return new FormatRegistry(formats);
    }

    public List<Format> formats() { return formats; }

    /** The best format for the path, or null when nothing (not even a fallback) fits. */
    public Format detect(Path path) {
        return detect(Probe.of(path), false);
    }

    /** {@code asked}: the probe entries were already asked for (by {@link #open}), so not again. */
    private Format detect(Probe probe, boolean asked) {
        if (!asked && probe.isDirectory() && remote(probe.path())) askAtOnce(probe.path());
        Format best = null;
        int bestScore = 0;
        for (Format f : formats) {
            int score;
            try {
                score = f.probe(probe);
            } catch (RuntimeException e) {
                score = 0;
            }
            if (score > bestScore) {
                best = f;
                bestScore = score;
            }
        }
        return best;
    }

    /** Whether reading the path costs a round trip per question (an object store, a web server). */
    private static boolean remote(Path path) {
        return path.getFileSystem() != java.nio.file.FileSystems.getDefault();
    }

    /**
     * Tells a remote file system every entry any format probes, so it can answer them all
     * at once: one round trip (or one listing) rather than one for each.
     */
    private void askAtOnce(Path folder) {
        if (!(folder.getFileSystem() instanceof SourceFileSystem remote)) return;
        remote.lookAhead(folder, formats.stream().flatMap(f -> f.folderEntriesProbed().stream()).distinct().toList());
    }


    /** Opens a path as whatever it holds; never throws for bad content. */
    public Node open(Path path) {
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        // remotely, whether the path is a file and what a folder holds are asked side by side
        boolean asked = remote(path) && !FileNames.namesOneFile(name);
        if (asked) askAtOnce(path);
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.exists(path)) {
            return Node.of(name, "missing").diagnose(whyMissing(path));
        }
        Probe probe = Probe.of(path);
        Format f = detect(probe, asked);
        if (f == null) {
            return Node.of(name, "special").summary("not a regular file or folder")
                    .diagnose(Diagnostic.warning(null, SharedRules.NOT_REGULAR_FILE,
                            "not a regular file or folder (a FIFO, device or broken link); it is not opened"));
        }
        Node node = f.open(path, this);
        // only the raw-bytes fallback took it: say so, as an error when the name promised a format
        if (RAW_BYTES.equals(f.id())) {
            Diagnostic d = NamedFormat.unrecognised(probe);
            if (d != null) node.diagnose(d);
        }
        return node;
    }

    /**
     * Resolves a CLI address: {@code PATH} or {@code PATH::inner/path} where the inner
     * part names children (HDF5 groups, ctable columns, ...).
     */
    public Resolved resolve(String address) {
        int sep = innerSeparator(address);
        String file = sep < 0 ? address : address.substring(0, sep);
        String inner = sep < 0 ? "" : address.substring(sep + 2);
        Path path = pathOf(file);
        Node root = open(path);
        Node target = inner.isEmpty() ? root : root.find(inner);
        return new Resolved(path, root, target, inner);
    }

    /**
     * Where the {@code ::} before an inner path is, or -1: searched after a URL's host, so
     * that {@code http://[::1]:8080/f.h5} keeps its IPv6 address.
     */
    public static int innerSeparator(String address) {
        int from = 0;
        int scheme = address.indexOf("://");
        if (scheme > 0 && address.substring(0, scheme).chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '+' || c == '.' || c == '-')) {
            int slash = address.indexOf('/', scheme + 3);
            from = slash < 0 ? address.length() : slash;
        }
        return address.indexOf("::", from);
    }

    /**
     * The path a command-line or typed address names: a URL whose scheme has an installed
     * file system ({@code s3://}, {@code http(s)://}) becomes a path there, anything else a
     * local path.
     */
    public static Path pathOf(String file) {
        int scheme = file.indexOf("://");
        if (scheme > 1) {
            String s = file.substring(0, scheme).toLowerCase(java.util.Locale.ROOT);
            for (java.nio.file.spi.FileSystemProvider p : java.nio.file.spi.FileSystemProvider.installedProviders()) {
                if (!p.getScheme().equalsIgnoreCase(s)) continue;
                try {
                    return p.getPath(java.net.URI.create(file));
                } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
                    throw new java.nio.file.InvalidPathException(file, "not a usable " + s + ":// address");
                }
            }
        }
        return Path.of(file);
    }

    /**
     * Why nothing can be opened at {@code path}: the file system's own diagnostic when its
     * failure carries one (a remote object's HTTP status and URL), else "no such file".
     */
    public static Diagnostic whyMissing(Path path) {
        try {
            Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (java.io.IOException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof ReadProblem rp) return rp.diagnostic();
            }
        }
        return Diagnostic.error(null, FormatRules.MISSING_FILE, "no such file or folder: " + path);
    }

    /** A resolved address; {@code target} is null when the inner path names nothing. */
    public record Resolved(Path path, Node root, Node target, String inner) { }
}
