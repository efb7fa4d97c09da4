package org.packscope.codec.bpcells.bp128;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.packscope.codec.compress.VectorPaths;

/**
 * What the JIT option of the launchers is for, in fresh JVMs: with the trap limit used up
 * (as after type-check traps anywhere in a long session), C2 compiles a width's vector
 * routine with its operations left as calls; the warm-up finds it slower than the scalar
 * routine and keeps the width scalar, and decoding stays exact. With {@link VectorPaths#JIT_OPTION}
 * after it the same routine compiles well and is taken.
 */
class Bp128TrapLimitTest {
    private static final int KEY = 33 + 13; // FOR, width 13

    /** Run in the child JVM: warms one width, decodes through the switch, prints what happened. */
    public static void main(String[] args) {
        boolean warm = Bp128Warmup.warm(KEY);
        Random r = new Random(5);
        int[] in = new int[Bp128.words(13)];
        for (int k = 0; k < in.length; k++) in[k] = r.nextInt();
        int[] want = new int[Bp128.CHUNK];
        Bp128Unpack.plusOne(13, in, 0, want, 0);
        int[] out = new int[Bp128.CHUNK];
        boolean exact = true;
        for (int c = 0; c < 3 * Bp128.WARM; c++) {
            Bp128.decode(Bp128Variant.FOR, 13, 0, in, 0, out, 0);
            exact &= java.util.Arrays.equals(want, out);
        }
        System.out.println("warm=" + warm + " exact=" + exact + " vector=" + Bp128Simd.enabled());
        System.out.println(Bp128Warmup.outcome(KEY));
    }

    private static List<String> child(String... jvmOptions) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", VectorPaths.MODULE));
        cmd.addAll(List.of(jvmOptions));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Bp128TrapLimitTest.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM ended");
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }

    @Test
    void anExhaustedTrapLimitKeepsTheWidthScalarAndExactAndTheOptionRestoresIt() throws Exception {
        Assumptions.assumeTrue(VectorPaths.allowed() && Bp128Simd.enabled(), "the vector routines run in this JVM");
        Assumptions.assumeTrue(Runtime.version().feature() == 17, "the inlining behaviour measured is JDK 17's C2");
        List<String> exhausted = child("-XX:PerMethodTrapLimit=0");
        assertEquals("warm=false exact=true vector=true", exhausted.get(0), String.join("\n", exhausted));
        assertTrue(exhausted.get(1).startsWith("never fast after 500 rounds"), exhausted.get(1));
        List<String> restored = child("-XX:PerMethodTrapLimit=0", VectorPaths.JIT_OPTION);
        assertEquals("warm=true exact=true vector=true", restored.get(0), String.join("\n", restored));
        assertTrue(restored.get(1).startsWith("fast after "), restored.get(1));
    }

    @Test
    void thisTestJvmCarriesTheOption() {
        Assumptions.assumeTrue(VectorPaths.allowed(), "the vector paths run in this JVM (the default surefire run)");
        assertTrue(VectorPaths.trapLimitSet(), "the surefire argLine of the vector run sets " + VectorPaths.JIT_OPTION);
        assertEquals("vector (128-bit)", Bp128Simd.describe());
    }
}
