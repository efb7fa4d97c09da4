package org.packscope.codec.hdf5.layout;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.hdf5.Hdf5ElementSpans;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.analysis.DrillWalk;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * Truncations, bit flips and overwritten bytes of every structure fixture: opening every
 * node of the structure view and placing elements finds no reader bug (no
 * {@code internal_error}: every count and address is checked before it is used), and
 * {@code check}'s streaming reading of the structures finds every error the view shows,
 * with the same rule at the same place.
 */
class Hdf5StructureMutationTest {
    @TempDir Path tmp;

    @Test
    void damagedCopiesNeverTripAReader() throws Exception {
        Random rnd = new Random(20261128L);
        List<String> bugs = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        int copies = 0;
        for (String name : List.of("v0.h5", "userblock.h5", "v2.h5", "latest.h5", "fsm.h5", "jhdf.h5")) {
            byte[] original = Files.readAllBytes(Hdf5StructureTest.DIR.resolve(name));
            for (int k = 0; k < 60; k++) {
                byte[] b;
                if (k < 10) {
                    b = java.util.Arrays.copyOf(original, rnd.nextInt(original.length));
                } else {
                    b = original.clone();
                    int flips = k < 40 ? 1 : 12;
                    for (int f = 0; f < flips; f++) {
                        int at = rnd.nextInt(b.length);
                        if (k < 40) b[at] ^= (byte) (1 << rnd.nextInt(8)); else b[at] = (byte) rnd.nextInt(256);
                    }
                }
                Path p = tmp.resolve(name + "-" + k);
                Files.write(p, b);
                copies++;
                ByteSource src = ByteSource.open(p);
                // every node opened, as a person clicking through would, and check's streaming reading
                Node view = StructureNodes.fileStructure(src);
                for (TreeWalk.Located l : DrillWalk.run(view, 20_000)) {
                    if (l.diagnostic().rule().equals("internal_error")) bugs.add(name + " copy " + k + ": " + l.node().path() + ": " + l.diagnostic().message());
                }
                List<Diagnostic> viewErrors = Hdf5StructureTest.diagnostics(view).stream().filter(d -> d.severity() == Severity.ERROR).toList();
                Set<String> checked = places(checkOf(src));
                for (Diagnostic d : viewErrors) {
                    if (!checked.contains(place(d))) missed.add(name + " copy " + k + ": " + d.rule() + " at " + place(d) + ": " + d.message());
                }
                try {
                    Hdf5ElementSpans spans = Hdf5ElementSpans.of(src);
                    for (String path : List.of("/chunked", "/contiguous", "/compact", "/earray", "/btree2", "/fixed", "/dense/d03", "/deflated", "/group/longs")) {
                        try {
                            spans.elementSpan(path, 3);
                        } catch (ReadProblem expected) {
                            // damage named with a rule: fine
                        }
                    }
                } catch (ReadProblem expected) {
                    // no superblock
                } catch (RuntimeException e) {
                    bugs.add(name + " copy " + k + " elementSpan: " + e);
                }
            }
        }
        assertTrue(bugs.isEmpty(), copies + " copies, " + bugs.size() + " bugs: " + bugs.subList(0, Math.min(10, bugs.size())));
        assertTrue(missed.isEmpty(), "errors the view shows and check does not: " + missed.subList(0, Math.min(10, missed.size())));
    }

    /** What check reports of the file structure: the view's verifier, which reads the structures without making nodes. */
    static List<Diagnostic> checkOf(ByteSource src) {
        List<Diagnostic> out = new ArrayList<>();
        StructureNodes.fileStructure(src).facet(Verifier.class).verify(out::add, Progress.NONE);
        return out;
    }

    private static Set<String> places(List<Diagnostic> ds) {
        Set<String> out = new HashSet<>();
        for (Diagnostic d : ds) out.add(place(d));
        return out;
    }

    private static String place(Diagnostic d) {
        return d.rule() + "@" + (d.span() == null ? "-" : d.span().startBit());
    }
}
