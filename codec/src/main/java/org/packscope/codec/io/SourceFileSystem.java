package org.packscope.codec.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file system whose files are read by range rather than mapped (objects over HTTP or
 * in S3): {@link ByteSource#open(Path)} asks it for the source.
 */
public interface SourceFileSystem {
    ByteSource openSource(Path path) throws IOException;
}
