package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@code check} names every place in one style: the real path as far as it is one (the
 * folder given, a folder or file in it), then {@code ::} and the path inside a file, never
 * {@code folder::entry} for an entry that is a real file or folder. Checked on the damaged
 * samples of every format in {@code resources/}.
 */
class CheckPathStyleTest {
    @Test
    void everyLineNamesItsPlaceByItsRealPathThenInsideTheFile() {
        CliTest.Run r = CliTest.run("check", "../resources/bpcells", "../resources/zarr", "../resources/pco", "../resources/singlecell");
        List<String> lines = r.text().lines().toList();
        assertTrue(lines.size() >= 6, "the damaged samples have problems: " + r.text() + r.err());
        for (String line : lines) {
            int colon = line.indexOf(": ");
            String where = line.substring(0, colon);
            int sep = where.indexOf("::");
            Path real = Path.of(sep < 0 ? where : where.substring(0, sep));
            assertTrue(Files.exists(real), "a real path first: " + line);
            if (sep >= 0) {
                String first = where.substring(sep + 2).split("/")[0];
                assertTrue(Files.isRegularFile(real) || !Files.exists(real.resolve(first)),
                        "after :: only what is inside a file, not a folder's entry: " + line);
            }
        }
        assertEquals(lines.size(), lines.stream().filter(l -> l.startsWith("../resources/")).count(), "one spelling of the arguments");
    }
}
