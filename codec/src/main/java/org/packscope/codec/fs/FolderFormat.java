package org.packscope.codec.fs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.io.FileNames;

/**
 * A plain folder. Entries are listed when the folder is opened, but each entry is
 * probed only when it is looked at, so big folders open at once.
 */
public final class FolderFormat implements Format {

    /**
     * A link to this folder or to one above it would make the tree endless: it is shown
     * as a link, not followed.
     */
    private static Node openEntry(Path folder, Path entry, Opener opener) {
        if (Files.isSymbolicLink(entry) && Files.isDirectory(entry)) {
            try {
                Path target = entry.toRealPath();
                if (folder.toRealPath().startsWith(target)) {
                    return Node.of(FileNames.of(entry), "link").summary("link to " + target + " (not followed)")
                            .diagnose(Diagnostic.warning(null, FsRules.SYMLINK_LOOP,
                                    "links back to " + target + ", which contains it; not followed"));
                }
            } catch (IOException | SecurityException e) {
                return Node.of(FileNames.of(entry), "link")
                        .diagnose(Diagnostic.warning(null, FsRules.LINK_UNREADABLE, "cannot resolve link: " + e.getMessage()));
            }
        }
        return opener.open(entry);
    }

    private record Entry(Path path, boolean directory, String lowerName, String name) { }

    @Override public String id() { return "folder"; }

    @Override public String displayName() { return "Folder"; }

    @Override
    public int probe(Probe probe) { return probe.isDirectory() ? 1 : 0; }

    @Override
    public Node open(Path path, Opener opener) {
        return Node.lazy(FileNames.of(path), "folder", n -> {
            List<Entry> listed = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(path)) {
                for (Path p : ds) {
                    String name = FileNames.of(p);
                    listed.add(new Entry(p, Files.isDirectory(p), name.toLowerCase(java.util.Locale.ROOT), name));
                }
            } catch (IOException | SecurityException e) {
                n.diagnose(Diagnostic.error(null, SharedRules.FOLDER_UNREADABLE, "cannot list folder " + path + ": " + e.getMessage()));
            }
            // folders first, then by name, as file browsers do; each entry is asked once
            listed.sort(Comparator.comparing((Entry e) -> !e.directory()).thenComparing(Entry::lowerName).thenComparing(Entry::name));
            List<Path> entries = new ArrayList<>(listed.size());
            for (Entry e : listed) entries.add(e.path());
            n.summary(entries.size() + (entries.size() == 1 ? " entry" : " entries"));
            n.field("path", null, path.toAbsolutePath(), "folder on disk");
            n.field("entries", null, entries.size(), "files and folders inside");
            n.lazyChildren(entries.size(), i -> openEntry(path, entries.get(i), opener));
        });
    }
}
