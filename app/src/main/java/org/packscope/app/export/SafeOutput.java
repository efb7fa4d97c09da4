package org.packscope.app.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.packscope.codec.inspect.Node;

/**
 * The one way PackScope writes a file: never onto what it reads, never half a file.
 * An output that is the same file as an input (through a symbolic or hard link too), or
 * lies inside an input folder (a bcolz root, a BPCells matrix folder), is refused before
 * anything is opened. What is written goes to a temporary file beside the target and is
 * moved into place when complete, so an interrupted export leaves the old file, or none.
 * A target that is a device or a pipe is written directly (and a write it refuses fails).
 */
public final class SafeOutput {
    /** Everything opened in this process (the window's files and folders): no write may land on or in them. */
    private static final Set<Path> PROTECTED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private SafeOutput() { }

    /** Marks a path as an input for every later write in this process. */
    public static void protect(Path input) {
        PROTECTED.add(input.toAbsolutePath());
    }

    /** Writes the file's whole content to the stream it is given. */
    @FunctionalInterface
    public interface Body<E extends Exception> {
        void write(OutputStream out) throws IOException, E;
    }

    /** The output would overwrite or sit inside an input. */
    public static final class Refused extends IOException {
        public Refused(String message) { super(message); }
    }

    /** The files a tree was read from: every source along the node's ancestors that is a file on disk. */
    public static List<Path> inputsOf(Node node) {
        Set<Path> out = new LinkedHashSet<>();
        for (Node n = node; n != null; n = n.parent()) {
            var src = n.isLoaded() || n == node ? n.source() : null;
            if (src == null) continue;
            try {
                Path p = Path.of(src.name());
                if (Files.exists(p)) out.add(p);
            } catch (InvalidPathException e) {
                // a description such as "decompressed x.rds", not a path
            }
        }
        return new ArrayList<>(out);
    }

    /** Throws {@link Refused} when writing {@code target} could change any of {@code inputs}. */
    public static void refuseInputs(Path target, Collection<Path> inputs) throws IOException {
        if (Files.isDirectory(target)) throw new Refused(target + " is a folder");
        Path realTarget = realLocation(target);
        List<Path> all = new ArrayList<>(inputs);
        all.addAll(PROTECTED);
        for (Path in : all) {
            // a remote input (s3://, https://) is never where a local file is written: not asked, not walked
            if (in == null || in.getFileSystem() != target.getFileSystem() || !Files.exists(in)) continue;
            if (Files.exists(target) && Files.isSameFile(target, in)) {
                throw new Refused(target + " is the input " + in + "; it is never written");
            }
            Path realIn = in.toRealPath();
            if (realTarget.equals(realIn)) throw new Refused(target + " is the input " + in + "; it is never written");
            if (Files.isDirectory(realIn) && realTarget.startsWith(realIn)) {
                throw new Refused(target + " is inside the input folder " + in + "; it is never written");
            }
            if (Files.isDirectory(realIn)) refuseLinkedFrom(target, realTarget, in);
        }
    }

    /** Entries of an input folder looked at for links at most: a store of millions of chunk files is not walked whole. */
    static final int LINKS_LOOKED_AT = 2_000_000;

    /**
     * Refuses a target that a symbolic link inside the input folder leads to (a chunk file
     * linked from a store), or that lies in a folder one leads to: the input reads it, so
     * writing it would change what the input holds, whether or not the reader follows the link.
     */
    private static void refuseLinkedFrom(Path target, Path realTarget, Path folder) throws IOException {
        int[] seen = {0};
        try (var entries = Files.walk(folder)) {
            for (var it = entries.iterator(); it.hasNext() && seen[0]++ < LINKS_LOOKED_AT; ) {
                Path p = it.next();
                if (!Files.isSymbolicLink(p)) continue;
                Path real;
                try {
                    real = p.toRealPath();
                } catch (IOException e) {
                    continue; // a dangling link reads nothing
                }
                if (realTarget.equals(real) || Files.isDirectory(real) && realTarget.startsWith(real)) {
                    throw new Refused(target + " is what the input's link " + p + " leads to; it is never written");
                }
            }
        } catch (java.io.UncheckedIOException e) {
            // a folder that cannot be listed holds no link the input could read
        }
    }

    /**
     * Where a path leads once its folder's links are resolved (the path itself when it
     * does not exist yet, since the move replaces a link at the target, never writes through it).
     */
    private static Path realLocation(Path target) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        if (Files.exists(abs)) return abs.toRealPath();
        Path parent = abs.getParent();
        return parent != null && Files.isDirectory(parent) ? parent.toRealPath().resolve(abs.getFileName()) : abs;
    }

    /** Refuses inputs, then writes {@code body} to a temporary file beside {@code target} and moves it into place. */
    public static <E extends Exception> void write(Path target, Collection<Path> inputs, Body<E> body) throws IOException, E {
        refuseInputs(target, inputs);
        Path abs = target.toAbsolutePath();
        if (Files.exists(abs) && !Files.isRegularFile(abs)) {
            // a device or pipe (/dev/null, /dev/full, a FIFO) is written as it is: a temporary file
            // moved over it would replace the device; a write it refuses (a full device) is the command's failure
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(abs, java.nio.file.StandardOpenOption.WRITE), 1 << 16)) {
                body.write(out);
            }
            return;
        }
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new IOException("no folder " + dir + " to write " + target.getFileName() + " in");
        Path temp = partFile(dir, abs.getFileName().toString());
        PARTS.add(temp);
        boolean done = false;
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16)) {
                body.write(out);
            }
            try {
                Files.move(temp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) Files.deleteIfExists(temp);
            PARTS.remove(temp);
        }
    }

    /** Writes the files of a new folder. */
    public interface FolderBody<E extends Exception> {
        void write(Path folder) throws IOException, E;
    }

    /**
     * Refuses inputs and an existing {@code target}, then has {@code body} make and fill a
     * temporary folder beside it (a path that does not exist yet) and moves that into place:
     * a folder of several files appears whole or not at all.
     */
    public static <E extends Exception> void writeFolder(Path target, Collection<Path> inputs, FolderBody<E> body) throws IOException, E {
        writeNew(target, inputs, "folder", body);
    }

    /**
     * As {@link #writeFolder}, for a new file that {@code body} creates at the path it is
     * given (a writer that, like an HDF5 file writer, seeks back and refuses existing files).
     */
    public static <E extends Exception> void writeNewFile(Path target, Collection<Path> inputs, FolderBody<E> body) throws IOException, E {
        writeNew(target, inputs, "file", body);
    }

    private static <E extends Exception> void writeNew(Path target, Collection<Path> inputs, String what, FolderBody<E> body) throws IOException, E {
        refuseInputs(target, inputs);
        Path abs = target.toAbsolutePath();
        if (Files.exists(abs, java.nio.file.LinkOption.NOFOLLOW_LINKS)) throw new Refused(target + " exists; a new " + what + " is written, never over another");
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new IOException("no folder " + dir + " to write " + target.getFileName() + " in");
        Path temp = partFile(dir, abs.getFileName().toString());
        Files.delete(temp); // reserved the name; the body makes the folder
        PARTS.add(temp);
        boolean done = false;
        try {
            body.write(temp);
            Files.move(temp, abs, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } finally {
            if (!done) deleteTree(temp);
            PARTS.remove(temp);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (var kids = Files.list(p)) {
                for (Path k : (Iterable<Path>) kids::iterator) deleteTree(k);
            }
        }
        Files.delete(p);
    }

    /**
     * A new, empty, uniquely named file beside the target. Created as any file the person
     * makes (mode 0666 less their umask), not as {@code Files.createTempFile} does (0600):
     * it becomes the output, and others may be meant to read it.
     */
    private static Path partFile(Path dir, String name) throws IOException {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve("." + name + "." + Long.toUnsignedString(random.nextLong(), 36) + ".part");
            try {
                return Files.createFile(p);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt == 20) throw e;
            }
        }
    }

    /** Temporary files being written: a JVM ended by SIGTERM or Ctrl+C removes them on its way out. */
    private static final Set<Path> PARTS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path p : PARTS) {
                try {
                    deleteTree(p);
                } catch (IOException e) {
                    // the folder went away or turned read-only: nothing more can be done on the way out
                }
            }
        }, "packscope-remove-partial-output"));
    }
}
