package org.packscope.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.prefs.Preferences;

/**
 * The last opened paths, remembered between runs. The list is read once and kept in
 * memory: the preferences store locks a node while it syncs to disk, which on a busy
 * machine held the FX thread for half a second when the menu was rebuilt. Changes are
 * written back on a thread of their own, in order.
 */
final class RecentFiles {
    private static final int MAX = 10;
    private static final ExecutorService WRITER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "recent-files");
        t.setDaemon(true);
        return t;
    });
    private final Preferences prefs;
    private final List<Path> paths = new ArrayList<>();

    RecentFiles(Preferences prefs) {
        this.prefs = prefs;
        for (int i = 0; i < MAX; i++) {
            String p = prefs.get("recent." + i, null);
            if (p != null) paths.add(Path.of(p));
        }
    }

    synchronized List<Path> list() { return new ArrayList<>(paths); }

    synchronized void add(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        paths.remove(abs);
        paths.add(0, abs);
        while (paths.size() > MAX) paths.remove(paths.size() - 1);
        List<String> saved = paths.stream().map(Path::toString).toList();
        WRITER.execute(() -> {
            for (int i = 0; i < MAX; i++) {
                if (i < saved.size()) prefs.put("recent." + i, saved.get(i));
                else prefs.remove("recent." + i);
            }
        });
    }
}
