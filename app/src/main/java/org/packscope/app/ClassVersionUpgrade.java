package org.packscope.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * A build step (package phase, between the shaded jar and {@link ArchiveTraining}): the
 * classes of the packaged jar under the given prefixes that were compiled for Java 5 or
 * older (class file version below 50) are written again at version 52, with the stack map
 * frames that version carries, computed by ASM. No instruction changes.
 * <p>
 * Why: JDK 17's class-data sharing archives hold no class older than version 50, so picocli
 * (built for Java 5) was read from the jar and checked by the old inference verifier at every
 * start, ~65 ms of class loading before a one-shot command could read its first byte. At
 * version 52 the archive holds them like PackScope's own classes.
 * <p>
 * {@code java -cp CLASSPATH org.packscope.app.ClassVersionUpgrade JAR PREFIX...}
 * <p>
 * A class whose frames cannot be computed (a type they need is missing) keeps its bytes. The
 * jar is replaced only once the new one is completely written.
 */
public final class ClassVersionUpgrade {
    /** Class files from this version on carry stack map frames; older ones cannot be archived. */
    static final int FRAMES_VERSION = 50;

    private ClassVersionUpgrade() { }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: ClassVersionUpgrade JAR PREFIX...");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        Path next = jar.resolveSibling(jar.getFileName() + ".upgrading");
        try {
            Result r = upgrade(jar, next, List.of(args).subList(1, args.length));
            Files.move(next, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            if (r.kept() > 0) System.err.println("ClassVersionUpgrade: " + r.kept() + " classes kept as they were");
        } finally {
            Files.deleteIfExists(next);
        }
    }

    /** Classes written again, and classes under the prefixes left as they were. */
    record Result(int upgraded, int kept) { }

    /** Writes {@code in} to {@code out}, entry by entry in the same order, the old classes under {@code prefixes} upgraded. */
    static Result upgrade(Path in, Path out, List<String> prefixes) throws IOException {
        int upgraded = 0, kept = 0;
        try (ZipFile zip = new ZipFile(in.toFile());
             URLClassLoader types = new URLClassLoader(new URL[] {in.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
             OutputStream file = Files.newOutputStream(out);
             ZipOutputStream zout = new ZipOutputStream(file)) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                byte[] bytes;
                try (InputStream s = zip.getInputStream(entry)) {
                    bytes = s.readAllBytes();
                }
                if (entry.getName().endsWith(".class") && underAny(entry.getName(), prefixes) && version(bytes) < FRAMES_VERSION) {
                    byte[] again = withFrames(bytes, types);
                    if (again != null) {
                        bytes = again;
                        upgraded++;
                    } else {
                        kept++;
                    }
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                zout.putNextEntry(copy);
                zout.write(bytes);
                zout.closeEntry();
            }
        }
        return new Result(upgraded, kept);
    }

    private static boolean underAny(String name, List<String> prefixes) {
        for (String p : prefixes) if (name.startsWith(p)) return true;
        return false;
    }

    /** The class file's major version (bytes 6-7), or -1 when it is too short to say. */
    static int version(byte[] classFile) {
        return classFile.length < 8 ? -1 : (classFile[6] & 0xff) << 8 | classFile[7] & 0xff;
    }

    /** The class at version 52 with computed frames, or null when they cannot be computed. */
    static byte[] withFrames(byte[] classFile, ClassLoader types) {
        try {
            ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
                // frames merge types: their common superclass is looked up among the jar's own classes
                @Override protected ClassLoader getClassLoader() { return types; }
            };
            new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, w) {
                @Override
                public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                    super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
                }
            }, ClassReader.SKIP_FRAMES);
            return w.toByteArray();
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
