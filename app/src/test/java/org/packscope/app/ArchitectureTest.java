package org.packscope.app;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.CodecPackages;

/**
 * The app's side of the design in code: the views read inspection trees without naming a
 * format (a package or a node kind) or changing a node, and the GUI's packages depend one
 * way only (background work, then views, then secondary windows, then the shell). The
 * codec's own rules (no GUI, no package cycle, formats reach only shared packages and their
 * declared seams) live in the codec, in CodecArchitectureTest.
 */
class ArchitectureTest {
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
    void viewsNameNoFormatPackage() {
        String[] formats = CodecPackages.FORMATS.keySet().stream().map(f -> "org.packscope.codec." + f + "..").toArray(String[]::new);
        noClasses().that().resideInAPackage("org.packscope.app.ui..")
                .should().dependOnClassesThat().resideInAnyPackage(formats)
                .check(classes);
    }

    /**
     * Background work (ui.task) is told what to show through its own small interfaces, so any
     * view or window can use it and none of them is needed to run or test it.
     */
    @Test
    void backgroundWorkDependsOnNoOtherUiPackage() {
        noClasses().that().resideInAPackage("org.packscope.app.ui.task..")
                .should().dependOnClassesThat(resideInAPackage("org.packscope.app.ui..")
                        .and(not(resideInAPackage("org.packscope.app.ui.task.."))))
                .check(classes);
    }

    /**
     * A view (ui.view) is placed by whoever holds it: the main window or a secondary one. A
     * view that reached back into either would tie every window to the one it names.
     */
    @Test
    void viewsDependOnNoWindowNorTheShell() {
        noClasses().that().resideInAPackage("org.packscope.app.ui.view..")
                .should().dependOnClassesThat().resideInAnyPackage("org.packscope.app.ui", "org.packscope.app.ui.window..")
                .check(classes);
    }

    /** The shell (the classes directly in ui) opens the secondary windows; they do not know it. */
    @Test
    void windowsDependOnNoShellClass() {
        noClasses().that().resideInAPackage("org.packscope.app.ui.window..")
                .should().dependOnClassesThat().resideInAPackage("org.packscope.app.ui")
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

}
