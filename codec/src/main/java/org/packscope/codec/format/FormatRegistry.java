package org.packscope.codec.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.fs.FolderFormat;
import org.packscope.codec.hdf5.Hdf5Format;
import org.packscope.codec.hdf5.Hdf5GroupOpener;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.raw.RawFormat;

/**
 * All formats PackScope knows, and detection by content. Adding a format means
 * one line in {@link #standard()}.
 */
public final class FormatRegistry {

    private final List<Format> formats;

    public FormatRegistry(List<Format> formats) {
        this.formats = List.copyOf(formats);
    }

    public static FormatRegistry standard() {
        List<Hdf5GroupOpener> groupOpeners = new ArrayList<>();
        List<Format> formats = new ArrayList<>();
        groupOpeners.add(new org.packscope.codec.bpcells.BpcellsHdf5Opener());
        groupOpeners.add(new org.packscope.codec.anndata.AnndataOpener());
        groupOpeners.add(new org.packscope.codec.tenx.TenxOpener());
        formats.add(new Hdf5Format(groupOpeners));
        formats.add(new org.packscope.codec.pco.PcoFormat());
        formats.add(new org.packscope.codec.bcolz.BcolzFormat());
        formats.add(new org.packscope.codec.blosc.BloscFormat());
        formats.add(new org.packscope.codec.bpcells.BpcellsFolderFormat());
        formats.add(new org.packscope.codec.rds.RdsFormat());
        formats.add(new org.packscope.codec.binjson.BinaryJsonFormat());
        formats.add(new FolderFormat());
        formats.add(new RawFormat());
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
            return Node.of(name, "missing").diagnose(Diagnostic.error(null, "missing_file", "no such file or folder: " + path));
        }
        Probe probe = Probe.of(path);
        Format f = detect(probe);
        if (f == null) {
            return Node.of(name, "special").summary("not a regular file or folder")
                    .diagnose(Diagnostic.warning(null, "not_regular_file",
                            "not a regular file or folder (a FIFO, device or broken link); it is not opened"));
        }
        Node node = f.open(path, this);
        // only the raw-bytes fallback took it: say so, as an error when the name promised a format
        if (f instanceof RawFormat) node.diagnose(NamedFormat.unrecognised(probe));
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
