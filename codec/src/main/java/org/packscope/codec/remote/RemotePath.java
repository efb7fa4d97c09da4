package org.packscope.codec.remote;

import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A key in a bucket or under a host, as a {@link Path}: names separated by {@code /}.
 * Absolute paths start at the bucket (or host) root; {@code ..} never climbs above it.
 * Its text is the address without credentials or query.
 */
final class RemotePath implements Path {
    private final RemoteFileSystem fs;
    private final boolean absolute;
    private final List<String> names;

    RemotePath(RemoteFileSystem fs, boolean absolute, List<String> names) {
        this.fs = fs;
        this.absolute = absolute;
        this.names = List.copyOf(names);
    }

    static RemotePath parse(RemoteFileSystem fs, String text) {
        List<String> names = new ArrayList<>();
        for (String s : text.split("/")) if (!s.isEmpty()) names.add(s);
        return new RemotePath(fs, text.startsWith("/"), names);
    }

    /** The object key: the normalised names joined by {@code /}, never with a leading one. */
    String key() {
        return String.join("/", ((RemotePath) toAbsolutePath().normalize()).names);
    }

    @Override public RemoteFileSystem getFileSystem() { return fs; }
    @Override public boolean isAbsolute() { return absolute; }
    @Override public Path getRoot() { return absolute ? new RemotePath(fs, true, List.of()) : null; }

    @Override
    public Path getFileName() {
        return names.isEmpty() ? null : new RemotePath(fs, false, List.of(names.get(names.size() - 1)));
    }

    @Override
    public Path getParent() {
        if (names.isEmpty() || (!absolute && names.size() == 1)) return null;
        return new RemotePath(fs, absolute, names.subList(0, names.size() - 1));
    }

    @Override public int getNameCount() { return names.size(); }
    @Override public Path getName(int i) { return new RemotePath(fs, false, List.of(names.get(i))); }
    @Override public Path subpath(int from, int to) { return new RemotePath(fs, false, names.subList(from, to)); }

    @Override
    public boolean startsWith(Path other) {
        if (!(other instanceof RemotePath o) || o.fs != fs || o.absolute != absolute || o.names.size() > names.size()) return false;
        return names.subList(0, o.names.size()).equals(o.names);
    }

    @Override
    public boolean endsWith(Path other) {
        if (!(other instanceof RemotePath o) || o.fs != fs || o.names.size() > names.size()) return false;
        if (o.absolute) return equals(o);
        return names.subList(names.size() - o.names.size(), names.size()).equals(o.names);
    }

    @Override
    public Path normalize() {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n.equals(".")) continue;
            if (n.equals("..")) {
                if (!out.isEmpty() && !out.get(out.size() - 1).equals("..")) out.remove(out.size() - 1);
                else if (!absolute) out.add(n);
                // at the root of an absolute path ".." stays at the root: nothing above the bucket is reachable
                continue;
            }
            out.add(n);
        }
        return new RemotePath(fs, absolute, out);
    }

    @Override
    public Path resolve(Path other) {
        RemotePath o = mine(other);
        if (o.absolute) return o;
        List<String> all = new ArrayList<>(names);
        all.addAll(o.names);
        return new RemotePath(fs, absolute, all);
    }

    @Override
    public Path relativize(Path other) {
        RemotePath o = (RemotePath) mine(other).normalize();
        RemotePath me = (RemotePath) normalize();
        if (o.absolute != me.absolute) throw new IllegalArgumentException("one path is absolute and the other is not");
        int common = 0;
        while (common < me.names.size() && common < o.names.size() && me.names.get(common).equals(o.names.get(common))) common++;
        List<String> out = new ArrayList<>();
        for (int i = common; i < me.names.size(); i++) out.add("..");
        out.addAll(o.names.subList(common, o.names.size()));
        return new RemotePath(fs, false, out);
    }

    @Override
    public URI toUri() {
        return URI.create(fs.prefix() + "/" + String.join("/", ((RemotePath) toAbsolutePath()).names));
    }

    @Override public Path toAbsolutePath() { return absolute ? this : new RemotePath(fs, true, names); }
    @Override public Path toRealPath(LinkOption... options) { return toAbsolutePath().normalize(); }

    @Override
    public WatchKey register(WatchService w, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("remote paths cannot be watched");
    }

    @Override
    public int compareTo(Path other) {
        return toString().compareTo(other.toString());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemotePath p && p.fs == fs && p.absolute == absolute && p.names.equals(names);
    }

    @Override public int hashCode() { return Arrays.hashCode(new Object[] {fs, absolute, names}); }

    @Override
    public String toString() {
        String joined = String.join("/", names);
        return absolute ? fs.prefix() + "/" + joined : joined;
    }

    private RemotePath mine(Path other) {
        if (other instanceof RemotePath p && p.fs == fs) return p;
        if (other instanceof RemotePath) throw new ProviderMismatchException("a path of another bucket or host");
        // a relative path of another file system (such as a name read from a file): its names
        if (!other.isAbsolute()) {
            List<String> n = new ArrayList<>();
            for (Path part : other) n.add(part.toString());
            return new RemotePath(fs, false, n);
        }
        throw new ProviderMismatchException("not a remote path: " + other);
    }
}
