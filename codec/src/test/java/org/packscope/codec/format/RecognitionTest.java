package org.packscope.codec.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.analysis.TreeWalk;

/** A file whose name promises a format it does not hold is an error; content no format knows is at least a warning. */
class RecognitionTest {
    @TempDir
    Path dir;

    private List<Diagnostic> problems(Path p) {
        return TreeWalk.diagnostics(FormatRegistry.standard().open(p), true, 1000, Progress.NONE).stream()
                .map(TreeWalk.Located::diagnostic).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"x.bj", "x.sj", "x.blosc", "x.blp", "x.rds", "x.h5", "x.hdf5", "x.pco", "X.BJ"})
    void aNameThatPromisesAFormatTheContentLacksIsBadMagicAtByteZero(String name) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, "XJ\u0001not what the name says, at all".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Diagnostic d = problems(p).stream().filter(x -> x.rule().equals("bad_magic")).findFirst().orElseThrow();
        assertEquals(Severity.ERROR, d.severity());
        assertEquals(0, d.span().byteOffset());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bj\u0001\u0000", "XJ\u0001\u0000", ""})
    void damagedBinaryJsonMagicsAreErrors(String content) throws Exception {
        Path p = dir.resolve("doc.bj");
        Files.writeString(p, content, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(problems(p).stream().anyMatch(d -> d.rule().equals("bad_magic") && d.severity() == Severity.ERROR), problems(p).toString());
    }

    @Test
    void contentNoFormatKnowsIsAWarningAndStillOpensAsBytes() throws Exception {
        Path p = dir.resolve("notes.dat");
        Files.writeString(p, "hello");
        Node n = FormatRegistry.standard().open(p);
        assertEquals("file", n.kind());
        assertEquals(5, n.source().size());
        List<Diagnostic> d = problems(p);
        assertEquals(1, d.size(), d.toString());
        assertEquals("unrecognised_content", d.get(0).rule());
        assertEquals(Severity.WARNING, d.get(0).severity());
    }

    /** A README.txt beside the data is text, as its name says: nothing to warn about. A .txt of binary bytes still is. */
    @Test
    void aTextFileNamedAsTextIsNotFlagged() throws Exception {
        Path readme = dir.resolve("README.txt");
        Files.writeString(readme, "Binary JSON samples\n\tconfig.sj: a seekable file\r\n");
        assertEquals(List.of(), problems(readme));
        assertEquals("file", FormatRegistry.standard().open(readme).kind());
        assertTrue(FormatRegistry.standard().open(readme).summary().endsWith(" · text"), "said to be text, not unrecognised content");
        Path binary = dir.resolve("data.txt");
        Files.write(binary, new byte[] {'a', 0, 1, 2, (byte) 0xff});
        List<Diagnostic> d = problems(binary);
        assertEquals(1, d.size(), d.toString());
        assertEquals("unrecognised_content", d.get(0).rule());
        for (Path p : List.of(Path.of("../resources/binjson/README.txt"), Path.of("../resources/pco/README.txt"))) {
            assertEquals(List.of(), problems(p), p.toString());
        }
    }
}
