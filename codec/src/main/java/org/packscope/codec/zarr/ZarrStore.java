package org.packscope.codec.zarr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.io.NotRegularFileException;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.io.SourceFileSystem;
import org.packscope.codec.read.ReadProblem;

/**
 * The store a Zarr tree was opened from, and the one place where a key becomes a file:
 * every chunk key, member folder and metadata file is checked here before it is opened.
 * A key may not hold control characters or {@code ..} steps, and what it resolves to,
 * symbolic links followed, must stay inside the store's folder: a store is a tree of
 * keys, and a link or a separator that leaves it would make PackScope read (and show, and
 * call clean) files the person never gave it. A remote store would plug in here.
 */
final class ZarrStore {
    /**
     * Metadata files are read whole: never more than what one decoded unit may take (about
     * 30 MB in a 256 MB heap, at most 64 MB). Their members are located, not read (12 bytes
     * a member), so a file of this size with a million attributes fits beside its bytes.
     */
    static long metadataLimit() { return MemoryBudget.unitBytes(); }

    final Path root;
    private final Path realRoot;

    private ZarrStore(Path root, Path realRoot) {
        this.root = root;
        this.realRoot = realRoot;
    }

    static ZarrStore at(Path root) {
        Path real;
        try {
            real = root.toRealPath();
        } catch (IOException | SecurityException e) {
            real = root.toAbsolutePath().normalize();
        }
        return new ZarrStore(root, real);
    }

    /** Why {@code key} (a chunk key, a file or folder name relative to an array or group folder) cannot be a key, or null. */
    static String keyProblem(String key) {
        if (key.isEmpty()) return "an empty key";
        for (int i = 0; i < key.length(); i++) {
            char ch = key.charAt(i);
            if (ch < 0x20 || ch == 0x7f || ch == '\\') {
                return "the key " + printable(key) + " holds the character " + String.format("U+%04X", (int) ch) + ", which no key may hold";
            }
        }
        if (key.startsWith("/")) return "the key " + printable(key) + " is an absolute path";
        for (String part : key.split("/", -1)) {
            if (part.isEmpty() || part.equals("..") || part.equals(".")) {
                return "the key " + printable(key) + " has a step '" + part + "' that a store's keys may not have";
            }
        }
        return null;
    }

    /** A key as plain text, control characters escaped (messages are printed as one line). */
    static String printable(String key) {
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < key.length() && i < 200; i++) {
            char ch = key.charAt(i);
            if (ch < 0x20 || ch == 0x7f) sb.append(String.format("\\x%02x", (int) ch)); else sb.append(ch);
        }
        if (key.length() > 200) sb.append('…');
        return sb.append('\'').toString();
    }

    /**
     * The file or folder {@code key} names inside {@code folder}, checked: a bad key throws
     * {@link ZarrRules#KEY_INVALID}, one that leads outside the store (a {@code ..}, a
     * symbolic link anywhere along it) {@link ZarrRules#PATH_OUTSIDE_STORE}. A path that
     * does not exist is returned as it is (a missing chunk reads as the fill value).
     */
    Path resolve(Path folder, String key) {
        String problem = keyProblem(key);
        if (problem != null) throw ReadProblem.at(ZarrRules.KEY_INVALID, null, problem);
        Path p;
        try {
            p = folder.resolve(key);
        } catch (InvalidPathException e) {
            throw ReadProblem.at(ZarrRules.KEY_INVALID, null, "the key " + printable(key) + " is not a file name here");
        }
        requireInside(p, key);
        return p;
    }

    /** Throws {@link ZarrRules#PATH_OUTSIDE_STORE} when {@code p} exists and resolves, links followed, outside the store. */
    void requireInside(Path p, String shown) {
        if (p.getFileSystem() instanceof SourceFileSystem) {
            // an object store has no links: its keys (checked by keyProblem) are the whole story, and asking
            // whether each exists would cost a round trip per chunk
            if (!p.normalize().startsWith(realRoot)) {
                throw ReadProblem.at(ZarrRules.PATH_OUTSIDE_STORE, null, printable(shown) + " leads outside the store; it is not opened");
            }
            return;
        }
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) return;
        Path real;
        try {
            real = p.toRealPath();
        } catch (NoSuchFileException e) {
            // a dangling link: nothing is read through it, it reads as not stored
            return;
        } catch (IOException | SecurityException e) {
            throw ReadProblem.at(ZarrRules.PATH_OUTSIDE_STORE, null, printable(shown) + " cannot be resolved inside the store, so it is not opened");
        }
        if (!real.startsWith(realRoot)) {
            throw ReadProblem.at(ZarrRules.PATH_OUTSIDE_STORE, null, printable(shown) + " leads outside the store (to " + real
                    + "); it is not opened");
        }
    }

    /** Whether {@code p} is inside the store (links followed), without a diagnostic. */
    boolean inside(Path p) {
        try {
            requireInside(p, "");
            return true;
        } catch (ReadProblem e) {
            return false;
        }
    }

    /** Whether {@code folder/name} is a regular file inside the store (a link to one inside counts). */
    boolean isFile(Path folder, String name) {
        Path p = folder.resolve(name);
        return RegularFiles.isRegular(p) && inside(p);
    }

    /** Whether {@code p} is a folder inside the store. */
    boolean isFolder(Path p) { return Files.isDirectory(p) && inside(p); }

    /** Thrown when a metadata file cannot be read; the message names the file and why. */
    static final class MetadataUnreadable extends Exception {
        final Rule rule;

        MetadataUnreadable(Rule rule, String message) {
            super(message, null, false, false);
            this.rule = rule;
        }
    }

    /**
     * A metadata file's bytes: only a regular file inside the store, and only up to
     * {@link #metadataLimit()} bytes (a link to {@code /dev/zero}, a FIFO or a sparse
     * gigabyte is refused before a byte is read).
     */
    byte[] readMetadata(Path file) throws MetadataUnreadable {
        String name = root.relativize(file).toString();
        if (name.isEmpty()) name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try {
            requireInside(file, name);
        } catch (ReadProblem e) {
            throw new MetadataUnreadable(ZarrRules.PATH_OUTSIDE_STORE, e.getMessage());
        }
        long limit = metadataLimit();
        try {
            long size = RegularFiles.require(file).size();
            if (size > limit) {
                throw new MetadataUnreadable(ZarrRules.METADATA_TOO_LARGE, printable(name) + " holds " + size
                        + " bytes, more than the " + limit + " PackScope reads of one metadata file");
            }
            return RegularFiles.readAll(file, limit);
        } catch (NotRegularFileException e) {
            throw new MetadataUnreadable(SharedRules.NOT_REGULAR_FILE, printable(name) + " is not a regular file; it is not opened");
        } catch (IOException e) {
            throw new MetadataUnreadable(ZarrRules.METADATA_UNREADABLE, printable(name) + " cannot be read");
        }
    }
}
