package org.packscope.codec.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one way formats open a file they found inside a container (a chunk file, an array
 * file, a metadata file). The path's attributes are read first, and only a regular file
 * (or a link to one) is opened: a named pipe would block the reader forever and a device
 * could stream without end. Files are opened read-only.
 */
public final class RegularFiles {
    private RegularFiles() { }

    /** Attributes of a regular file at {@code path}; anything else is a {@link NotRegularFileException}. */
    public static BasicFileAttributes require(Path path) throws IOException {
        BasicFileAttributes own = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        BasicFileAttributes a = own.isSymbolicLink() ? Files.readAttributes(path, BasicFileAttributes.class) : own;
        if (!a.isRegularFile()) throw new NotRegularFileException(path, describe(a));
        return a;
    }

    /** True for a regular file or a link to one; false for anything else, missing or unreadable. */
    public static boolean isRegular(Path path) {
        try {
            require(path);
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** True when something is at {@code path} that is not a regular file (a FIFO, device, folder, socket). */
    public static boolean isSpecial(Path path) {
        try {
            require(path);
            return false;
        } catch (NotRegularFileException e) {
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** A read-only channel on a regular file. */
    public static FileChannel channel(Path path) throws IOException {
        require(path);
        return FileChannel.open(path, StandardOpenOption.READ);
    }

    /** The whole file, refused when it is not regular or longer than {@code maxBytes}. */
    public static byte[] readAll(Path path, long maxBytes) throws IOException {
        long size = require(path).size();
        if (size > maxBytes) throw new IOException(path + " is " + size + " bytes, more than the " + maxBytes + " read whole");
        try (SeekableByteChannel ch = Files.newByteChannel(path, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(wholeSize(ch, path, maxBytes));
            fill(ch, b);
            return b.position() == b.capacity() ? b.array() : java.util.Arrays.copyOf(b.array(), b.position());
        }
    }

    /**
     * The size of the file open on {@code ch}, refused past {@code maxBytes}: it is asked
     * again of the open file, which may have grown since its attributes were read.
     */
    public static int wholeSize(SeekableByteChannel ch, Path path, long maxBytes) throws IOException {
        long now = ch.size();
        if (now > maxBytes) throw new IOException(path + " is " + now + " bytes, more than the " + maxBytes + " read whole");
        return (int) now;
    }

    /** Reads from {@code ch} until {@code into} is full or the file ends; returns {@code into}'s position. */
    public static int fill(SeekableByteChannel ch, ByteBuffer into) throws IOException {
        while (into.hasRemaining() && ch.read(into) > 0) { }
        return into.position();
    }

    /** Up to {@code max} bytes from the start of a regular file. */
    public static byte[] head(Path path, int max) throws IOException {
        require(path);
        try (SeekableByteChannel ch = Files.newByteChannel(path, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) Math.min(max, Math.max(0, ch.size())));
            return java.util.Arrays.copyOf(b.array(), fill(ch, b));
        }
    }

    /**
     * {@code len} bytes at {@code pos} mapped read-only; a channel that cannot map (a remote
     * object) has them read into memory instead, when they fit {@link MemoryBudget}.
     */
    public static ByteBuffer mapOrRead(FileChannel ch, long pos, long len) throws IOException {
        try {
            return ch.map(FileChannel.MapMode.READ_ONLY, pos, len);
        } catch (UnsupportedOperationException remote) {
            if (!MemoryBudget.fits(len, 1)) throw new IOException(MemoryBudget.tooLarge(len + " bytes read from a remote object", len));
            ByteBuffer b = ByteBuffer.allocate((int) len);
            while (b.hasRemaining() && ch.read(b, pos + b.position()) > 0) { }
            if (b.hasRemaining()) throw new IOException("the object ended " + b.remaining() + " bytes early");
            return b.flip();
        }
    }

    /** The rule id for a failed open: {@value NotRegularFileException#RULE} for special files, else {@code otherwise}. */
    public static String rule(Exception e, String otherwise) {
        return e instanceof NotRegularFileException ? NotRegularFileException.RULE : otherwise;
    }

    private static String describe(BasicFileAttributes a) {
        if (a.isDirectory()) return "a folder";
        if (a.isOther()) return "a named pipe, device or socket";
        return "not a regular file";
    }
}
