package org.packscope.codec;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.CodecPackages;

/**
 * The codec's design, checked on its product classes: it knows no GUI, its packages form
 * no cycle, a format depends only on the shared packages and on the formats it declares
 * it contains ({@link CodecPackages}), and shared packages name no format. jhdf is reached through one
 * package: the formats built on HDF5 (AnnData, 10x, BPCells, sparse matrices) use
 * {@code hdf5}'s {@code Hdf5Group} and {@code Hdf5Dataset}, so a jhdf upgrade or
 * replacement touches one package, and jhdf's failures reach them as ReadProblems.
 */
class CodecArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.packscope.codec");
    }

    @Test
    void onlyTheHdf5PackageUsesJhdf() {
        noClasses().that().resideOutsideOfPackage("org.packscope.codec.hdf5")
                .should().dependOnClassesThat().resideInAPackage("io.jhdf..")
                .because("jhdf is one seam: the hdf5 package's own types stand for it everywhere else")
                .check(classes);
    }

    @Test
    void nothingReachesIntoJhdfByReflection() {
        noClasses().that().resideInAPackage("org.packscope.codec..")
                .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasName.Predicates.name("setAccessible")))
                .because("jhdf's internals are not an interface; what PackScope needs it reads itself")
                .check(classes);
    }

    @Test
    void theInspectionModelUsesNoServiceBuiltOnIt() {
        noClasses().that().resideInAPackage("org.packscope.codec.inspect")
                .should().dependOnClassesThat().resideInAPackage("org.packscope.codec.analysis")
                .because("the model (nodes, fields, spans, diagnostics, columns) stands alone; walks, diffs and histograms use it")
                .check(classes);
    }

    @Test
    void theCodecKnowsNoGui() {
        noClasses().that().resideInAPackage("org.packscope.codec..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.packscope.app..", "io.fair_acc..")
                .check(classes);
    }

    @Test
    void codecPackagesFormNoCycle() {
        slices().matching("org.packscope.codec.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void everyCodecPackageIsSharedOrADeclaredFormat() {
        Set<String> unknown = new TreeSet<>();
        for (JavaClass c : classes) {
            String p = CodecPackages.of(c);
            if (p != null && !CodecPackages.SHARED.contains(p) && !CodecPackages.FORMATS.containsKey(p)) unknown.add(p);
        }
        assertEquals(Set.of(), unknown, "declare new packages as shared or as a format with its seams");
    }

    @Test
    void formatsDependOnlyOnSharedPackagesAndTheirDeclaredSeams() {
        assertEquals(Set.of(), dependencies((from, to) -> CodecPackages.FORMATS.containsKey(from) && !to.equals(from)
                && !CodecPackages.SHARED.contains(to) && !CodecPackages.FORMATS.get(from).contains(to)));
    }

    @Test
    void sharedPackagesNameNoFormat() {
        assertEquals(Set.of(), dependencies((from, to) -> CodecPackages.SHARED.contains(from) && CodecPackages.FORMATS.containsKey(to)));
    }

    /** Each dependency between two codec packages that {@code refused} refuses, as "from -> to (class uses class)". */
    private static Set<String> dependencies(BiPredicate<String, String> refused) {
        Set<String> broken = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = CodecPackages.of(c);
            if (from == null) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = CodecPackages.of(d.getTargetClass());
                if (to != null && refused.test(from, to)) {
                    broken.add(from + " -> " + to + " (" + c.getSimpleName() + " uses " + d.getTargetClass().getSimpleName() + ")");
                }
            }
        }
        return broken;
    }
}
