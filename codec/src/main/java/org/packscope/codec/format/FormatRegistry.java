package org.packscope.codec.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.SharedRules;

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
        return detect(Probe.of(path));
    }

    private Format detect(Probe probe) {
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

    /** Opens a path as whatever it holds; never throws for bad content. */
    public Node open(Path path) {
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.exists(path)) {
            return Node.of(name, "missing").diagnose(Diagnostic.error(null, FormatRules.MISSING_FILE, "no such file or folder: " + path));
        }
        Probe probe = Probe.of(path);
        Format f = detect(probe);
        if (f == null) {
            return Node.of(name, "special").summary("not a regular file or folder")
                    .diagnose(Diagnostic.warning(null, SharedRules.NOT_REGULAR_FILE,
                            "not a regular file or folder (a FIFO, device or broken link); it is not opened"));
        }
        Node node = f.open(path, this);
        // only the raw-bytes fallback took it: say so, as an error when the name promised a format
        if (RAW_BYTES.equals(f.id())) node.diagnose(NamedFormat.unrecognised(probe));
        return node;
    }

    /**
     * Resolves a CLI address: {@code PATH} or {@code PATH::inner/path} where the inner
     * part names children (HDF5 groups, ctable columns, ...).
     */
    public Resolved resolve(String address) {
        int sep = address.indexOf("::");
        String file = sep < 0 ? address : address.substring(0, sep);
        String inner = sep < 0 ? "" : address.substring(sep + 2);
        Path path = Path.of(file);
        Node root = open(path);
        Node target = inner.isEmpty() ? root : root.find(inner);
        return new Resolved(path, root, target, inner);
    }

    /** A resolved address; {@code target} is null when the inner path names nothing. */
    public record Resolved(Path path, Node root, Node target, String inner) { }
}
