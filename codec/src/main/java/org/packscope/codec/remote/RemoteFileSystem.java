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
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.io.NotRegularFileException;
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
    /** The most metadata documents opened ahead for one folder's listing. */
    private static final int MAX_METADATA_AHEAD = 256;
    /** The most a first request asks for, when objects nearby were read whole. */
    static final int MAX_FIRST_REQUEST = 8 << 20;
    private final Map<String, RemoteObject> objects = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<RemoteObject>> opening = new ConcurrentHashMap<>();
    /** Folders whose objects were read to their end, with the largest of them. */
    private final Map<String, Long> wholeReads = new ConcurrentHashMap<>();
    private final Map<String, RemoteProblem> missing = new ConcurrentHashMap<>();
    final Map<String, Long> listedFiles = new ConcurrentHashMap<>();
    final Set<String> folders = ConcurrentHashMap.newKeySet();
    /** Folders whose whole listing fits one page: a name not in it is not there. */
    final Set<String> whollyListed = ConcurrentHashMap.newKeySet();
    /** Folders whose v2 consolidated metadata ({@code .zmetadata}) was read. */
    final Set<String> consolidatedV2 = ConcurrentHashMap.newKeySet();
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
                if (mayBeUnknownFolder(key)) {
                    // over HTTP a folder is known by its Zarr metadata: asked for with the name itself
                    List<String> keys = new ArrayList<>(List.of(key));
                    for (String marker : ZarrListing.MARKERS) keys.add(key.isEmpty() ? marker : key + "/" + marker);
                    openSideBySide(keys);
                }
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

    boolean isKnownFolder(String key) { return folders.contains(key); }

    /** Size of a file without fetching it, when a listing said it; else -1. */
    long listedSize(String key) {
        return listedFiles.getOrDefault(key, -1L);
    }

    /**
     * The object at {@code key}, opened once however many readers ask at the same time. In a
     * folder whose objects were read whole (Zarr chunks, BPCells and bcolz files), the first
     * request asks for as much as the largest of them, so a neighbour usually comes whole in
     * one request; elsewhere it asks for one block.
     */
    RemoteObject object(String key) throws IOException {
        RemoteObject o = objects.get(key);
        if (o != null) return o;
        RemoteProblem gone = missing.get(key);
        if (gone != null) throw gone;
        boolean unlisted = absentFromListing(key);
        if (unlisted || absentFromConsolidated(key)) {
            gone = new RemoteProblem(RemoteRules.REMOTE_NOT_FOUND, store.describe(key), 0, unlisted
                    ? "not in its folder's listing, so not asked for"
                    : "not named in the store's consolidated metadata (.zmetadata), so not asked for");
            missing.put(key, gone);
            throw gone;
        }
        CompletableFuture<RemoteObject> mine = new CompletableFuture<>();
        CompletableFuture<RemoteObject> first = opening.putIfAbsent(key, mine);
        if (first != null) return RemoteObject.await(first);
        try {
            String folder = folderOf(key);
            o = RemoteObject.open(store, key, firstRequest(folder), size -> wholeReads.merge(folder, size, Math::max));
            objects.put(key, o);
            mine.complete(o);
            return o;
        } catch (IOException | RuntimeException e) {
            if (e instanceof RemoteProblem p && p.rule() == RemoteRules.REMOTE_NOT_FOUND) missing.put(key, p);
            mine.completeExceptionally(e);
            throw e;
        } finally {
            opening.remove(key, mine);
        }
    }

    /**
     * Whether {@code key} is Zarr v2 metadata that a store's {@code .zmetadata} would name if
     * it existed: consolidated metadata holds every {@code .zarray}, {@code .zgroup} and
     * {@code .zattrs} of the store, as zarr-python reads it, so asking costs a round trip
     * for a known answer.
     */
    private boolean absentFromConsolidated(String key) {
        int cut = key.lastIndexOf('/');
        String name = key.substring(cut + 1);
        if (!name.equals(".zattrs") && !name.equals(".zarray") && !name.equals(".zgroup") && !name.equals("zarr.json")) return false;
        return !listedFiles.containsKey(key) && underConsolidated(key);
    }

    /**
     * Whether {@code key} could be a folder nothing has told about yet, over HTTP: not a
     * name of one file or of Zarr metadata, not inside an array, not in a hierarchy that a
     * listing or consolidated metadata already gave whole.
     */
    private boolean mayBeUnknownFolder(String key) {
        if (store instanceof S3Store) return false;
        String name = key.substring(key.lastIndexOf('/') + 1);
        if (FileNames.namesOneFile(name) || name.startsWith(".z") || name.equals("zarr.json")) return false;
        return !insideArray(key) && !underConsolidated(key) && !parentListedWhole(key);
    }

    private boolean underConsolidated(String key) {
        for (String root : consolidatedV2) {
            if (root.isEmpty() ? !key.isEmpty() : key.startsWith(root + "/")) return true;
        }
        return false;
    }

    /** Whether {@code key} is not in its folder, which was listed whole. */
    private boolean absentFromListing(String key) {
        return parentListedWhole(key) && !listedFiles.containsKey(key) && !folders.contains(key);
    }

    private boolean parentListedWhole(String key) {
        return whollyListed.contains(folderOf(key));
    }

    /** Bytes the first request of an object in {@code folder} asks for. */
    private int firstRequest(String folder) {
        long largest = wholeReads.getOrDefault(folder, 0L);
        // a little over the largest, as neighbours differ a little; bounded so a stray large
        // object does not make every open fetch megabytes it may not need
        long want = largest + largest / 8 + BlockCache.BLOCK;
        return (int) Math.min(MAX_FIRST_REQUEST, Math.max(BlockCache.BLOCK, want));
    }

    private static String folderOf(String key) {
        int at = key.lastIndexOf('/');
        return at < 0 ? "" : key.substring(0, at);
    }

    private boolean isFolder(String key) throws IOException {
        if (insideArray(key)) return false;
        // a folder listed whole, or a store whose consolidated metadata names every group and
        // array, already said which of its names are folders
        if (parentListedWhole(key) || underConsolidated(key)) return folders.contains(key);
        if (store instanceof S3Store) {
            ObjectStore.Page p = store.list(key + "/", null);
            boolean any = !p.objects().isEmpty() || !p.prefixes().isEmpty();
            if (any) folders.add(key);
            return any;
        }
        return ZarrListing.probe(this, key);
    }

    private boolean insideArray(String key) {
        if (!key.isEmpty() && arrays.contains("")) return true;
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
            openMetadataOf(under, names);
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
    public void lookAhead(Path folder, Collection<String> names) {
        if (!(folder instanceof RemotePath rp) || rp.getFileSystem() != this) return;
        String key = rp.key();
        if (store instanceof S3Store) {
            // one page of the folder's listing answers every name in it; a folder too large
            // for one page (an array's chunks) is left to be asked about name by name
            try {
                String under = key.isEmpty() ? "" : key + "/";
                ObjectStore.Page page = store.list(under, null);
                for (String p : page.prefixes()) {
                    String name = childName(under, p.endsWith("/") ? p.substring(0, p.length() - 1) : p);
                    if (name != null) folders.add(under + name);
                }
                for (ObjectStore.Entry e : page.objects()) {
                    String name = childName(under, e.key());
                    if (name != null) listedFiles.put(under + name, e.size());
                }
                if (!page.objects().isEmpty() || !page.prefixes().isEmpty()) folders.add(key);
                if (page.next() == null) whollyListed.add(key);
            } catch (IOException | RuntimeException e) {
                // each name is asked about in turn, and the problem reported there
            }
            return;
        }
        String under = key.isEmpty() ? "" : key + "/";
        List<String> keys = new ArrayList<>();
        // the folder's own name too: whether it is an object is asked in the same round
        if (!key.isEmpty()) keys.add(key);
        for (String name : names) keys.add(under + name);
        openSideBySide(keys);
    }

    @Override
    public void openAhead(Collection<Path> files) {
        List<String> keys = new ArrayList<>();
        for (Path f : files) {
            if (f instanceof RemotePath rp && rp.getFileSystem() == this && !objects.containsKey(rp.key())) keys.add(rp.key());
        }
        if (keys.size() > 1) openSideBySide(keys);
    }

    /**
     * The metadata documents the store's consolidated metadata names for these children,
     * opened side by side: whoever shows the folder reads them next, one after another.
     */
    private void openMetadataOf(String under, List<String> names) {
        List<String> keys = new ArrayList<>();
        for (String name : names) {
            for (String doc : List.of(".zgroup", ".zarray", ".zattrs", "zarr.json")) {
                String k = under + name + "/" + doc;
                if (listedFiles.containsKey(k) && !objects.containsKey(k) && keys.size() < MAX_METADATA_AHEAD) keys.add(k);
            }
        }
        if (keys.size() > 1) openSideBySide(keys);
    }

    /** Opens the objects at {@code keys} side by side; each answer, or its absence, is remembered. */
    void openSideBySide(List<String> keys) {
        List<CompletableFuture<Void>> asked = new ArrayList<>();
        for (String k : keys) {
            asked.add(CompletableFuture.runAsync(() -> {
                try {
                    object(k);
                } catch (IOException | RuntimeException e) {
                    // remembered as missing, or asked again and reported in turn
                }
            }, LOOKERS));
        }
        for (CompletableFuture<Void> a : asked) {
            try {
                a.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException e) {
                // as above
            }
        }
    }

    private static final java.util.concurrent.ExecutorService LOOKERS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "packscope-remote-look");
        t.setDaemon(true);
        return t;
    });

    @Override
    public ByteSource openSource(Path path) throws IOException {
        String key = ((RemotePath) path).key();
        if (stat(key).isDirectory()) throw new NotRegularFileException(path, "a folder");
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
