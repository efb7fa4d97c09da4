package org.packscope.codec.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What detection may look at: the path, whether it is a folder, its size and the first
 * bytes of a regular file. Reading stops at {@link #HEAD_BYTES}; FIFOs and devices are
 * never opened, so probing never blocks.
 */
public final class Probe {
    public static final int HEAD_BYTES = 4096;

    private final Path path;
    private final boolean directory;
    private final boolean regularFile;
    private final long size;
    private final byte[] head;

    private Probe(Path path, boolean directory, boolean regularFile, long size, byte[] head) {
        this.path = path;
        this.directory = directory;
        this.regularFile = regularFile;
        this.size = size;
        this.head = head;
    }

    public static Probe of(Path path) {
        boolean dir = Files.isDirectory(path);
        boolean regular = Files.isRegularFile(path);
        long size = 0;
        byte[] head = new byte[0];
        if (regular) {
            try {
                size = Files.size(path);
                try (InputStream in = Files.newInputStream(path)) {
                    head = in.readNBytes((int) Math.min(HEAD_BYTES, size));
                }
            } catch (IOException | SecurityException e) {
                head = new byte[0];
            }
        }
        return new Probe(path, dir, regular, size, head);
    }

    /** For tests and in-memory content. */
    public static Probe ofBytes(Path path, byte[] content) {
        return new Probe(path, false, true, content.length, Arrays.copyOf(content, Math.min(HEAD_BYTES, content.length)));
    }

    public Path path() { return path; }
    public String fileName() { return path.getFileName() == null ? path.toString() : path.getFileName().toString(); }
    public boolean isDirectory() { return directory; }
    public boolean isRegularFile() { return regularFile; }
    public long size() { return size; }

    /** The first bytes of the file (up to {@link #HEAD_BYTES}); empty for folders. */
    public byte[] head() { return head.clone(); }

    public int headLength() { return head.length; }

    public int headByte(int i) { return i < head.length ? head[i] & 0xff : -1; }

    public boolean startsWith(String ascii) {
        return startsWith(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    public boolean startsWith(byte[] magic) {
        if (head.length < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if (head[i] != magic[i]) return false;
        return true;
    }

    /** For folders: is there an entry with this relative path? */
    public boolean hasEntry(String relative) {
        return directory && Files.exists(path.resolve(relative), LinkOption.NOFOLLOW_LINKS);
    }

    /** Small text file inside a folder (such as a version file), or null. */
    public String readSmallText(String relative, int maxBytes) {
        Path p = path.resolve(relative);
        try {
            if (!Files.isRegularFile(p) || Files.size(p) > maxBytes) return null;
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
