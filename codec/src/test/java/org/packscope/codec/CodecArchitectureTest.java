package org.packscope.codec;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The codec's own seams, checked on its product classes. jhdf is reached through one
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
}
