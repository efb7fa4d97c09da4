package org.packscope.app.cli;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;

/** Resolves a command's PATH argument, with the errors a person should see. */
final class Targets {
    private Targets() { }

    /** Thrown for a PATH that cannot be read at all (exit code 2). */
    static final class UnreadableException extends RuntimeException {
        UnreadableException(String message) { super(message, null, false, false); }
    }

    static FormatRegistry.Resolved resolve(FormatRegistry registry, String address) {
        int sep = FormatRegistry.innerSeparator(address);
        String fileText = sep < 0 ? address : address.substring(0, sep);
        // Path.of("") is the working folder: an empty PATH would silently inspect it
        if (fileText.isEmpty()) throw new UnreadableException("an empty PATH names no file or folder");
        Path file;
        try {
            file = FormatRegistry.pathOf(fileText);
        } catch (java.nio.file.InvalidPathException e) {
            throw new UnreadableException(fileText + ": not a valid path (" + e.getReason() + ")");
        }
        if (!Files.exists(file) && !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            var why = FormatRegistry.whyMissing(file);
            // a remote failure names its rule (remote_forbidden, remote_not_found, ...) beside the URL and status
            throw new UnreadableException(why.rule().equals("missing_file") ? file + ": no such file or folder"
                    : why.rule() + ": " + why.message());
        }
        if (!Files.isReadable(file)) throw new UnreadableException(file + ": not readable");
        FormatRegistry.Resolved r = registry.resolve(address);
        if (r.target() == null) throw new UnreadableException(address + ": nothing named '" + r.inner() + "' inside " + file);
        return r;
    }

    /** The node PATH names, or null after telling the person why there is none (exit code 2 follows). */
    static Node targetOrExplain(Cli cli, String address) {
        cli.working = address;
        try {
            return resolve(cli.registry, address).target();
        } catch (UnreadableException e) {
            explain(cli, e);
            return null;
        }
    }

    static void explain(Cli cli, UnreadableException e) {
        cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
    }
}
