package org.packscope.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The design in code: the codec knows no GUI, its packages form no cycle, a format
 * depends only on the shared packages and on the formats it declares it contains, and
 * the views read inspection trees without naming a format (a package or a node kind) or
 * changing a node.
 */
class ArchitectureTest {
    private static final String CODEC = "org.packscope.codec.";

    /** Packages every format may use: the inspection model, reading, and generic codecs and stores. */
    private static final Set<String> SHARED = Set.of(
            "inspect", "io", "read", "format", "compress", "store", "json", "numpy", "export", "compare", "remote");

    /**
     * Each format package and the other formats it may reach: the containers it is a
     * seam of (an HDF5 group opener) or that hold its units (bcolz holds Blosc chunks).
     */
    private static final Map<String, Set<String>> FORMATS = Map.ofEntries(
            Map.entry("pco", Set.of()),
            Map.entry("blosc", Set.of()),
            Map.entry("bcolz", Set.of("blosc")),
            Map.entry("binjson", Set.of()),
            Map.entry("hdf5", Set.of("blosc")),
            Map.entry("bpcells", Set.of("hdf5", "sparse")),
            Map.entry("rds", Set.of("bpcells", "sparse")),
            Map.entry("sparse", Set.of("hdf5")),
            Map.entry("anndata", Set.of("hdf5", "sparse")),
            Map.entry("tenx", Set.of("hdf5", "sparse")),
            Map.entry("zarr", Set.of("blosc", "pco")),
            Map.entry("fs", Set.of()),
            Map.entry("raw", Set.of()));

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the codec's test jar (its shared test servers) is on this module's class path: tests, not the product
                .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/test-classes/"))
                .importPackages("org.packscope");
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
            String p = codecPackage(c);
            if (p != null && !SHARED.contains(p) && !FORMATS.containsKey(p)) unknown.add(p);
        }
        assertEquals(Set.of(), unknown, "declare new packages as shared or as a format with its seams");
    }

    @Test
    void formatsDependOnlyOnSharedPackagesAndTheirDeclaredSeams() {
        Set<String> broken = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = codecPackage(c);
            if (from == null || !FORMATS.containsKey(from)) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = codecPackage(d.getTargetClass());
                if (to == null || to.equals(from) || SHARED.contains(to) || FORMATS.get(from).contains(to)) continue;
                broken.add(from + " -> " + to + " (" + c.getSimpleName() + " uses " + d.getTargetClass().getSimpleName() + ")");
            }
        }
        assertEquals(Set.of(), broken);
    }

    @Test
    void sharedPackagesNameNoFormat() {
        Set<String> broken = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = codecPackage(c);
            if (from == null || !SHARED.contains(from)) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = codecPackage(d.getTargetClass());
                if (to != null && FORMATS.containsKey(to)) broken.add(from + "." + c.getSimpleName() + " -> " + to);
            }
        }
        assertEquals(Set.of(), broken);
    }

    @Test
    void viewsNameNoFormatPackage() {
        String[] formats = FORMATS.keySet().stream().map(f -> CODEC + f + "..").toArray(String[]::new);
        noClasses().that().resideInAPackage("org.packscope.app.ui..")
                .should().dependOnClassesThat().resideInAnyPackage(formats)
                .check(classes);
    }

    @Test
    void viewsAndCommandsNeverChangeANode() {
        List<String> mutators = List.of("summary", "source", "span", "field", "addField", "diagnose", "table",
                "facet", "add", "children", "lazyChildren", "drillDown", "closeWith");
        Set<String> broken = new TreeSet<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().startsWith("org.packscope.app")) continue;
            c.getMethodCallsFromSelf().forEach(call -> {
                if (!call.getTargetOwner().getName().equals("org.packscope.codec.inspect.Node")) return;
                String name = call.getTarget().getName();
                // the same names without arguments are the getters
                if (mutators.contains(name) && !call.getTarget().getRawParameterTypes().isEmpty()
                        && !(name.equals("facet") && call.getTarget().getRawParameterTypes().size() == 1)
                        && !(name.equals("children") && call.getTarget().getRawParameterTypes().isEmpty())) {
                    broken.add(c.getSimpleName() + " calls Node." + name + " (" + call.getSourceCodeLocation() + ")");
                }
            });
        }
        assertEquals(Set.of(), broken);
    }

    /**
     * A view learns what a node offers from its facets, not by recognising a format's node
     * kinds: no method in app reads {@code Node.kind()} and also compares strings (equals,
     * startsWith, a switch on a string…). Showing the kind as text stays allowed.
     */
    @Test
    void viewsAndCommandsCompareNoNodeKind() {
        Set<String> comparisons = Set.of("equals", "equalsIgnoreCase", "startsWith", "endsWith", "contains",
                "matches", "hashCode", "compareTo", "contentEquals", "regionMatches");
        Set<String> broken = new TreeSet<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().startsWith("org.packscope.app")) continue;
            c.getCodeUnits().forEach(unit -> {
                boolean readsKind = unit.getMethodCallsFromSelf().stream().anyMatch(call ->
                        call.getTargetOwner().getName().equals("org.packscope.codec.inspect.Node") && call.getTarget().getName().equals("kind"));
                if (!readsKind) return;
                unit.getMethodCallsFromSelf().forEach(call -> {
                    String owner = call.getTargetOwner().getName();
                    if ((owner.equals("java.lang.String") || owner.equals("java.util.Objects")) && comparisons.contains(call.getTarget().getName())) {
                        broken.add(c.getSimpleName() + "." + unit.getName() + " reads a node's kind and calls " + call.getTarget().getName()
                                + " (" + call.getSourceCodeLocation() + ")");
                    }
                });
            });
        }
        assertEquals(Set.of(), broken);
    }

    private static String codecPackage(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith(CODEC)) return null;
        String rest = p.substring(CODEC.length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }
}
