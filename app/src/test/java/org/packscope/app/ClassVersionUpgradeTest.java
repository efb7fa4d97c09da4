package org.packscope.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import picocli.CommandLine;

/**
 * The build's upgrade of picocli's classes, run on the picocli jar the app is built with:
 * every class comes out at version 52, the split verifier accepts each one (a wrong frame
 * would be a VerifyError at load), everything else in the jar is unchanged, and the upgraded
 * picocli parses and prints usage exactly as the original.
 */
class ClassVersionUpgradeTest {

    @Test
    void picocliComesOutVerifiableAtVersion52AndWorksAsBefore(@TempDir Path dir) throws Exception {
        Path original = Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path upgraded = dir.resolve("picocli-upgraded.jar");
        ClassVersionUpgrade.Result r = ClassVersionUpgrade.upgrade(original, upgraded, List.of("picocli/"));
        assertEquals(0, r.kept(), "every class of picocli gets its frames");

        List<String> classes = new ArrayList<>();
        try (ZipFile before = new ZipFile(original.toFile()); ZipFile after = new ZipFile(upgraded.toFile())) {
            assertEquals(names(before), names(after), "the same entries, in the same order");
            for (Enumeration<? extends ZipEntry> e = before.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                byte[] was = read(before, entry), now = read(after, after.getEntry(entry.getName()));
                if (entry.getName().endsWith(".class") && entry.getName().startsWith("picocli/")) {
                    assertTrue(ClassVersionUpgrade.version(was) < ClassVersionUpgrade.FRAMES_VERSION, entry.getName() + " was built for Java 5");
                    assertEquals(52, ClassVersionUpgrade.version(now), entry.getName());
                    classes.add(entry.getName().replace('/', '.').substring(0, entry.getName().length() - ".class".length()));
                } else {
                    assertArrayEquals(was, now, entry.getName() + " is copied as it was");
                }
            }
        }
        assertEquals(r.upgraded(), classes.size());
        assertTrue(classes.size() > 150, "picocli's classes: " + classes.size());

        try (URLClassLoader before = isolated(original); URLClassLoader after = isolated(upgraded)) {
            // loading and initialising links each class: the split verifier checks every method's frames
            for (String c : classes) assertNotNull(Class.forName(c, true, after), c);
            assertEquals(usageAndValue(before), usageAndValue(after));
            assertTrue(usageAndValue(after).contains("--level=<n>"), usageAndValue(after));
        }
    }

    @Test
    void aClassWithoutFramesGetsThemAndRunsTheSame(@TempDir Path dir) throws Exception {
        byte[] old = java5Class();
        assertEquals(49, ClassVersionUpgrade.version(old));
        byte[] now = ClassVersionUpgrade.withFrames(old, ClassLoader.getPlatformClassLoader());
        assertNotNull(now);
        assertEquals(52, ClassVersionUpgrade.version(now));
        assertEquals(List.of(0, 1, 3, 6, 10), sums(now), "the loop's branches need frames; its result is unchanged");
        assertEquals(sums(old), sums(now));
        assertNull(ClassVersionUpgrade.withFrames(new byte[] {1, 2, 3}, ClassLoader.getPlatformClassLoader()), "not a class: kept as it was");
    }

    private static List<String> names(ZipFile zip) {
        List<String> out = new ArrayList<>();
        zip.stream().forEach(e -> out.add(e.getName()));
        return out;
    }

    private static byte[] read(ZipFile zip, ZipEntry e) throws IOException {
        try (InputStream in = zip.getInputStream(e)) {
            return in.readAllBytes();
        }
    }

    private static URLClassLoader isolated(Path jar) throws IOException {
        return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    /** A command built through picocli's model API in {@code loader}: its usage text and a parsed option value. */
    private static String usageAndValue(ClassLoader loader) throws Exception {
        Class<?> specType = Class.forName("picocli.CommandLine$Model$CommandSpec", true, loader);
        Class<?> optionType = Class.forName("picocli.CommandLine$Model$OptionSpec", true, loader);
        Class<?> builderType = Class.forName("picocli.CommandLine$Model$OptionSpec$Builder", true, loader);
        Class<?> lineType = Class.forName("picocli.CommandLine", true, loader);
        Object spec = specType.getMethod("create").invoke(null);
        specType.getMethod("name", String.class).invoke(spec, "demo");
        Object builder = optionType.getMethod("builder", String.class, String[].class).invoke(null, "--level", new String[0]);
        // the builder's setters are declared in a package-private superclass
        open(builderType.getMethod("type", Class.class)).invoke(builder, int.class);
        open(builderType.getMethod("paramLabel", String.class)).invoke(builder, "<n>");
        open(builderType.getMethod("description", String[].class)).invoke(builder, (Object) new String[] {"how hard to try"});
        Object option = open(builderType.getMethod("build")).invoke(builder);
        specType.getMethod("addOption", optionType).invoke(spec, option);
        Object line = lineType.getConstructor(Object.class).newInstance(spec);
        Object parsed = lineType.getMethod("parseArgs", String[].class).invoke(line, (Object) new String[] {"--level", "7"});
        Object value = open(parsed.getClass().getMethod("matchedOptionValue", String.class, Object.class)).invoke(parsed, "--level", -1);
        return lineType.getMethod("getUsageMessage").invoke(line) + "value " + value;
    }

    private static Method open(Method m) {
        m.setAccessible(true);
        return m;
    }

    /** A version-49 class (no frames) whose static method {@code sum(n)} adds 0..n-1 in a loop. */
    private static byte[] java5Class() {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "Old", null, "java/lang/Object", null);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "sum", "(I)I", null, null);
        m.visitCode();
        m.visitInsn(Opcodes.ICONST_0);
        m.visitVarInsn(Opcodes.ISTORE, 1);
        m.visitInsn(Opcodes.ICONST_0);
        m.visitVarInsn(Opcodes.ISTORE, 2);
        Label test = new Label(), body = new Label();
        m.visitJumpInsn(Opcodes.GOTO, test);
        m.visitLabel(body);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitInsn(Opcodes.IADD);
        m.visitVarInsn(Opcodes.ISTORE, 1);
        m.visitIincInsn(2, 1);
        m.visitLabel(test);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitJumpInsn(Opcodes.IF_ICMPLT, body);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitInsn(Opcodes.IRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    private static List<Integer> sums(byte[] classFile) throws Exception {
        Class<?> c = new ClassLoader(null) {
            Class<?> define() { return defineClass("Old", classFile, 0, classFile.length); }
        }.define();
        List<Integer> out = new ArrayList<>();
        for (int n = 1; n <= 5; n++) out.add((Integer) c.getMethod("sum", int.class).invoke(null, n));
        return out;
    }
}
