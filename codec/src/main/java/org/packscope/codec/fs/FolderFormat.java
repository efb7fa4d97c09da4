package org.packscope.codec.fs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.raw.FileNames;

/**
 * A plain folder. Entries are listed when the folder is opened, but each entry is
 * probed only when it is looked at, so big folders open at once.
 */
public final class FolderFormat implements Format {

    @Override public String id() { return "folder"; }

    @Override public String displayName() { return "Folder"; }

    @Override
    public int probe(Probe probe) { return probe.isDirectory() ? 1 : 0; }

    @Override
    public Node open(Path path, FormatRegistry registry) {
        return Node.lazy(FileNames.of(path), "folder", n -> {
            List<Path> entries = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(path)) {
                for (Path p : ds) entries.add(p);
            } catch (IOException | SecurityException e) {
                n.diagnose(Diagnostic.error(null, "folder_unreadable", "cannot list folder " + path + ": " + e.getMessage()));
            }
            // folders first, then by name, as file browsers do
            entries.sort(Comparator.comparing((Path p) -> !Files.isDirectory(p))
                    .thenComparing(p -> FileNames.of(p).toLowerCase(java.util.Locale.ROOT))
                    .thenComparing(FileNames::of));
            n.summary(entries.size() + (entries.size() == 1 ? " entry" : " entries"));
            n.field("path", null, path.toAbsolutePath(), "folder on disk");
            n.field("entries", null, entries.size(), "files and folders inside");
            n.lazyChildren(entries.size(), i -> registry.open(entries.get(i)));
        });
    }
}
