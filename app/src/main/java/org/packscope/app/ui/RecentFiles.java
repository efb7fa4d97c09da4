package org.packscope.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;

/** The last opened paths, remembered between runs. */
final class RecentFiles {
    private static final int MAX = 10;
    private final Preferences prefs;

    RecentFiles(Preferences prefs) { this.prefs = prefs; }

    List<Path> list() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < MAX; i++) {
            String p = prefs.get("recent." + i, null);
            if (p != null) out.add(Path.of(p));
        }
        return out;
    }

    void add(Path path) {
        List<Path> list = list();
        Path abs = path.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        for (int i = 0; i < MAX; i++) {
            if (i < list.size()) prefs.put("recent." + i, list.get(i).toString());
            else prefs.remove("recent." + i);
        }
    }
}
