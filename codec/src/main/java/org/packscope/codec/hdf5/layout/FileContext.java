package org.packscope.codec.hdf5.layout;

import java.nio.charset.StandardCharsets;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * What every HDF5 structure reader needs from the superblock: the file's bytes, the base
 * address all other addresses are relative to, and the widths of addresses ("size of
 * offsets") and lengths ("size of lengths"). Its helpers read those variable-width
 * numbers through a {@link FieldReader}, check signatures and checksums, and refuse
 * addresses outside the file before anything is read there.
 */
public final class FileContext {
    /** An address whose bytes are all ones: "undefined" in HDF5. */
    public static final long UNDEFINED = -1;

    private final ByteSource source;
    private final long base;
    private final int offsetSize;
    private final int lengthSize;

    public FileContext(ByteSource source, long base, int offsetSize, int lengthSize) {
        this.source = source;
        this.base = base;
        this.offsetSize = offsetSize;
        this.lengthSize = lengthSize;
    }

    public ByteSource source() { return source; }

    /** The absolute place of relative address 0 (the superblock's base address). */
    public long base() { return base; }

    public int offsetSize() { return offsetSize; }

    public int lengthSize() { return lengthSize; }

    /** The absolute byte of a relative address. */
    public long abs(long address) { return base + address; }

    /** A reader at relative {@code address}, recording into {@code n} (nothing when null). */
    public FieldReader reader(long address, Node n) {
        return new FieldReader(source, abs(address), n == null ? Recorder.NONE : new NodeRecorder(n));
    }

    /** Fails with {@code hdf5_address_out_of_file} unless {@code need} bytes exist at relative {@code address}. */
    public void requireInFile(long address, long need, Span where, String what) {
        long size = source.size();
        if (address == UNDEFINED || address < 0 || need < 0 || abs(address) > size || need > size - abs(address)) {
            String at = address == UNDEFINED ? "the undefined address" : "byte " + Long.toUnsignedString(abs(address));
            throw ReadProblem.at(StructureRules.ADDRESS_OUT_OF_FILE, where, what + " is said to be at " + at
                    + (need > 0 ? " (" + need + " bytes)" : "") + ", outside the file (" + size + " bytes)");
        }
    }

    /** Whether {@code need} bytes exist at relative {@code address}. */
    public boolean inFile(long address, long need) {
        long size = source.size();
        return address != UNDEFINED && address >= 0 && need >= 0 && abs(address) <= size && need <= size - abs(address);
    }

    /** Reads and records an address ({@code offsetSize} bytes); all ones reads as {@link #UNDEFINED}. */
    public long address(FieldReader r, String key, String label, String meaning) {
        return address(r, key, -1, label, meaning);
    }

    public long address(FieldReader r, String key, int index, String label, String meaning) {
        long v = uint(r, offsetSize, key, index, label, meaning, true);
        return v;
    }

    /** Reads and records a length ({@code lengthSize} bytes). */
    public long length(FieldReader r, String key, String label, String meaning) {
        return uint(r, lengthSize, key, -1, label, meaning, false);
    }

    /** Reads and records an unsigned little-endian number of {@code width} (1..8) bytes. */
    public static long uint(FieldReader r, int width, String key, int index, String label, String meaning) {
        return uint(r, width, key, index, label, meaning, false);
    }

    private static long uint(FieldReader r, int width, String key, int index, String label, String meaning, boolean address) {
        long at = r.byteOffset();
        long v = width == 0 ? 0 : r.uintLe(width, label);
        boolean undefined = address && allOnes(v, width);
        if (r.recording()) {
            r.recordSpan(key, index, label, at, at + width, undefined ? "undefined" : Long.toUnsignedString(v), meaning);
        }
        return undefined ? UNDEFINED : v;
    }

    /**
     * The absolute place of relative {@code address} for a report, kept inside the file: an
     * address past the end (or so large it reads as negative) is reported at the file's end.
     */
    public long placeInFile(long address) {
        long abs = abs(address);
        return abs < 0 || abs > source.size() ? source.size() : abs;
    }

    /** The address of {@code offsetSize} bytes at absolute {@code at} (already checked present), {@link #UNDEFINED} when all ones. */
    public long addressAt(long at) {
        long v = uintAt(source, at, offsetSize);
        return allOnes(v, offsetSize) ? UNDEFINED : v;
    }

    /** The unsigned little-endian number of {@code n} (0..8) bytes at absolute {@code at} (already checked present). */
    public static long uintAt(ByteSource s, long at, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = (v << 8) | s.u8(at + i);
        return v;
    }

    /** Whether {@code v}, read as {@code width} bytes, is all ones: HDF5's undefined address. */
    public static boolean allOnes(long v, int width) {
        return width == 8 ? v == -1 : v == (1L << (8 * width)) - 1;
    }

    /** Reads and records a 4-byte signature; a different one fails with {@code hdf5_bad_signature}. */
    public static void signature(FieldReader r, String expected, String key, String what) {
        long at = r.byteOffset();
        byte[] b = r.bytes(expected.length(), key, "signature", FileContext::ascii, "'" + expected + "' opens every " + what);
        String found = ascii(b);
        if (!found.equals(expected)) {
            throw ReadProblem.at(StructureRules.BAD_SIGNATURE, Span.bytes(at, b.length), what + " at byte " + at
                    + " should start with '" + expected + "' but starts with '" + found + "'");
        }
    }

    /** Reads and records a version byte; one not in {@code allowed} fails with {@code hdf5_bad_version}. */
    public static int version(FieldReader r, String key, String what, int... allowed) {
        long at = r.byteOffset();
        // the meaning is for the structure view; a check reads 50,000 headers without recording one
        int v = r.u8(key, "version", r.recording() ? "version of the " + what + " layout" : null);
        for (int a : allowed) if (a == v) return v;
        throw ReadProblem.at(StructureRules.BAD_VERSION, Span.bytes(at, 1), what + " at byte " + at + " has version " + v
                + ", which the specification does not define here");
    }

    /**
     * Reads and records the lookup3 checksum that ends a structure starting at absolute
     * byte {@code from}; a mismatch goes to {@code problems} (reading goes on: the fields
     * are still worth seeing, and h5check reports and continues too).
     */
    public static void checksum(FieldReader r, long from, String key, java.util.function.Consumer<Diagnostic> problems, String what) {
        long at = r.byteOffset();
        r.need(32, "the checksum of " + what);
        int computed = Lookup3.of(r.source(), from, (int) (at - from));
        // the computed value goes with the stored one, so the meaning stays the same for every file
        long stored = Integer.toUnsignedLong(r.i32le(key, -1, "checksum", v -> Integer.toUnsignedString((int) v)
                + ((int) v == computed ? " (matches)" : " (bytes hash to " + Integer.toUnsignedString(computed) + ")"),
                "Jenkins lookup3 of the structure's bytes before it"));
        if ((int) stored != computed) {
            problems.accept(Diagnostic.error(Span.bytes(at, 4), StructureRules.CHECKSUM_MISMATCH, what + " at byte " + from
                    + ": stored checksum " + stored + " but its " + (at - from) + " bytes hash to " + Integer.toUnsignedString(computed)));
        }
    }

    static String ascii(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(x >= 32 && x < 127 ? (char) x : '.');
        return sb.toString();
    }

    /** A NUL-terminated name of at most {@code max} bytes at absolute {@code at}; null when no NUL is found. */
    public String cString(long at, long max) {
        long end = Math.min(source.size(), at + max);
        for (long p = at; p < end; p++) {
            if (source.u8(p) == 0) return new String(source.bytes(at, (int) (p - at)), StandardCharsets.UTF_8);
        }
        return null;
    }
}
