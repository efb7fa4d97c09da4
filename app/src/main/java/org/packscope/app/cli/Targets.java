package org.packscope.app.cli;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;

/** Resolves a command's PATH argument, with the errors a person should see. */
final class Targets {
    private Targets() { }

    /** Thrown for a PATH that cannot be read at all (exit code 2). */
    static final class UnreadableException extends RuntimeException {
        UnreadableException(String message) { super(message, null, false, false); }
    }

    static FormatRegistry.Resolved resolve(FormatRegistry registry, String address) {
        int sep = address.indexOf("::");
        Path file = Path.of(sep < 0 ? address : address.substring(0, sep));
        if (!Files.exists(file) && !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new UnreadableException(file + ": no such file or folder");
        }
        if (!Files.isReadable(file)) throw new UnreadableException(file + ": not readable");
        FormatRegistry.Resolved r = registry.resolve(address);
        if (r.target() == null) throw new UnreadableException(address + ": nothing named '" + r.inner() + "' inside " + file);
        return r;
    }

    static Node target(FormatRegistry registry, String address) {
        return resolve(registry, address).target();
    }

    /** The node PATH names, or null after telling the person why there is none (exit code 2 follows). */
    static Node targetOrExplain(FormatRegistry registry, String address) {
        try {
            return target(registry, address);
        } catch (UnreadableException e) {
            System.err.println("packscope: " + e.getMessage());
            return null;
        }
    }
}
