package org.packscope.codec.hdf5.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.jhdf.HdfFile;
import io.jhdf.api.Group;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * Every undamaged HDF5 file among the test resources and samples (written by h5py,
 * anndata, BPCells, CellRanger-like writers and a netCDF-4 layout): PackScope's own
 * structure reading finds no error (opened node by node, and read by check without nodes),
 * and reaches exactly the objects jhdf reaches, by the same paths (an independent reader
 * of the same bytes).
 */
class Hdf5StructureCorpusTest {

    static List<Path> files() throws Exception {
        List<Path> out = new ArrayList<>();
        for (Path base : List.of(Fixtures.resource("fixtures"), Path.of("../resources"))) {
            if (!Files.isDirectory(base)) continue;
            try (Stream<Path> s = Files.walk(base)) {
                s.filter(p -> p.toString().matches(".*\\.(h5|h5ad|hdf5)$"))
                        .filter(p -> !p.toString().matches(".*(damaged|cycle|fuzz|Fuzz|hdf5-structure).*"))
                        .sorted().forEach(out::add);
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> ownReadingAgreesWithJhdf() throws Exception {
        return files().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            Node tree = StructureNodes.fileStructure(ByteSource.open(p));
            List<String> errors = new ArrayList<>();
            for (Diagnostic d : Hdf5StructureTest.diagnostics(tree)) {
                if (d.severity() == Severity.ERROR) errors.add(d.rule() + ": " + d.message());
            }
            assertEquals(List.of(), errors, p.toString());
            // nor does check's streaming reading of the same structures
            List<String> checked = new ArrayList<>();
            for (Diagnostic d : Hdf5StructureMutationTest.checkOf(tree.source())) {
                if (d.severity() == Severity.ERROR) checked.add(d.rule() + ": " + d.message());
            }
            assertEquals(List.of(), checked, p.toString());
            Set<String> mine = new TreeSet<>();
            Node root = tree.children().stream().filter(x -> x.name().equals("/")).findFirst().orElseThrow();
            collect(root, "", mine);
            Set<String> theirs = new TreeSet<>();
            try (HdfFile f = new HdfFile(p)) {
                theirs.add("/");
                jhdf(f, "", theirs, new HashSet<>());
            } catch (io.jhdf.exceptions.HdfException e) {
                // jhdf cannot list every object of a few files (version 1 array types): nothing to compare with
                System.out.println(p.getFileName() + ": jhdf cannot list it (" + e.getMessage() + "); PackScope found " + mine.size() + " objects");
                return;
            }
            assertEquals(theirs, mine, p.toString());
        }));
    }

    private static void collect(Node n, String path, Set<String> out) {
        String here = n.name().equals("/") ? "/" : path + "/" + n.name();
        out.add(here);
        for (Node k : n.children()) {
            if (k.kind().equals("hdf5-object-structure")) collect(k, here.equals("/") ? "" : here, out);
        }
    }

    private static void jhdf(Group g, String path, Set<String> out, Set<Long> above) {
        above.add(g.getAddress());
        for (var e : g.getChildren().entrySet()) {
            io.jhdf.api.Node n = e.getValue();
            if (n.isLink()) continue;
            String here = path + "/" + e.getKey();
            if (n instanceof Group sub && above.contains(sub.getAddress())) continue;
            out.add(here);
            if (n instanceof Group sub) jhdf(sub, here, out, new HashSet<>(above));
        }
    }
}
