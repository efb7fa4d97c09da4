package org.packscope.codec.rds;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.zip.Inflater;

import io.airlift.compress.bzip2.BZip2HadoopStreams;
import org.tukaani.xz.XZInputStream;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Node;

/**
 * R serialized objects (saveRDS): gzip, xz, bzip2 or plain, recognised by the
 * serialization header inside the wrapper, not by the file name. A BPCells in-memory
 * matrix opens as a matrix; anything else as an R object tree.
 */
public final class RdsFormat implements Format {

    @Override public String id() { return "rds"; }

    @Override public String displayName() { return "R serialized object (.rds)"; }

    @Override public java.util.List<String> inside() { return java.util.List.of("BPCells matrices saved from R"); }

    @Override
    public int probe(Probe probe) {
        if (!probe.isRegularFile() || probe.headLength() < 2) return 0;
        byte[] head = probe.head();
        Compression c = Compression.sniff(head, head.length);
        byte[] start;
        try {
            start = switch (c) {
                case NONE -> head;
                case GZIP -> gunzipHead(head);
                case XZ -> streamHead(new XZInputStream(new ByteArrayInputStream(head), 1 << 20));
                case BZIP2 -> streamHead(new BZip2HadoopStreams().createInputStream(new ByteArrayInputStream(head)));
            };
        } catch (Exception | LinkageError e) {
            start = null;
        }
        int score = serializationScore(start);
        if (score == 0 && c != Compression.NONE && hasRdsName(probe.fileName())) {
            return 50; // a damaged wrapper named like an .rds: open it to report what is wrong
        }
        return score;
    }

    private static boolean hasRdsName(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        return n.endsWith(".rds") || n.endsWith(".rdata") || n.endsWith(".rda");
    }

    /**
     * 100 for "X\n" then version 2 or 3 (big-endian), "A\n2\n"/"A\n3\n" (or with CRLF) or native "B\n";
     * 50 for "X\n" then another small version (opened to report it); else 0.
     */
    static int serializationScore(byte[] b) {
        if (b != null && b.length >= 8 && b[0] == 'R' && b[1] == 'D' && b[2] == 'A' && b[4] == '\r' && b[5] == '\n') {
            return b[3] == '2' || b[3] == '3' ? 100 : 0; // an ASCII save() file with CRLF line ends
        }
        if (b != null && b.length >= 7 && b[0] == 'R' && b[1] == 'D' && b[4] == '\n') {
            return (b[3] == '2' || b[3] == '3') && (b[2] == 'X' || b[2] == 'A' || b[2] == 'B') ? 100 : 0;
        }
        if (b != null && b.length >= 6 && b[0] == 'A' && b[1] == '\r' && b[2] == '\n') return asciiVersion(b, 3) ? 100 : 0;
        if (b == null || b.length < 4 || b[1] != '\n') return 0;
        if (b[0] == 'A') return asciiVersion(b, 2) ? 100 : 0;
        if (b.length < 6) return 0;
        if (b[0] == 'X' && b[2] == 0 && b[3] == 0 && b[4] == 0) return b[5] == 2 || b[5] == 3 ? 100 : 50;
        if (b[0] == 'B') return (b[2] == 2 || b[2] == 3) && b[3] == 0 && b[4] == 0 && b[5] == 0 ? 100 : 0;
        return 0;
    }

    /** "2" or "3" then a line end (LF or CRLF) at {@code p}. */
    private static boolean asciiVersion(byte[] b, int p) {
        if (p + 1 >= b.length || (b[p] != '2' && b[p] != '3')) return false;
        return b[p + 1] == '\n' || b[p + 1] == '\r' && p + 2 < b.length && b[p + 2] == '\n';
    }

    private static byte[] gunzipHead(byte[] head) throws Exception {
        if (head.length < 10 || (head[2] & 0xff) != 8) return null;
        int flg = head[3] & 0xff;
        int p = 10;
        if ((flg & 4) != 0) p += 2 + ((head[p] & 0xff) | (head[p + 1] & 0xff) << 8);
        if ((flg & 8) != 0) while (head[p++] != 0) { }
        if ((flg & 16) != 0) while (head[p++] != 0) { }
        if ((flg & 2) != 0) p += 2;
        Inflater inf = new Inflater(true);
        try {
            inf.setInput(head, p, head.length - p);
            byte[] out = new byte[16];
            int n = 0;
            while (n < out.length) {
                int k = inf.inflate(out, n, out.length - n);
                if (k == 0) break;
                n += k;
            }
            return java.util.Arrays.copyOf(out, n);
        } finally {
            inf.end();
        }
    }

    private static byte[] streamHead(InputStream in) throws Exception {
        try (in) {
            return in.readNBytes(16);
        }
    }

    @Override
    public Node open(Path path, Opener opener) {
        return RdsFile.open(path);
    }
}
