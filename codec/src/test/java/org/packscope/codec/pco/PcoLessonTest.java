package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * Pco, Explained, step by step: each step's numbers are held against a computation of the
 * test's own from the numbers typed and the file's bytes: latents by the ordering rule,
 * IntMult's parts multiplied back, delta residuals as recomputed differences, bins recounted,
 * the tANS table's next-state ranges tiling the table, every state transition replayed from
 * the bits it reads into the state its decoder shows next, and batches tiling the page.
 */
class PcoLessonTest {
    private final Teacher pco = Teacher.of("pco");

    static Node step(Node lesson, String prefix) {
        for (Node c : lesson.children()) {
            if (c.name().startsWith(prefix)) return c;
        }
        throw new AssertionError("no step " + prefix + " in " + lesson.children());
    }

    static DataTable table(Node n, String titlePrefix) {
        for (DataTable t : n.tables()) {
            if (t.title().startsWith(titlePrefix)) return t;
        }
        throw new AssertionError("no table " + titlePrefix + " in " + n.name());
    }

    static List<Field> fields(Node n, String key) {
        List<Field> out = new ArrayList<>();
        for (Field f : n.fields()) if (f.key().equals(key)) out.add(f);
        return out;
    }

    static long bitsAt(byte[] file, long bit, int n) {
        long v = 0;
        for (int j = 0; j < n; j++) {
            long b = bit + j;
            v |= (long) ((file[(int) (b >>> 3)] >>> (b & 7)) & 1) << j;
        }
        return v;
    }

    static byte[] fileOf(Node lesson) {
        Node f = lesson.children().get(lesson.childCount() - 1);
        ByteSource s = f.source();
        byte[] out = new byte[(int) s.size()];
        s.read(0, out, 0, out.length);
        return out;
    }

    @Test
    void timestampsIntMultAndDeltaStepsHoldAgainstTheNumbers() {
        // the example: ms timestamps a second apart, jittered by 3 ms every seventh
        Teacher.Lesson l = pco.teach(pco.example(), Map.of("mode", "IntMult", "delta", "order 1"));
        checkSteps(l.node(), NumberType.I64, parse(pco.example()));
    }

    @Test
    void aMillionNoisyIntegersClassicAutoDeltaHold() {
        Random r = new Random(11);
        StringBuilder sb = new StringBuilder();
        long[] xs = new long[PcoTeacher.MAX_VALUES];
        long x = 0;
        for (int i = 0; i < xs.length; i++) {
            x += r.nextInt(200) - 90;
            xs[i] = x;
            sb.append(x).append(' ');
        }
        Teacher.Lesson l = pco.teach(sb.toString(), Map.of("type", "int64"));
        Node lesson = l.node();
        checkSteps(lesson, NumberType.I64, xs);
        // the sizes under other choices were measured on a prefix, and say so
        assertTrue(table(step(lesson, "8 ·"), "file size by level").title().contains("first 65,536 numbers"));
    }

    @Test
    void floatsWithDecimalsHold() {
        Teacher.Series decimals = pco.series().stream().filter(s -> s.name().equals("decimals")).findFirst().orElseThrow();
        Teacher.Lesson l = pco.teach(decimals.text(), Map.of("type", "float64", "level", "5"));
        String[] typed = decimals.text().strip().split("\\s+");
        long[] bits = new long[typed.length];
        for (int i = 0; i < typed.length; i++) bits[i] = Double.doubleToRawLongBits(Double.parseDouble(typed[i]));
        checkSteps(l.node(), NumberType.F64, bits);
    }

    /** A week of readings repeated with a little noise: lookback finds last week's value, and the steps still hold. */
    @Test
    void lookbackStepsHold() {
        Random r = new Random(3);
        long[] week = new long[7];
        for (int i = 0; i < 7; i++) week[i] = 1000 + r.nextInt(100_000);
        StringBuilder sb = new StringBuilder();
        long[] xs = new long[5000];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = week[i % 7] + (r.nextInt(50) == 0 ? r.nextInt(5) : 0);
            sb.append(xs[i]).append(' ');
        }
        Teacher.Lesson l = pco.teach(sb.toString(), Map.of("delta", "lookback"));
        Node lesson = l.node();
        assertTrue(step(lesson, "3 ·").name().startsWith("3 · delta: Lookback"), step(lesson, "3 ·").name());
        DataTable byDelta = table(step(lesson, "3 ·"), "file size by delta");
        assertEquals("lookback", byDelta.rows().get(8).get(0));
        // the lookback row is this very file: measured on all 5,000 numbers with the same mode and level
        assertEquals(fileOf(lesson).length, ((Number) byDelta.rows().get(8).get(1)).intValue());
        checkSteps(lesson, NumberType.I64, xs);
    }

    /** An older format version: the file declares it, and the size tables leave out what it lacks. */
    @Test
    void anOlderFormatVersionIsTaughtWithWhatItHasOnly() {
        Random r = new Random(3);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) sb.append(17 + 1000L * r.nextInt(1 << 20)).append(' '); // IntMult's numbers
        String multiples = sb.toString();
        Node latest = pco.teach(multiples, Map.of()).node();
        assertTrue(step(latest, "2 ·").name().contains("IntMult"), step(latest, "2 ·").name());
        Node lesson = pco.teach(multiples, Map.of("version", "0")).node();
        PcoFile f = PcoFile.open(ByteSource.of(fileOf(lesson), "v0.pco"));
        assertEquals(new FormatVersion(0, 0), f.version());
        assertEquals(0, f.header().version());
        assertEquals("2 · mode: Classic", step(lesson, "2 ·").name());
        assertEquals(List.of("Classic"), table(step(lesson, "2 ·"), "file size by mode").rows().stream().map(row -> row.get(0)).toList());
        assertEquals(List.of("Classic", "IntMult"), table(step(latest, "2 ·"), "file size by mode").rows().stream().map(row -> (String) row.get(0)).sorted().toList());
        DataTable byDelta = table(step(lesson, "3 ·"), "file size by delta");
        assertEquals("order 7", byDelta.rows().get(byDelta.rows().size() - 1).get(0), "no lookback before format 3");
        checkSteps(lesson, NumberType.I64, parse(multiples));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> pco.teach("1 2 3", Map.of("type", "int16", "version", "1")));
        assertEquals("Pco format 1 has no i16 numbers (16-bit types came with format 2)", e.getMessage());
    }

    static long[] parse(String text) {
        String[] typed = text.strip().split("\\s+");
        long[] out = new long[typed.length];
        for (int i = 0; i < typed.length; i++) out[i] = Long.parseLong(typed[i]);
        return out;
    }

    /** Latent of a number, by the ordering rule written out here. */
    static long latent(NumberType t, long raw) {
        long mask = t.bits == 64 ? -1L : (1L << t.bits) - 1;
        long top = 1L << (t.bits - 1);
        long r = raw & mask;
        if (t.isFloat()) return (r & top) != 0 ? ~r & mask : r | top;
        return t.isSigned() ? (r + top) & mask : r;
    }

    private static void checkSteps(Node lesson, NumberType t, long[] numbers) {
        byte[] file = fileOf(lesson);
        int n = Math.min(numbers.length, PcoEncoder.DEFAULT_CHUNK_SIZE);
        long mask = t.bits == 64 ? -1L : (1L << t.bits) - 1;

        // 1: latents and the mode's parts
        Node s1 = step(lesson, "1 ·");
        DataTable nums = s1.tables().get(0);
        assertEquals(Math.min(n, PcoLesson.TABLE_ROWS), nums.rows().size());
        String mode = step(lesson, "2 ·").name().substring("2 · mode: ".length());
        long[] primary = new long[nums.rows().size()];
        for (List<Object> row : nums.rows()) {
            int i = (Integer) row.get(0);
            long lat = Long.parseUnsignedLong((String) row.get(2));
            assertEquals(latent(t, numbers[i]), lat, "latent " + i);
            primary[i] = Long.parseUnsignedLong((String) row.get(3));
            if (mode.startsWith("IntMult")) {
                Mode.IntMult m = (Mode.IntMult) meta(file).mode();
                long secondary = Long.parseUnsignedLong((String) row.get(4));
                assertEquals(lat, primary[i] * m.base() + secondary, "IntMult parts of " + i);
                assertTrue(Long.compareUnsigned(secondary, m.base()) < 0);
            } else if (mode.equals("Classic")) {
                assertEquals(lat, primary[i], "Classic primary " + i);
            }
        }

        // 3: residuals are the primary latents' k-th differences, centred on 2^(w-1)
        Node s3 = step(lesson, "3 ·");
        ChunkMeta meta = meta(file);
        int order = meta.deltaEncoding() instanceof DeltaEncoding.Consecutive c ? c.order() : 0;
        long[] diff = primary.clone();
        int len = diff.length;
        for (int k = 0; k < order; k++) {
            for (int i = 0; i + 1 < len; i++) diff[i] = diff[i + 1] - diff[i];
            len--;
        }
        DataTable residuals = table(s3, "latents the page codes");
        boolean lookback = meta.deltaEncoding() instanceof DeltaEncoding.Lookback;
        for (List<Object> row : lookback ? List.<List<Object>>of() : residuals.rows()) {
            int i = (Integer) row.get(0);
            if (i >= len) break;
            long stored = Long.parseUnsignedLong((String) row.get(1));
            assertEquals((diff[i] + (order == 0 ? 0 : 1L << (t.bits - 1))) & mask, stored, "residual " + i);
        }

        // 4: bins recounted from the residuals; estimated and spent bits from the bins' terms
        for (LatentVar v : meta.latentVars()) {
            Node s4 = step(lesson, "4 · " + v.role().label);
            DataTable bins = s4.tables().get(0);
            long latents = 0, spent = 0;
            for (List<Object> row : bins.rows()) {
                latents += ((Number) row.get(4)).longValue();
                spent += ((Number) row.get(9)).longValue();
            }
            // a latent variable's page holds n numbers less its delta state (the lookbacks: less the primary's)
            int bodyN = n - meta.stateN(v.role() == LatentVar.Role.DELTA ? LatentVar.Role.PRIMARY : v.role());
            assertEquals(bodyN, latents, v.role() + " latents in bins");
            if (v.role() == LatentVar.Role.PRIMARY && bodyN <= PcoLesson.TABLE_ROWS) {
                Map<Integer, Integer> recount = new HashMap<>();
                for (List<Object> row : residuals.rows()) {
                    long lat = Long.parseUnsignedLong((String) row.get(1));
                    // bins may overlap: a latent goes to the last bin starting at or below it, and lies in its range
                    int at = -1;
                    for (int b = 0; b < v.bins().size(); b++) {
                        if (Long.compareUnsigned(v.bins().get(b).lower(), lat) <= 0) at = b;
                    }
                    Bin bin = v.bins().get(at);
                    assertTrue(bin.offsetBits() >= 64 || Long.compareUnsigned(lat - bin.lower(), 1L << bin.offsetBits()) < 0, "latent in bin " + at);
                    recount.merge(at, 1, Integer::sum);
                }
                for (List<Object> row : bins.rows()) {
                    assertEquals(recount.getOrDefault((Integer) row.get(0), 0), ((Number) row.get(4)).intValue(), "bin " + row.get(0));
                }
            }
            assertTrue(spent > 0 || bodyN == 0 || v.bins().size() <= 1, "bits spent");

            // 5: each bin owns weight states, and its states' next-state ranges tile the table
            Node s5 = step(lesson, "5 · " + v.role().label);
            if (v.bins().isEmpty()) continue;
            int size = 1 << v.ansSizeLog();
            DataTable states = s5.tables().get(0);
            assertEquals(size, states.rows().size());
            for (int b = 0; b < v.bins().size(); b++) {
                boolean[] covered = new boolean[size];
                int owned = 0;
                for (List<Object> row : states.rows()) {
                    if ((Integer) row.get(1) != b) continue;
                    owned++;
                    for (int st = (Integer) row.get(3); st <= (Integer) row.get(4); st++) {
                        assertTrue(!covered[st], "state " + st + " reached twice from bin " + b);
                        covered[st] = true;
                    }
                }
                assertEquals(v.bins().get(b).weight(), owned, "states of bin " + b);
                for (int st = 0; st < size; st++) assertTrue(covered[st], "bin " + b + " never leads to state " + st);
            }
        }

        // 6: replay batch 0: bits read from the file, next state = the state the same decoder shows four symbols on
        Node s6 = step(lesson, "6 ·");
        LatentVar pv = meta.latentVars().get(0);
        if (!pv.bins().isEmpty()) {
            List<Field> steps = new ArrayList<>();
            for (Field f : fields(s6, "lesson.transition")) if (f.name().startsWith(pv.role().label + "[")) steps.add(f);
            assertEquals(Math.min(256, n - order), steps.size());
            for (int i = 0; i + 4 < steps.size(); i++) {
                Field f = steps.get(i);
                String m = f.meaning();
                int reads = Integer.parseInt(m.replaceAll(".*reads (\\d+) bits?.*", "$1"));
                long got = Long.parseLong(m.replaceAll(".*= (\\d+) → state.*", "$1"));
                assertEquals(reads, f.span().bitLength());
                assertEquals(bitsAt(file, f.span().startBit(), reads), got, "bits of symbol " + i);
                String next = m.substring(m.lastIndexOf("state ") + 6);
                String laterState = steps.get(i + 4).meaning().replaceAll("decoder \\d: state (\\d+) .*", "$1");
                assertEquals(laterState, next, "decoder " + (i & 3) + " after symbol " + i);
            }
        }

        // 7: batches follow each other without a gap up to the page's end
        Node s7 = step(lesson, "7 ·");
        List<Field> batches = fields(s7, "lesson.batch");
        assertTrue(!batches.isEmpty());
        Span page = s7.span();
        long at = -1;
        for (Field b : batches) {
            if (at >= 0) assertEquals(at, b.span().startBit(), b.name());
            at = b.span().endBit();
            assertTrue(b.span().startBit() >= page.startBit() && b.span().endBit() <= page.endBit());
        }
        int batchesInChunk = (n + 255) / 256;
        if (batchesInChunk <= PcoLesson.LAYOUT_BATCHES) assertTrue(page.endBit() - at < 8, "the last batch ends the page (to the byte)");

        // 8: the row of the level written, when measured on everything, is this file's size
        DataTable levels = table(step(lesson, "8 ·"), "file size by level");
        assertEquals(13, levels.rows().size());
        if (numbers.length <= PcoLesson.SIZES_SAMPLE) {
            int level = Integer.parseInt(fields(step(lesson, "8 ·"), "lesson.level").get(0).value());
            assertEquals(file.length, ((Number) levels.rows().get(level).get(1)).intValue());
        }
        assertNotNull(table(step(lesson, "2 ·"), "file size by mode"));
    }

    static ChunkMeta meta(byte[] file) {
        return PcoFile.open(ByteSource.of(file, "t.pco")).chunks().get(0).meta();
    }
}
