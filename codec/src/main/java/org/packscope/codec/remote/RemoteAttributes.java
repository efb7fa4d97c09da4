package org.packscope.codec.remote;

import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/** A remote folder or object: objects have a size and a version (the ETag or Last-Modified, as the file key). */
record RemoteAttributes(boolean isFolder, long length, String version) implements BasicFileAttributes {
    private static final FileTime EPOCH = FileTime.fromMillis(0);

    static RemoteAttributes folder() { return new RemoteAttributes(true, 0, null); }

    static RemoteAttributes file(long size, String version) { return new RemoteAttributes(false, size, version); }

    @Override public FileTime lastModifiedTime() { return EPOCH; }
    @Override public FileTime lastAccessTime() { return EPOCH; }
    @Override public FileTime creationTime() { return EPOCH; }
    @Override public boolean isRegularFile() { return !isFolder; }
    @Override public boolean isDirectory() { return isFolder; }
    @Override public boolean isSymbolicLink() { return false; }
    @Override public boolean isOther() { return false; }
    @Override public long size() { return length; }
    @Override public Object fileKey() { return version; }
}
