package org.packscope.codec.hdf5;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

import io.jhdf.links.ExternalLink;

import org.packscope.codec.format.Opener;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;

/**
 * External links: a name in this file for an object in another file. They are shown as
 * links with their target and never followed while the tree is built or checked (jhdf
 * would open whatever path the link names, a named pipe or device included). A person
 * can follow one by opening its drill-down child, which opens the target only when it
 * is a regular file.
 */
final class Links {
    private final Path file;
    private final Opener opener;

    Links(Path file, Opener opener) {
        this.file = file;
        this.opener = opener;
    }

    Node external(String name, ExternalLink l) {
        String target = l.getTargetPath();
        int cut = target.lastIndexOf(":/");
        if (cut < 0) cut = target.lastIndexOf(':');
        String targetFile = cut < 0 ? target : target.substring(0, cut);
        String targetPath = cut < 0 ? "/" : target.substring(cut + 1);
        Node n = Node.of(name, "hdf5-external-link").summary("external link → " + targetFile + " " + targetPath)
                .field("external file", null, targetFile, "file this link points into, relative to this file's folder")
                .field("target path", null, targetPath, "object in that file");
        Path resolved = resolve(targetFile);
        String problem = resolved == null ? "its file name is not a path here" : notRegular(resolved);
        if (problem != null) {
            n.diagnose(Diagnostic.warning(null, Hdf5Rules.EXTERNAL_LINK_TARGET, "external link '" + name + "' → " + targetFile
                    + ": " + problem + "; the link is shown, not followed"));
            return n;
        }
        Path p = resolved;
        n.lazyChildren(1, i -> Node.lazy("follow → " + targetFile, "hdf5-external-target", t -> {
            String again = notRegular(p);
            if (again != null) {
                t.diagnose(Diagnostic.warning(null, Hdf5Rules.EXTERNAL_LINK_TARGET, targetFile + ": " + again));
                return;
            }
            Node root = opener.open(p);
            t.summary(targetPath).children(List.of(root));
        }).drillDown(true));
        return n;
    }

    private Path resolve(String target) {
        try {
            Path t = Path.of(target);
            if (t.isAbsolute()) return t;
            Path dir = file.toAbsolutePath().getParent();
            return dir == null ? t : dir.resolve(t);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** Why the path is not a regular file to open (missing, a FIFO, a device, a folder), or null. */
    static String notRegular(Path p) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException | SecurityException e) {
            return "no such file";
        }
        if (a.isRegularFile()) return null;
        return a.isDirectory() ? "it is a folder, not a file" : "it is not a regular file (a named pipe, device or socket)";
    }
}
