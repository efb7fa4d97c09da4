package org.packscope.app.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

import org.packscope.app.ui.task.Warmup;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;

/**
 * The huge-data benchmark (not a unit test): writes a multi-GB bcolz carray of float64
 * with its own writer (uncompressed "memcpyed" Blosc chunks in blpk files), then
 * measures what a person opening it feels: time until the header is visible, time to
 * a value at random indices, and the heap used. Run it with a 512 MB heap:
 * {@code mvn -q -pl app test-compile exec:exec -Dhuge.gb=4}.
 */
public final class HugeDataBench {
    private static final int CHUNKLEN = 1 << 20;        // 8 MiB of float64 per chunk file
    private static final int BLOCKSIZE = 256 << 10;     // so one value needs one 256 KiB block

    private HugeDataBench() { }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/huge-carray");
        double gib = args.length > 1 ? Double.parseDouble(args[1]) : 4;
        long n = (long) (gib * (1L << 30) / 8);
        if (!Files.exists(dir.resolve("meta/sizes"))) write(dir, n);
        long onDisk;
        try (var s = Files.walk(dir)) {
            onDisk = s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        boolean afterWarmup = args.length > 2 && args[2].equals("--after-warmup");
        if (!afterWarmup) {
            System.out.printf(Locale.ROOT, "dataset: %s, %,d float64 values, %.2f GB on disk%n", dir, n, onDisk / 1e9);
            System.out.print("[fresh JVM, nothing opened before] ");
        } else {
            // what the app does at start: the samples' headers read in the background while the window appears
            Path samples = Path.of("").toAbsolutePath().getParent().resolve("resources");
            long w = System.nanoTime();
            Warmup.run(samples, 5_000);
            System.out.printf(Locale.ROOT, "[in the app: after its start-up warm-up over %s, %.0f ms] ", samples, (System.nanoTime() - w) / 1e6);
        }

        long t0 = System.nanoTime();
        Node root = FormatRegistry.standard().open(dir);
        root.fields();
        ValueColumn values = root.values();
        long count = values.count();
        double openMs = (System.nanoTime() - t0) / 1e6;
        System.out.printf(Locale.ROOT, "header visible: %.1f ms (%d fields, %,d values)%n", openMs, root.fields().size(), count);

        Random rnd = new Random(7);
        long[] one = new long[1];
        double worst = 0, total = 0;
        int probes = 50;
        for (int i = 0; i < probes; i++) {
            long k = (long) (rnd.nextDouble() * count);
            long t = System.nanoTime();
            values.read(k, one, 0, 1);
            double ms = (System.nanoTime() - t) / 1e6;
            worst = Math.max(worst, ms);
            total += ms;
            if (Double.longBitsToDouble(one[0]) != valueAt(k)) throw new IllegalStateException("wrong value at " + k);
        }
        System.out.printf(Locale.ROOT, "value at a random index: mean %.2f ms, worst %.2f ms over %d probes%n", total / probes, worst, probes);

        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) peak += pool.getPeakUsage().getUsed();
        }
        System.out.printf(Locale.ROOT, "heap: max %d MB, peak used %d MB%n",
                Runtime.getRuntime().maxMemory() >> 20, peak >> 20);
        if (!afterWarmup) {
            // the same measurements in a second JVM, the way the app meets a big file
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"), HugeDataBench.class.getName(),
                    dir.toString(), String.valueOf(gib), "--after-warmup").inheritIO().start();
            if (p.waitFor() != 0) throw new IllegalStateException("the second run failed");
            // and the real window over the same dataset, headless, with the FX thread watched
            System.out.print("[the window, headless] ");
            System.out.println();
            Process gui = new ProcessBuilder(java, "-Xmx512m", "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
                    "-Dprism.order=sw", "-Dprism.text=t2k", "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                    "org.packscope.app.ui.view.HugeDataGuiBench", dir.toAbsolutePath().toString()).inheritIO().start();
            if (gui.waitFor() != 0) throw new IllegalStateException("the window run failed");
        }
    }

    static double valueAt(long i) { return i * 0.25 - 1e6; }

    /** bcolz carray: meta/sizes, meta/storage, __attrs__, data/__N.blp with one memcpyed chunk each. */
    static void write(Path dir, long n) throws IOException {
        Files.createDirectories(dir.resolve("meta"));
        Files.createDirectories(dir.resolve("data"));
        long chunks = (n + CHUNKLEN - 1) / CHUNKLEN;
        long cbytes = 0;
        ByteBuffer buf = ByteBuffer.allocate(16 + 16 + CHUNKLEN * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long c = 0; c < chunks; c++) {
            int len = (int) Math.min(CHUNKLEN, n - c * CHUNKLEN);
            int nbytes = len * 8;
            buf.clear();
            buf.put("blpk".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put(new byte[3]).putLong(1);
            buf.put((byte) 2).put((byte) 1).put((byte) 0x03).put((byte) 8)
                    .putInt(nbytes).putInt(Math.min(BLOCKSIZE, nbytes)).putInt(nbytes + 16);
            for (int i = 0; i < len; i++) buf.putDouble(valueAt(c * CHUNKLEN + i));
            try (OutputStream out = Files.newOutputStream(dir.resolve("data/__" + c + ".blp"))) {
                out.write(buf.array(), 0, buf.position());
            }
            cbytes += buf.position();
        }
        Files.writeString(dir.resolve("meta/sizes"), String.format(Locale.ROOT,
                "{\"shape\": [%d], \"nbytes\": %d, \"cbytes\": %d}%n", n, n * 8, cbytes));
        Files.writeString(dir.resolve("meta/storage"), String.format(Locale.ROOT,
                "{\"dtype\": \"float64\", \"cparams\": {\"clevel\": 0, \"shuffle\": 1, \"cname\": \"blosclz\", \"quantize\": 0}, "
                        + "\"chunklen\": %d, \"expectedlen\": %d, \"dflt\": 0.0}%n", CHUNKLEN, n));
        Files.writeString(dir.resolve("__attrs__"), "{}\n");
    }
}
