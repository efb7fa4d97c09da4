package org.packscope.codec.remote;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Read-only {@code s3://}, {@code http://} and {@code https://} paths, so that every
 * Path-based reader (folders, Zarr stores, jhdf) works on remote data unchanged:
 * {@code Path.of(URI.create("s3://bucket/store.zarr"))}. One file system per bucket or
 * per origin (with its credentials), made on first use.
 */
public abstract class RemoteFileSystemProvider extends java.nio.file.spi.FileSystemProvider {
    private final String scheme;
    private final Map<String, RemoteFileSystem> systems = new ConcurrentHashMap<>();

    protected RemoteFileSystemProvider(String scheme) {
        this.scheme = scheme;
    }

    /** {@code s3://}: a bucket through the AWS SDK. */
    public static final class S3 extends RemoteFileSystemProvider {
        public S3() { super("s3"); }
    }

    /** {@code http://}: files and Zarr stores by range request. */
    public static final class Http extends RemoteFileSystemProvider {
        public Http() { super("http"); }
    }

    /** {@code https://}: files and Zarr stores by range request. */
    public static final class Https extends RemoteFileSystemProvider {
        public Https() { super("https"); }
    }

    /** Whether {@code address} is a URL this provider family reads ({@code s3://}, {@code http(s)://}). */
    public static boolean isRemote(String address) {
        String a = address.toLowerCase(java.util.Locale.ROOT);
        return a.startsWith("s3://") || a.startsWith("http://") || a.startsWith("https://");
    }

    @Override public String getScheme() { return scheme; }

    private RemoteFileSystem system(URI uri) {
        if (!scheme.equalsIgnoreCase(uri.getScheme())) throw new ProviderMismatchException("not " + scheme + "://: " + Redact.url(uri));
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw new IllegalArgumentException(scheme + ":// needs a " + (scheme.equals("s3") ? "bucket" : "host") + ": " + Redact.url(uri));
        }
        return systems.computeIfAbsent(authority, a -> {
            if (scheme.equals("s3")) return new RemoteFileSystem(this, "s3://" + uri.getHost(), new S3Store(uri.getHost()));
            int port = uri.getPort();
            String shown = scheme + "://" + uri.getHost() + (port < 0 ? "" : ":" + port);
            return new RemoteFileSystem(this, shown, new HttpStore(scheme, uri.getHost(), port, uri.getUserInfo()));
        });
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        if (systems.containsKey(uri.getRawAuthority())) throw new FileSystemAlreadyExistsException(Redact.url(uri));
        return system(uri);
    }

    @Override public FileSystem getFileSystem(URI uri) { return system(uri); }

    @Override
    public Path getPath(URI uri) {
        RemoteFileSystem fs = system(uri);
        String path = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
        RemotePath p = RemotePath.parse(fs, path.startsWith("/") ? path : "/" + path);
        if (fs.store instanceof HttpStore http) http.query(p.key(), uri.getRawQuery());
        return p;
    }

    private static RemotePath remote(Path p) {
        if (p instanceof RemotePath r) return r;
        throw new ProviderMismatchException("not a remote path: " + p);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        return newFileChannel(path, options, attrs);
    }

    @Override
    public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        for (OpenOption o : options) {
            if (o != StandardOpenOption.READ && o != LinkOption.NOFOLLOW_LINKS) throw new ReadOnlyFileSystemException();
        }
        RemotePath p = remote(path);
        RemoteFileSystem fs = p.getFileSystem();
        // a reader asks for a file: the object is opened first, and only its absence asks whether it is a folder
        if (fs.isKnownFolder(p.key())) throw new IOException(p + " is a folder");
        try {
            return new RemoteChannel(fs.object(p.key()));
        } catch (RemoteProblem e) {
            if (e.rule() == RemoteRules.REMOTE_NOT_FOUND && fs.stat(p.key()).isDirectory()) throw new IOException(p + " is a folder");
            throw e;
        }
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
        RemotePath p = remote(dir);
        List<Path> out = new ArrayList<>();
        for (String name : p.getFileSystem().list(p.key())) {
            Path child = p.resolve(name);
            if (filter.accept(child)) out.add(child);
        }
        return new DirectoryStream<>() {
            @Override public Iterator<Path> iterator() { return out.iterator(); }
            @Override public void close() { }
        };
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
        for (AccessMode m : modes) if (m != AccessMode.READ) throw new AccessDeniedException(path.toString(), null, "remote paths are read-only");
        stat(path);
    }

    private static RemoteAttributes stat(Path path) throws IOException {
        RemotePath p = remote(path);
        RemoteFileSystem fs = p.getFileSystem();
        String key = p.key();
        long listed = fs.listedSize(key);
        if (listed >= 0) return RemoteAttributes.file(listed, null);
        return fs.stat(key);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options) throws IOException {
        if (type != BasicFileAttributes.class && type != RemoteAttributes.class) {
            throw new UnsupportedOperationException("remote paths have basic attributes only");
        }
        return (A) stat(path);
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        RemoteAttributes a = stat(path);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("size", a.size());
        m.put("isRegularFile", a.isRegularFile());
        m.put("isDirectory", a.isDirectory());
        m.put("isSymbolicLink", false);
        m.put("isOther", false);
        m.put("lastModifiedTime", a.lastModifiedTime());
        m.put("fileKey", a.fileKey());
        return m;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        if (type != BasicFileAttributeView.class) return null;
        return (V) new BasicFileAttributeView() {
            @Override public String name() { return "basic"; }
            @Override public BasicFileAttributes readAttributes() throws IOException { return stat(path); }
            @Override public void setTimes(java.nio.file.attribute.FileTime a, java.nio.file.attribute.FileTime b,
                    java.nio.file.attribute.FileTime c) { throw new ReadOnlyFileSystemException(); }
        };
    }

    @Override public boolean isSameFile(Path a, Path b) { return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize()); }
    @Override public boolean isHidden(Path path) { return false; }
    @Override public FileStore getFileStore(Path path) { throw new UnsupportedOperationException("remote paths have no file store"); }
    @Override public void createDirectory(Path dir, FileAttribute<?>... attrs) { throw new ReadOnlyFileSystemException(); }
    @Override public void delete(Path path) { throw new ReadOnlyFileSystemException(); }
    @Override public void copy(Path source, Path target, CopyOption... options) { throw new ReadOnlyFileSystemException(); }
    @Override public void move(Path source, Path target, CopyOption... options) { throw new ReadOnlyFileSystemException(); }
    @Override public void setAttribute(Path path, String attribute, Object value, LinkOption... options) { throw new ReadOnlyFileSystemException(); }
}
