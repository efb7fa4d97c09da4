package org.packscope.codec.rds;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * The serialization stream header: format letter ('X' = XDR), format version (2 or 3),
 * the R version that wrote it and the oldest R that can read it, and (version 3 only)
 * the writer's native encoding. {@code start} is 0 for saveRDS streams and 5 for save()
 * (.RData) files, which put "RDX2\n" or "RDX3\n" ({@code saveMagic}) before the header;
 * {@code end} is where the first item starts.
 */
public record RdsHeader(char format, int version, int writerVersion, int minReaderVersion,
                        String nativeEncoding, long end, long start, String saveMagic) {

    /** "4.2.2" for 0x00040202. */
    public static String rVersion(int packed) {
        return (packed >>> 16) + "." + (packed >>> 8 & 0xff) + "." + (packed & 0xff);
    }

    /**
     * Reads the header at the reader's position (the stream's start), recording its fields;
     * the parser reads it with nothing recorded, the header node with its fields recorded.
     * Problems go to {@code problems}; null when there is no XDR header to read on from.
     * {@code rewritten} says the stream is PackScope's XDR rewrite of an ASCII stream.
     */
    static RdsHeader read(FieldReader in, boolean rewritten, Consumer<Diagnostic> problems) {
        try {
            return readFields(in, rewritten, problems);
        } catch (ReadProblem p) {
            long at = p.diagnostic().span().byteOffset();
            problems.accept(error(at, "the stream ends inside its header (" + in.source().size() + " bytes)"));
            return null;
        }
    }

    private static Diagnostic error(long at, String message) {
        return Diagnostic.errorAtByte(at, RdsRules.TRUNCATED_HEADER, message + " (byte " + at + ")");
    }

    private static Diagnostic error(long at, Rule rule, String message) {
        return Diagnostic.errorAtByte(at, rule, message + " (byte " + at + ")");
    }

    private static RdsHeader readFields(FieldReader in, boolean rewritten, Consumer<Diagnostic> problems) {
        var src = in.source();
        in.need(16, "the serialization header");
        long start = in.byteOffset();
        String saveMagic = null;
        if (src.size() >= 5 && src.u8(0) == 'R' && src.u8(1) == 'D' && src.u8(4) == '\n') {
            // save() / .RData: "RDX2\n" or "RDX3\n", then an ordinary stream holding a pairlist of variables
            saveMagic = new String(in.bytes(5, "save_magic", "save() magic", b -> new String(b, 0, 4, StandardCharsets.ISO_8859_1),
                    "an .RData file of save(): the object is a pairlist of variables"), 0, 4, StandardCharsets.ISO_8859_1);
            if (saveMagic.charAt(2) != 'X') {
                problems.accept(error(0, RdsRules.UNSUPPORTED_SERIALIZATION_FORMAT, "save() file '" + saveMagic
                        + "' is not in XDR format; only RDX2/RDX3 files are read"));
                return null;
            }
            start = in.byteOffset();
        }
        in.need(16, "the serialization header");
        int f0 = src.u8(start), f1 = src.u8(start + 1);
        if (f1 != '\n' || (f0 != 'X' && f0 != 'A' && f0 != 'B')) {
            problems.accept(error(start, RdsRules.NOT_SERIALIZATION, String.format(
                    "the stream does not start with a serialization header (\"X\\n\"); first bytes are 0x%02x 0x%02x", f0, f1)));
            return null;
        }
        if (f0 != 'X') {
            problems.accept(error(start, RdsRules.UNSUPPORTED_SERIALIZATION_FORMAT, f0 == 'A'
                    ? "ASCII serialization ('A\\n') is read by rewriting it as XDR first (RdsFile does); this reader takes XDR only"
                    : "native binary serialization ('B\\n') is not supported; only XDR ('X\\n', what saveRDS writes) and ASCII are"));
            return null;
        }
        in.bytes(2, "format", "format", b -> rewritten ? "X (rewritten from A)" : "X",
                rewritten ? "the ASCII stream rewritten by PackScope as XDR, big-endian binary" : "'X\\n': XDR, big-endian binary");
        long versionAt = in.byteOffset();
        int version = in.i32be("version");
        in.recordSpan("version", -1, "version", versionAt, versionAt + 4, version, "serialization format version (2 or 3)");
        long writerAt = in.byteOffset();
        int writer = in.i32be("writer R version");
        if (in.recording()) {
            in.recordSpan("writer_version", -1, "writer R version", writerAt, writerAt + 4, rVersion(writer),
                    String.format("R that wrote it (0x%08x)", writer));
        }
        long minAt = in.byteOffset();
        int minReader = in.i32be("minimal reader R version");
        if (in.recording()) {
            in.recordSpan("min_reader_version", -1, "minimal reader R version", minAt, minAt + 4, rVersion(minReader),
                    String.format("oldest R that can read it (0x%08x)", minReader));
        }
        String encoding = null;
        if (version == 3) {
            long lenOff = in.byteOffset();
            int n = in.i32be("native encoding length");
            long pos = in.byteOffset();
            if (n < 0 || n > 255 || !src.has(pos, n)) {
                problems.accept(error(lenOff, RdsRules.BAD_NATIVE_ENCODING, "the native encoding name claims " + n
                        + " bytes (at most 255, and " + Math.max(0, src.size() - pos) + " are left)"));
                return null;
            }
            in.recordSpan("native_encoding_length", -1, "native encoding length", lenOff, pos, n, "bytes of the name");
            encoding = new String(in.bytes(n, "native_encoding", "native encoding",
                    b -> new String(b, StandardCharsets.ISO_8859_1), "encoding of strings without an encoding bit (version 3 only)"),
                    StandardCharsets.ISO_8859_1);
            if (charsetFor(encoding) == null) {
                problems.accept(Diagnostic.warningAtByte(lenOff, RdsRules.UNKNOWN_NATIVE_ENCODING,
                        "native encoding '" + encoding + "' is not known here; native strings are read as UTF-8"));
            }
        } else if (version != 2) {
            problems.accept(error(versionAt, RdsRules.UNSUPPORTED_SERIALIZATION_VERSION,
                    "serialization format version " + version + " is not known (R writes 2 or 3)"));
            return null;
        }
        return new RdsHeader((char) f0, version, writer, minReader, encoding, in.byteOffset(), start, saveMagic);
    }

    /** The charset of native strings: the header's native encoding, UTF-8 when it names none or one not known here. */
    Charset nativeCharset() {
        Charset c = nativeEncoding == null ? null : charsetFor(nativeEncoding);
        return c == null ? StandardCharsets.UTF_8 : c;
    }

    private static Charset charsetFor(String name) {
        String n = name.toUpperCase(java.util.Locale.ROOT);
        if (n.equals("UTF-8") || n.equals("UTF8")) return StandardCharsets.UTF_8;
        if (n.equals("LATIN1") || n.equals("ISO-8859-1") || n.equals("ISO8859-1")) return StandardCharsets.ISO_8859_1;
        try {
            return Charset.forName(name);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
