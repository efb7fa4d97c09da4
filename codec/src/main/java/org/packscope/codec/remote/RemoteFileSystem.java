package org.packscope.codec.remote;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.SourceFileSystem;

/**
 * One bucket ({@code s3://bucket}) or one origin ({@code https://host:port}), read-only.
 * What it learns is kept for its life: objects opened (size and version pinned), keys
 * that are missing, folders and files seen in listings or consolidated Zarr metadata.
 * Folders are S3 prefixes; over HTTP, which cannot list, a folder is known from Zarr
 * metadata ({@link ZarrListing}).
 */
final class RemoteFileSystem extends FileSystem implements SourceFileSystem {
    private final RemoteFileSystemProvider provider;
    private final String prefix;
    final ObjectStore store;
    private final Map<String, RemoteObject> objects = new ConcurrentHashMap<>();
    private final Map<String, RemoteProblem> missing = new ConcurrentHashMap<>();
    final Map<String, Long> listedFiles = new ConcurrentHashMap<>();
    final Set<String> folders = ConcurrentHashMap.newKeySet();
    /** Zarr arrays: below them are chunks only, never folders, so nothing there is probed as one. */
    final Set<String> arrays = ConcurrentHashMap.newKeySet();

    RemoteFileSystem(RemoteFileSystemProvider provider, String prefix, ObjectStore store) {
        this.provider = provider;
        this.prefix = prefix;
        this.store = store;
        folders.add("");
    }

    String prefix() { return prefix; }

    /** What is at {@code key}: a folder, or an object (opened: size and version pinned). */
    RemoteAttributes stat(String key) throws IOException {
        if (folders.contains(key)) return RemoteAttributes.folder();
        RemoteObject o = objects.get(key);
        if (o != null) return RemoteAttributes.file(o.size(), o.version());
        RemoteProblem gone = missing.get(key);
        if (gone == null) {
            try {
                return RemoteAttributes.file(object(key).size(), objects.get(key).version());
            } catch (RemoteProblem p) {
                if (p.rule() != RemoteRules.REMOTE_NOT_FOUND && p.rule() != RemoteRules.REMOTE_FORBIDDEN) throw p;
                gone = p;
            }
        }
        if (isFolder(key)) return RemoteAttributes.folder();
        missing.put(key, gone);
        throw notFound(key, gone);
    }

    /** Size of a file without fetching it, when a listing said it; else -1. */
    long listedSize(String key) {
        return listedFiles.getOrDefault(key, -1L);
    }

    RemoteObject object(String key) throws IOException {
        RemoteObject o = objects.get(key);
        if (o != null) return o;
        RemoteProblem gone = missing.get(key);
        if (gone != null) throw gone;
        try {
            o = RemoteObject.open(store, key);
        } catch (RemoteProblem p) {
            if (p.rule() == RemoteRules.REMOTE_NOT_FOUND) missing.put(key, p);
            throw p;
        }
        RemoteObject first = objects.putIfAbsent(key, o);
        return first == null ? o : first;
    }

    private boolean isFolder(String key) throws IOException {
        if (insideArray(key)) return false;
        if (store instanceof S3Store) {
            ObjectStore.Page p = store.list(key + "/", null);
            boolean any = !p.objects().isEmpty() || !p.prefixes().isEmpty();
            if (any) folders.add(key);
            return any;
        }
        return ZarrListing.probe(this, key);
    }

    private boolean insideArray(String key) {
        for (int at = key.lastIndexOf('/'); at > 0; at = key.lastIndexOf('/', at - 1)) {
            if (arrays.contains(key.substring(0, at))) return true;
        }
        return false;
    }

    /** The names directly inside a folder: listed page by page (S3) or known from Zarr metadata (HTTP). */
    List<String> list(String key) throws IOException {
        if (!stat(key).isDirectory()) throw new NotDirectoryException(prefix + "/" + key);
        String under = key.isEmpty() ? "" : key + "/";
        List<String> names = new ArrayList<>();
        int max = RemoteSettings.maxListed();
        if (store instanceof S3Store) {
            String token = null;
            do {
                ObjectStore.Page page = store.list(under, token);
                for (String p : page.prefixes()) {
                    String name = childName(under, p.endsWith("/") ? p.substring(0, p.length() - 1) : p);
                    if (name != null && names.size() < max) {
                        names.add(name);
                        folders.add(under + name);
                    }
                }
                for (ObjectStore.Entry e : page.objects()) {
                    String name = childName(under, e.key());
                    if (name != null && names.size() < max) {
                        names.add(name);
                        listedFiles.put(under + name, e.size());
                    }
                }
                token = page.next();
                if (names.size() >= max && token != null) {
                    RemoteSettings.notice("the listing of " + prefix + "/" + under + " stopped after " + max + " entries");
                    break;
                }
            } while (token != null);
        } else {
            // metadata names groups and arrays, never chunks: an array's folder is not listable,
            // so its readers look each chunk up by key rather than take the chunks for absent
            if (arrays.contains(key)) throw new java.io.IOException(prefix + "/" + key + ": an array's chunks cannot be listed over HTTP");
            for (String f : folders) if (isChild(under, f)) names.add(f.substring(under.length()));
            for (String f : listedFiles.keySet()) if (isChild(under, f)) names.add(f.substring(under.length()));
        }
        return names;
    }

    /** A listed key's name inside {@code under}, or null for one that would leave it ({@code ..}, absolute, empty). */
    static String childName(String under, String key) {
        if (!key.startsWith(under)) return null;
        String name = key.substring(under.length());
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/") || name.contains("\\")
                || name.indexOf('\0') >= 0) return null;
        return name;
    }

    private static boolean isChild(String under, String key) {
        return key.length() > under.length() && childName(under, key) != null;
    }

    /** A folder or file named in Zarr metadata, checked to stay under {@code base}. */
    void known(String base, String relative, boolean folder, boolean array) {
        String[] parts = relative.split("/");
        for (String p : parts) if (p.isEmpty() || p.equals(".") || p.equals("..") || p.contains("\\")) return;
        StringBuilder at = new StringBuilder(base);
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (at.length() > 0) at.append('/');
            at.append(p);
            if (i < parts.length - 1 || folder) folders.add(at.toString());
        }
        if (!folder) listedFiles.putIfAbsent(at.toString(), -1L);
        else if (array) arrays.add(at.toString());
    }

    static NoSuchFileException notFound(String key, RemoteProblem why) {
        NoSuchFileException e = new NoSuchFileException(why.getMessage());
        e.initCause(why);
        return e;
    }

    @Override
    public ByteSource openSource(Path path) throws IOException {
        String key = ((RemotePath) path).key();
        if (stat(key).isDirectory()) throw new org.packscope.codec.io.NotRegularFileException(path, "a folder");
        return new RemoteSource(object(key));
    }

    @Override public RemoteFileSystemProvider provider() { return provider; }
    @Override public void close() { }
    @Override public boolean isOpen() { return true; }
    @Override public boolean isReadOnly() { return true; }
    @Override public String getSeparator() { return "/"; }
    @Override public Iterable<Path> getRootDirectories() { return List.of(RemotePath.parse(this, "/")); }
    @Override public Iterable<FileStore> getFileStores() { return List.of(); }
    @Override public Set<String> supportedFileAttributeViews() { return Set.of("basic"); }

    @Override
    public Path getPath(String first, String... more) {
        StringBuilder s = new StringBuilder(first);
        for (String m : more) s.append('/').append(m);
        return RemotePath.parse(this, s.toString());
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        PathMatcher local = java.nio.file.FileSystems.getDefault().getPathMatcher(syntaxAndPattern);
        return p -> local.matches(java.nio.file.Path.of(p.toString().replace(prefix, "")));
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("remote objects have no owners here");
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("remote objects cannot be watched");
    }
}
