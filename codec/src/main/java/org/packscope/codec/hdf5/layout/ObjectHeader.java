package org.packscope.codec.hdf5.layout;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;

/**
 * An object header (format specification, section IV.A), version 1 or 2 ("OHDR"), with
 * its continuation chunks (version 2: "OCHK"): the list of messages that describe one
 * group, dataset or named datatype. Every message's place is kept; what it says is read
 * by {@link Messages} when asked. Damage ends the chunk it is in, never the header:
 * messages read before it stay.
 */
public record ObjectHeader(long address, int version, boolean creationOrder, List<Message> messages) {

    /** One message: its type, flags and size, where its header and its body start (absolute), in which chunk. */
    public record Message(int type, int flags, int size, long headerAt, long bodyAt, int chunk) {
        public Span span() { return Span.bytes(headerAt, bodyAt - headerAt + size); }
    }

    /** Chunks a header may have before PackScope stops following continuations (real files have a few). */
    static final int MAX_CHUNKS = 10_000;

    /** The first message of {@code type}, or null. */
    public Message first(int type) {
        for (Message m : messages) if (m.type == type) return m;
        return null;
    }

    /** Reads message {@code m}'s fields into {@code n} (may be null): its decoded value, or null. */
    public Object decode(FileContext c, Message m, Node n) {
        return Messages.read(c, m, version == 2, creationOrder, n);
    }

    public List<Message> all(int type) {
        return messages.stream().filter(m -> m.type == type).toList();
    }

    /**
     * Reads the header at relative {@code address}, recording its prefix and chunk fields
     * on {@code n} (may be null) and diagnosing there what is wrong; throws only when not
     * even its first chunk can be read.
     */
    public static ObjectHeader read(FileContext c, long address, Node n, Consumer<Diagnostic> problems, String what) {
        c.requireInFile(address, 16, null, "the object header of " + what);
        FieldReader r = c.reader(address, n);
        boolean v2 = c.source().has(c.abs(address), 4) && c.source().i32le(c.abs(address)) == 0x5244484f;
        List<Message> messages = new ArrayList<>();
        List<long[]> continuations = new ArrayList<>();
        long expected = -1;
        int version;
        boolean creationOrder = false;
        if (v2) {
            FileContext.signature(r, "OHDR", "ohdr.signature", "version 2 object header");
            version = FileContext.version(r, "ohdr.version", "object header", 2);
            int flags = r.u8("ohdr.flags", "flags", "bits 0-1: width of chunk 0's size; 2: creation order tracked; 4: phase change values; 5: times");
            creationOrder = (flags & 0x04) != 0;
            if ((flags & 0x20) != 0) {
                r.u32le("ohdr.access_time", "access time", "seconds since 1970");
                r.u32le("ohdr.modification_time", "modification time", "seconds since 1970");
                r.u32le("ohdr.change_time", "change time", "seconds since 1970");
                r.u32le("ohdr.birth_time", "birth time", "seconds since 1970");
            }
            if ((flags & 0x10) != 0) {
                r.u16le("ohdr.max_compact", "maximum compact attributes", "more attributes than this go to dense storage");
                r.u16le("ohdr.min_dense", "minimum dense attributes", "fewer attributes than this go back to the header");
            }
            long sizeAt = r.byteOffset();
            long size = FileContext.uint(r, 1 << (flags & 3), "ohdr.chunk0_size", -1, "size of chunk 0", "bytes of messages in the first chunk");
            long start = r.byteOffset();
            if (size < 0 || !c.source().has(start, size + 4)) {
                throw ReadProblem.at(Hdf5Rules.OBJECT_HEADER_TOO_LARGE, Span.bytes(sizeAt, start - sizeAt), what + ": the object header at byte "
                        + c.abs(address) + " claims " + Long.toUnsignedString(size) + " bytes of messages but only "
                        + Math.max(0, c.source().size() - start - 4) + " bytes follow");
            }
            readMessages(c, r, start, start + size, 0, true, creationOrder, messages, continuations, n, problems, what);
            r.seekByte(start + size);
            FileContext.checksum(r, c.abs(address), "ohdr.checksum", problems, "the object header of " + what);
        } else {
            version = FileContext.version(r, "ohdr.version", "object header", 1);
            r.u8("ohdr.reserved", "reserved", "zero");
            expected = r.u16le("ohdr.message_count", "number of messages", "messages in all chunks of this header");
            r.u32le("ohdr.reference_count", "object reference count", "hard links to this object");
            long sizeAt = r.byteOffset();
            long size = r.u32le("ohdr.chunk0_size", "header size", "bytes of messages in the first chunk");
            r.u32le("ohdr.reserved", "reserved", "padding to an 8-byte boundary");
            long start = r.byteOffset();
            if (!c.source().has(start, size)) {
                throw ReadProblem.at(Hdf5Rules.OBJECT_HEADER_TOO_LARGE, Span.bytes(sizeAt, 4), what + ": the object header at byte "
                        + c.abs(address) + " claims " + size + " bytes of messages but only "
                        + Math.max(0, c.source().size() - start) + " bytes follow");
            }
            readMessages(c, r, start, start + size, 0, false, false, messages, continuations, n, problems, what);
        }
        // most headers have no continuation: no set for them (a check reads 50,000 such headers)
        Set<Long> seen = continuations.isEmpty() ? Set.of() : new HashSet<>();
        if (!continuations.isEmpty()) seen.add(c.abs(address));
        for (int k = 0; k < continuations.size(); k++) {
            long[] cont = continuations.get(k);
            long at = cont[0];
            long length = cont[1];
            Message from = messages.stream().filter(m -> m.type == Messages.CONTINUATION && m.bodyAt == cont[2]).findFirst().orElse(null);
            Span where = from == null ? null : from.span();
            try {
                if (k >= MAX_CHUNKS) throw ReadProblem.at(StructureRules.BAD_COUNT, where, what + ": more than " + MAX_CHUNKS + " header chunks");
                c.requireInFile(at, length, where, what + ": continuation chunk " + (k + 1));
                if (!seen.add(c.abs(at))) {
                    throw ReadProblem.at(Hdf5Rules.CYCLE, where, what + ": continuation chunk " + (k + 1) + " at byte " + c.abs(at)
                            + " was already read for this header; not read again");
                }
                FieldReader cr = c.reader(at, null);
                long abs = c.abs(at);
                if (v2) {
                    cr = new FieldReader(c.source(), abs * 8, (abs + length) * 8, n == null ? null : new NodeRecorder(n));
                    FileContext.signature(cr, "OCHK", "ochk.signature", "object header continuation chunk");
                    if (length < 8) throw ReadProblem.at(StructureRules.BAD_MESSAGE, where, what + ": a continuation chunk of " + length + " bytes");
                    readMessages(c, cr, abs + 4, abs + length - 4, k + 1, true, creationOrder, messages, continuations, n, problems, what);
                    cr.seekByte(abs + length - 4);
                    FileContext.checksum(cr, abs, "ochk.checksum", problems, "continuation chunk " + (k + 1) + " of " + what);
                } else {
                    readMessages(c, cr, abs, abs + length, k + 1, false, false, messages, continuations, n, problems, what);
                }
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }
        if (expected >= 0 && expected != messages.size()) {
            problems.accept(Diagnostic.error(Span.bytes(c.abs(address) + 2, 2), StructureRules.BAD_COUNT, what + ": the object header says it has "
                    + expected + " messages but its chunks hold " + messages.size()));
        }
        return new ObjectHeader(address, version, creationOrder, List.copyOf(messages));
    }

    /** Reads message headers in [{@code from}, {@code to}); a message that overruns ends the chunk with a diagnostic. */
    private static void readMessages(FileContext c, FieldReader r, long from, long to, int chunk, boolean v2, boolean creationOrder,
                                     List<Message> out, List<long[]> continuations, Node n, Consumer<Diagnostic> problems, String what) {
        int headerSize = v2 ? (creationOrder ? 6 : 4) : 8;
        long at = from;
        while (to - at >= headerSize) {
            int type;
            int size;
            int flags;
            if (v2) {
                type = c.source().u8(at);
                size = c.source().u16le(at + 1);
                flags = c.source().u8(at + 3);
            } else {
                type = c.source().u16le(at);
                size = c.source().u16le(at + 2);
                flags = c.source().u8(at + 4);
            }
            long body = at + headerSize;
            if (size > to - body) {
                {
                    problems.accept(Diagnostic.error(Span.bytes(at, headerSize), StructureRules.BAD_MESSAGE, what + ": message "
                            + out.size() + " (type " + type + ") at byte " + at + " claims " + size + " bytes but its chunk has "
                            + (to - body) + " left; the rest of the chunk is not read"));
                }
                return;
            }
            Message m = new Message(type, flags, size, at, body, chunk);
            out.add(m);
            if (type == Messages.CONTINUATION && size >= c.offsetSize() + c.lengthSize()) {
                long addr = FileContext.uintAt(c.source(), body, c.offsetSize());
                long len = FileContext.uintAt(c.source(), body + c.offsetSize(), c.lengthSize());
                continuations.add(new long[] {FileContext.allOnes(addr, c.offsetSize()) ? FileContext.UNDEFINED : addr, len, body});
            }
            at = body + size;
        }
        if (at < to && n != null && r.recording()) {
            r.recordSpan("ohdr.gap", chunk, "gap", at, to, (to - at) + " bytes", "too few bytes for another message: left unused");
        }
    }
}
