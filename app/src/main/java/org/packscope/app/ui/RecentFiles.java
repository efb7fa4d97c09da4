package org.packscope.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.prefs.Preferences;

import org.packscope.codec.remote.Redact;

/**
 * The last opened addresses (local paths and remote URLs, the latter without credentials
 * or query), remembered between runs as text: a remote address becomes a path again only
 * when it is opened, since making its file system starts a network client. The list is read once and kept in
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
    private final List<String> addresses = new ArrayList<>();

    RecentFiles(Preferences prefs) {
        this.prefs = prefs;
        for (int i = 0; i < MAX; i++) {
            String p = prefs.get("recent." + i, null);
            if (p != null) addresses.add(p);
        }
    }

    synchronized List<String> list() { return new ArrayList<>(addresses); }

    synchronized void add(Path path) {
        String address = Redact.text(path.toAbsolutePath().normalize().toString());
        addresses.remove(address);
        addresses.add(0, address);
        while (addresses.size() > MAX) addresses.remove(addresses.size() - 1);
        List<String> saved = List.copyOf(addresses);
        WRITER.execute(() -> {
            for (int i = 0; i < MAX; i++) {
                if (i < saved.size()) prefs.put("recent." + i, saved.get(i));
                else prefs.remove("recent." + i);
            }
        });
    }
}
