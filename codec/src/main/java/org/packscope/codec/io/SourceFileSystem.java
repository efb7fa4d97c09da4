package org.packscope.codec.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;

/**
 * A file system whose files are read by range rather than mapped (objects over HTTP or
 * in S3): {@link ByteSource#open(Path)} asks it for the source.
 */
public interface SourceFileSystem {
    ByteSource openSource(Path path) throws IOException;

    /**
     * A hint that the entries {@code names} of {@code folder} are about to be looked at
     * one by one: a file system where each look is a round trip answers them all at once
     * (a listing, or requests side by side) and remembers the answers.
     */
    default void lookAhead(Path folder, Collection<String> names) { }

    /**
     * A hint that {@code files} (of this file system) are about to be opened one by one:
     * a file system where each open is a round trip opens them side by side now, so the
     * opens that follow are answered at once. Missing files are remembered as missing.
     */
    default void openAhead(Collection<Path> files) { }

    /** {@link #openAhead} for files of any file system: a no-op where opening is local. */
    static void openAhead(Path sample, Collection<Path> files) {
        if (!files.isEmpty() && sample.getFileSystem() instanceof SourceFileSystem s) s.openAhead(files);
    }
}
