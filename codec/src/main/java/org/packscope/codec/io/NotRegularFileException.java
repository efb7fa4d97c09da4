package org.packscope.codec.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A path inside a container names a named pipe, a device, a socket or a folder where a
 * file was expected. Opening a FIFO for reading blocks until someone writes to it, so
 * such paths are refused before they are opened. Readers report it as
 * {@value #RULE}.
 */
public final class NotRegularFileException extends IOException {
    /**
     * The id of {@code inspect.SharedRules.NOT_REGULAR_FILE}, where the rule is defined;
     * kept for readers that still pass rule ids as text.
     */
    public static final String RULE = "not_regular_file";

    private final transient Path path;

    public NotRegularFileException(Path path, String what) {
        super(path + " is " + what + ", not a regular file; it is not opened");
        this.path = path;
    }

    public Path path() { return path; }
}
