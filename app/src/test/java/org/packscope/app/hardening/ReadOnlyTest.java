package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;
import org.packscope.app.cli.Cli;

/** Opening, inspecting, checking and decoding every sample leaves every byte and timestamp as it was. */
class ReadOnlyTest {

    public record Stamp(byte[] sha256, long modified) { }

    public static Map<Path, Stamp> stamps(Path root) {
        Map<Path, Stamp> out = new LinkedHashMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                out.put(p, new Stamp(md.digest(Files.readAllBytes(p)), Files.getLastModifiedTime(p).toMillis()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    public static void assertUnchanged(Map<Path, Stamp> before, Map<Path, Stamp> after) {
        assertEquals(before.keySet(), after.keySet(), "no file appears or disappears");
        for (Path p : before.keySet()) {
            assertArrayEquals(before.get(p).sha256(), after.get(p).sha256(), "content of " + p);
            assertEquals(before.get(p).modified(), after.get(p).modified(), "modification time of " + p);
        }
    }

    @Test
    void theCommandLineNeverWritesWhatItReads() {
        Path root = Samples.root();
        Map<Path, Stamp> before = stamps(root);
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        for (Inputs.Input in : Inputs.all()) {
            if (!in.path().startsWith(root)) continue;
            String p = in.path().toString();
            Cli.run(new String[] {"inspect", p}, sink, sink);
            Cli.run(new String[] {"check", p}, sink, sink);
            Cli.run(new String[] {"decode", p, "--format", "raw"}, sink, sink);
        }
        assertUnchanged(before, stamps(root));
    }
}
