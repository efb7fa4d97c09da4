package org.packscope.codec.rds;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * Reads an XDR serialization stream (what saveRDS writes inside its gzip/xz wrapper)
 * into {@link RItem}s, byte-compiled code included. Reading stops at the first item it
 * cannot size (unknown type, truncation, a length larger than the bytes left, nesting
 * beyond {@link #MAX_DEPTH}, more items than the memory budget holds): that item becomes
 * a {@link RItem.Broken} and everything read before it is kept. Never throws.
 */
public final class RdsParser {

    /**
     * Nesting limit: deeper streams are a {@code too_deep} error rather than a risk to the
     * stack (nesting is followed by recursion, on a thread of its own with a deep stack).
     */
    static final int MAX_DEPTH = 5000;
    private static final int UNUSED_FLAG_BITS = 0xF0000800;
    /** Stack for the reading thread: nesting is followed by recursion, MAX_DEPTH needs a few MB. */
    private static final long STACK_BYTES = 64L << 20;

    /**
     * Items held per stream (each costs a record or two, about 100 bytes): the share of
     * the per-open memory budget that item records may take.
     */
    static final long MAX_ITEMS = RdsUnwrapper.DEFAULT_LIMIT / 100;

    private final ByteSource src;
    private final long maxItems;
    private long items;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final List<RItem> refs = new ArrayList<>();
    /** The reader whose position is where the next item (or word) is read. */
    private final FieldReader in;
    private int depth;
    private boolean stopped;
    private String stopRule = RItem.Broken.NOT_READ;
    private Charset nativeCharset = StandardCharsets.UTF_8;

    private RdsParser(ByteSource src) {
        this(src, MAX_ITEMS);
    }

    private RdsParser(ByteSource src, long maxItems) {
        this.src = src;
        this.maxItems = maxItems;
        this.in = new FieldReader(src, 0, Recorder.NONE);
    }

    /** Parses holding at most {@code maxItems} item records (a smaller budget, for tests). */
    static RdsStream parse(ByteSource src, long maxItems) {
        return new RdsParser(src, maxItems).run();
    }

    /** Parses on the calling thread (for small streams made by this package). */
    static RdsStream parseHere(ByteSource src) {
        return new RdsParser(src).run();
    }

    public static RdsStream parse(ByteSource src) {
        return onDeepStack(() -> new RdsParser(src).run(), why -> new RdsStream(src, null, null,
                List.of(Diagnostic.error(null, RdsRules.UNREADABLE, "the stream could not be read (" + why + ")")), 0));
    }

    /**
     * Runs {@code work} on a thread with a stack deep enough for {@link #MAX_DEPTH} levels
     * of nesting (the ASCII rewrite and the parser follow nesting by recursion); what it
     * throws becomes {@code onFailure}'s answer, given the failure's class name.
     */
    static <T> T onDeepStack(java.util.function.Supplier<T> work, java.util.function.Function<String, T> onFailure) {
        Object[] out = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                out[0] = work.get();
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                failure[0] = e;
            }
        }, "rds-parser", STACK_BYTES);
        t.setDaemon(true);
        t.start();
        if (ParallelTasks.joinUninterruptibly(t, () -> { })) Thread.currentThread().interrupt();
        if (failure[0] == null) {
            @SuppressWarnings("unchecked") T result = (T) out[0];
            return result;
        }
        return onFailure.apply(failure[0].getClass().getSimpleName());
    }

    private RdsStream run() {
        RdsHeader header = RdsHeader.read(in, false, diagnostics::add);
        if (header == null) return new RdsStream(src, null, null, diagnostics, pos());
        nativeCharset = header.nativeCharset();
        RItem root = readItem();
        if (!stopped && pos() < src.size()) {
            diagnostics.add(Diagnostic.warning(Span.bytes(pos(), src.size() - pos()), RdsRules.TRAILING_BYTES,
                    (src.size() - pos()) + " bytes follow the serialized object; saveRDS writes nothing after it"));
        }
        return new RdsStream(src, header, root, diagnostics, pos());
    }

    // ------------------------------------------------------------------ items

    private RItem readItem() {
        long off = pos();
        if (stopped) return new RItem.Broken(off, off, null, RItem.Broken.NOT_READ);
        if (depth >= MAX_DEPTH) {
            return stop(off, null, RdsRules.TOO_DEEP, "items are nested more than " + MAX_DEPTH + " deep");
        }
        if (++items > maxItems) {
            return stop(off, null, RdsRules.TOO_LARGE_TO_HOLD, "the object has more than " + maxItems
                    + " items, more than PackScope holds in memory for one file; the rest is not read");
        }
        depth++;
        RFlags flags = null;
        try {
            flags = new RFlags(readInt());
            if (flags.type() != RFlags.REFSXP && (flags.word() & UNUSED_FLAG_BITS) != 0) {
                // R packs type, object/attr/tag bits and 16 level bits: bits 11 and 28-31 are always 0
                diagnostics.add(Diagnostic.warning(Span.bytes(off, 4), RdsRules.UNEXPECTED_FLAG_BITS, String.format(
                        "flags %s set bits R never writes (%08x) (byte %d)", flags.hex(), flags.word() & UNUSED_FLAG_BITS, off)));
            }
            return readBody(off, flags);
        } catch (OutOfRangeException e) {
            return truncated(e.offset(), e.offset() + e.length(), off, flags);
        } catch (ReadProblem e) {
            // a word of the stream read past its end: the reader reads 4 bytes at a time
            long at = e.diagnostic().span().byteOffset();
            return truncated(at, at + 4, off, flags);
        } finally {
            depth--;
        }
    }

    private RItem truncated(long at, long needs, long off, RFlags flags) {
        return stop(at, off, flags, RdsRules.TRUNCATED, "the stream ends inside this " + (flags == null ? "item" : flags.typeName())
                + " (started at byte " + off + "; needs byte " + needs + ", has " + src.size() + ")");
    }

    private RItem readBody(long off, RFlags f) {
        int t = f.type();
        switch (t) {
            case RFlags.NILVALUE_SXP, RFlags.EMPTYENV_SXP, RFlags.BASEENV_SXP, RFlags.GLOBALENV_SXP,
                 RFlags.UNBOUNDVALUE_SXP, RFlags.MISSINGARG_SXP, RFlags.BASENAMESPACE_SXP:
                return new RItem.Singleton(off, pos(), f);
            case RFlags.REFSXP: {
                long idxOff = off;
                int idx = f.packedRefIndex();
                if (idx == 0) {
                    idxOff = pos();
                    idx = readInt();
                }
                // an entry still null is an environment (or external pointer) being read: a valid self-reference
                if (idx < 1 || idx > refs.size()) {
                    error(idxOff, RdsRules.BAD_REFERENCE, "reference " + idx + " points outside the "
                            + refs.size() + " symbols/environments read so far");
                }
                return new RItem.Ref(off, pos(), f, idxOff, idx, refs);
            }
            case RFlags.SYMSXP: {
                RItem name = readItem();
                if (!stopped && !(name instanceof RItem.Chars)) {
                    error(name.offset(), RdsRules.BAD_SYMBOL_NAME, "a symbol's name must be a CHARSXP, found " + typeOf(name));
                }
                RItem.Symbol s = new RItem.Symbol(off, pos(), f, name, refs.size() + 1);
                refs.add(s);
                return s;
            }
            case RFlags.PERSISTSXP, RFlags.NAMESPACESXP, RFlags.PACKAGESXP: {
                List<RItem> strings = readStringVec(off);
                RItem.Composite c = new RItem.Composite(off, pos(), f, null, strings, null);
                refs.add(c);
                return c;
            }
            case RFlags.ENVSXP: {
                int refIndex = refs.size() + 1;
                refs.add(null); // R registers the environment before reading its contents
                int locked = readInt();
                List<RItem> parts = new ArrayList<>(3);
                for (int i = 0; i < 3 && !stopped; i++) parts.add(readItem());
                RItem attrib = stopped ? null : readItem();
                RItem.Environment env = new RItem.Environment(off, pos(), f, locked, parts, attrib, refIndex);
                refs.set(refIndex - 1, env);
                return env;
            }
            case RFlags.LISTSXP, RFlags.LANGSXP, RFlags.CLOSXP, RFlags.PROMSXP, RFlags.DOTSXP,
                 RFlags.ATTRLANGSXP, RFlags.ATTRLISTSXP:
                return readPairList(off, f);
            case RFlags.ALTREP_SXP: {
                RItem info = readItem();
                RItem state = readItem();
                RItem attr = readItem();
                RItem.Altrep a = new RItem.Altrep(off, pos(), f, info, state, attr, null, null);
                if (stopped) return a;
                AltrepExpander.Result r = AltrepExpander.expand(a, src);
                Span span = Span.bytes(off, pos() - off);
                if (r.item() == null) {
                    diagnostics.add(Diagnostic.warning(span, RdsRules.ALTREP_NOT_EXPANDED, "ALTREP object of class "
                            + a.className() + " is shown as stored, not expanded: " + r.problem() + " (byte " + off + ")"));
                    return a;
                }
                diagnostics.add(RdsRules.ALTREP_EXPANDED.at(span, "ALTREP object of class "
                        + a.className() + " expanded from its state (byte " + off + ")"));
                return new RItem.Altrep(off, pos(), f, info, state, attr, r.item(), r.source());
            }
            case RFlags.BCODESXP:
                return readByteCode(off, f);
            case RFlags.BCREPDEF:
                return stop(off, f, RdsRules.UNSUPPORTED_ITEM, "BCREPDEF occurs only inside byte code's constants"
                        + " (R refuses it elsewhere too)");
            case RFlags.CLASSREFSXP, RFlags.GENERICREFSXP:
                return stop(off, f, RdsRules.UNSUPPORTED_ITEM, f.typeName() + " cannot occur in a valid stream (R refuses it too)");
            default:
                return readVectorLike(off, f);
        }
    }

    // ------------------------------------------------------------------ byte code

    /**
     * BCODESXP (a closure compiled by R's compiler): the number of shared language cells,
     * then the code (an integer vector) and its constant pool, then attributes. Read as
     * R's ReadBC does, so that everything after it is read too.
     */
    private RItem readByteCode(long off, RFlags f) {
        long repsOff = pos();
        int reps = readInt();
        if (reps < 0 || reps > src.size() - pos()) {
            return stop(repsOff, off, f, RdsRules.BAD_LENGTH, "byte code claims " + reps + " shared language cells");
        }
        RItem.Composite bc = readByteCodeBody(off, f, reps);
        if (stopped || !f.hasAttributes()) return bc;
        RItem attr = readItem();
        return new RItem.Composite(off, pos(), f, null, bc.parts(), attr);
    }

    /** One byte code object: code, then the constants, each behind its type word. */
    private RItem.Composite readByteCodeBody(long off, RFlags f, int reps) {
        List<RItem> parts = new ArrayList<>();
        if (!enter()) {
            parts.add(stop(off, f, RdsRules.TOO_DEEP, "items are nested more than " + MAX_DEPTH + " deep"));
            return new RItem.Composite(off, pos(), f, null, parts, null);
        }
        try {
            parts.add(readItem());
            long nOff = pos();
            int n = stopped ? 0 : readInt();
            if (n < 0 || n > (src.size() - pos()) / 4) {
                parts.add(stop(nOff, nOff, null, RdsRules.BAD_LENGTH, "the byte code's constant pool claims " + n + " constants"));
                n = 0;
            }
            for (int i = 0; i < n && !stopped; i++) {
                long typeOff = pos();
                int type = readInt();
                if (type == RFlags.BCODESXP) parts.add(readByteCodeBody(typeOff, new RFlags(type), reps));
                else if (isByteCodeLanguage(type)) parts.add(readByteCodeLanguage(type, typeOff, reps));
                else parts.add(readItem());
            }
            return new RItem.Composite(off, pos(), f, null, parts, null);
        } finally {
            depth--;
        }
    }

    private static boolean isByteCodeLanguage(int type) {
        return type == RFlags.LANGSXP || type == RFlags.LISTSXP || type == RFlags.BCREPDEF || type == RFlags.BCREPREF
                || type == RFlags.ATTRLANGSXP || type == RFlags.ATTRLISTSXP;
    }

    /**
     * A language object in a constant pool: cells written as type word, [BCREPDEF index],
     * [attributes], tag, then CAR and CDR each behind a type word of their own
     * (0 then an ordinary item for anything that is not a cell). The chain of CDRs is
     * followed in a loop; a BCREPREF repeats a cell defined earlier by index.
     */
    private RItem readByteCodeLanguage(int type, long typeOff, int reps) {
        if (type == RFlags.BCREPREF) {
            long idxOff = pos();
            int idx = readInt();
            if (idx < 0 || idx >= reps) {
                error(idxOff, RdsRules.BAD_REFERENCE, "shared language cell " + idx + " is outside the " + reps + " the byte code declares");
            }
            return new RItem.Composite(typeOff, pos(), new RFlags(type), null, List.of(), null);
        }
        if (!isByteCodeLanguage(type)) return readItem(); // the type word was padding (0)
        if (!enter()) return stop(typeOff, null, RdsRules.TOO_DEEP, "items are nested more than " + MAX_DEPTH + " deep");
        try {
            long first = typeOff;
            RFlags firstFlags = null;
            List<RItem.Cell> cells = new ArrayList<>();
            RItem tail;
            while (true) {
                if (type == RFlags.BCREPDEF) {
                    long idxOff = pos();
                    int idx = readInt();
                    if (idx < 0 || idx >= reps) {
                        error(idxOff, RdsRules.BAD_REFERENCE, "shared language cell " + idx + " is outside the " + reps + " the byte code declares");
                    }
                    type = readInt();
                }
                boolean hasAttr = type == RFlags.ATTRLANGSXP || type == RFlags.ATTRLISTSXP;
                RFlags cf = new RFlags(type == RFlags.ATTRLANGSXP ? RFlags.LANGSXP : type == RFlags.ATTRLISTSXP ? RFlags.LISTSXP : type);
                if (firstFlags == null) firstFlags = cf;
                RItem attr = hasAttr ? readItem() : null;
                RItem tag = stopped ? null : readItem();
                RItem car = null;
                if (!stopped) {
                    long carOff = pos();
                    car = readByteCodeLanguage(readInt(), carOff, reps);
                }
                cells.add(new RItem.Cell(typeOff, pos(), cf, attr, RItem.resolve(tag) instanceof RItem.Singleton ? null : tag, car));
                if (stopped) {
                    tail = null;
                    break;
                }
                long cdrOff = pos();
                int cdrType = readInt();
                if (isByteCodeLanguage(cdrType) && cdrType != RFlags.BCREPREF) {
                    type = cdrType;
                    typeOff = cdrOff;
                    continue;
                }
                tail = readByteCodeLanguage(cdrType, cdrOff, reps);
                break;
            }
            return new RItem.PairList(first, pos(), firstFlags, List.copyOf(cells), tail);
        } finally {
            depth--;
        }
    }

    /** One more level of nesting; false (and nothing changed) when that would pass {@link #MAX_DEPTH}. */
    private boolean enter() {
        if (depth >= MAX_DEPTH) return false;
        depth++;
        return true;
    }

    /** Types whose attributes follow their payload. */
    private RItem readVectorLike(long off, RFlags f) {
        int t = f.type();
        switch (t) {
            case RFlags.CHARSXP: {
                long lenOff = pos();
                int n = readInt();
                String value = null;
                if (n == -1) {
                    // NA_character_
                } else if (n < 0) {
                    return stop(lenOff, off, f, RdsRules.BAD_LENGTH, "a CHARSXP length of " + n + " is impossible (-1 is NA)");
                } else if (!src.has(pos(), n)) {
                    return stop(lenOff, off, f, RdsRules.LENGTH_EXCEEDS_DATA, "the string claims " + n + " bytes but "
                            + Math.max(0, src.size() - pos()) + " are left");
                } else {
                    value = ItemLists.decode(src.bytes(pos(), n), f.charEncoding(), nativeCharset);
                    seek(pos() + n);
                }
                RItem attr = f.hasAttributes() ? readItem() : null;
                return new RItem.Chars(off, pos(), f, n, value, f.charEncoding(), attr);
            }
            case RFlags.LGLSXP, RFlags.INTSXP, RFlags.REALSXP, RFlags.CPLXSXP, RFlags.RAWSXP: {
                long lenOff = pos();
                long n = readLength(off, f);
                if (n < 0) return broken(off, f);
                long bytes = n * RItem.Vector.elementSize(t);
                if (!src.has(pos(), bytes)) {
                    return stop(lenOff, off, f, RdsRules.LENGTH_EXCEEDS_DATA, f.typeName() + " claims " + n + " elements ("
                            + bytes + " bytes) but " + Math.max(0, src.size() - pos()) + " bytes are left");
                }
                long data = pos();
                seek(pos() + bytes);
                RItem attr = f.hasAttributes() ? readItem() : null;
                return new RItem.Vector(off, pos(), f, lenOff, n, data, src, attr);
            }
            case RFlags.STRSXP, RFlags.VECSXP, RFlags.EXPRSXP: {
                long lenOff = pos();
                long n = readLength(off, f);
                if (n < 0) return broken(off, f);
                if (n > (src.size() - pos()) / 4) {
                    return stop(lenOff, off, f, RdsRules.LENGTH_EXCEEDS_DATA, f.typeName() + " claims " + n
                            + " elements but only " + Math.max(0, src.size() - pos()) + " bytes are left (each needs 4 or more)");
                }
                List<RItem> elements = t == RFlags.STRSXP ? readStrings(n) : readElements(n);
                RItem attr = f.hasAttributes() && !stopped ? readItem() : null;
                return new RItem.Elements(off, pos(), f, lenOff, n, elements, attr);
            }
            case RFlags.S4SXP: {
                RItem attr = f.hasAttributes() ? readItem() : null;
                return new RItem.S4(off, pos(), f, attr);
            }
            case RFlags.SPECIALSXP, RFlags.BUILTINSXP: {
                long lenOff = pos();
                int n = readInt();
                if (n < 0 || !src.has(pos(), n)) {
                    return stop(lenOff, off, f, RdsRules.LENGTH_EXCEEDS_DATA, "the primitive's name claims " + n + " bytes");
                }
                String name = new String(src.bytes(pos(), n), StandardCharsets.ISO_8859_1);
                seek(pos() + n);
                RItem attr = f.hasAttributes() ? readItem() : null;
                return new RItem.Composite(off, pos(), f, name, List.of(), attr);
            }
            case RFlags.EXTPTRSXP: {
                int refIndex = refs.size();
                refs.add(null);
                List<RItem> parts = new ArrayList<>(2);
                parts.add(readItem());
                if (!stopped) parts.add(readItem());
                RItem attr = f.hasAttributes() && !stopped ? readItem() : null;
                RItem.Composite c = new RItem.Composite(off, pos(), f, null, parts, attr);
                refs.set(refIndex, c);
                return c;
            }
            case RFlags.WEAKREFSXP: {
                int refIndex = refs.size();
                refs.add(null);
                RItem attr = f.hasAttributes() ? readItem() : null;
                RItem.Composite c = new RItem.Composite(off, pos(), f, null, List.of(), attr);
                refs.set(refIndex, c);
                return c;
            }
            default:
                return stop(off, f, RdsRules.UNKNOWN_ITEM_TYPE, String.format(
                        "flags %s name type %d, which is not an R serialization item type; reading stops here",
                        f.hex(), t));
        }
    }

    /**
     * A character vector's elements: plain CHARSXPs are only sized and skipped (their
     * text is read when asked); anything else is read as an item.
     */
    private List<RItem> readStrings(long n) {
        ItemLists.Strings out = new ItemLists.Strings(src, nativeCharset);
        for (long i = 0; i < n && !stopped; i++) {
            long at = pos();
            if (src.has(at, 8)) {
                int w = ItemLists.int32(src, at);
                int len = ItemLists.int32(src, at + 4);
                boolean plain = (w & 0xff) == RFlags.CHARSXP && (w & (UNUSED_FLAG_BITS | 0x200)) == 0;
                if (plain && (len == -1 || len >= 0 && src.has(at + 8, len))) {
                    out.addPlain(at);
                    seek(at + 8 + Math.max(0, len));
                    continue;
                }
            }
            out.addItem(readItem());
        }
        return out;
    }

    /** A list's elements; NULLs (one word each, often millions) are only counted. */
    private List<RItem> readElements(long n) {
        ItemLists.Sparse out = new ItemLists.Sparse(pos());
        for (long i = 0; i < n && !stopped; i++) {
            if (src.has(pos(), 4) && ItemLists.int32(src, pos()) == RFlags.NILVALUE_SXP) {
                seek(pos() + 4);
                out.addNull();
            } else {
                out.addItem(readItem());
            }
        }
        return out;
    }

    /** Pairlist-like chains, read iteratively along the CDRs so long lists cost no stack. */
    private RItem readPairList(long off, RFlags first) {
        ItemLists.Cells cells = new ItemLists.Cells(src);
        long cellOff = off;
        RFlags f = first;
        RItem tail = null;
        while (true) {
            long plainEnd = ItemLists.Cells.plainEnd(src, cellOff, UNUSED_FLAG_BITS);
            if (plainEnd >= 0) {
                // a cell of one attribute-free atomic vector: its place is all that is kept
                cells.addPlain(cellOff);
                seek(plainEnd);
            } else {
                RItem attr = f.hasAttributes() ? readItem() : null;
                RItem tag = f.hasTag() && !stopped ? readItem() : null;
                RItem car = stopped ? null : readItem();
                cells.addCell(new RItem.Cell(cellOff, pos(), f, attr, tag, car));
                if (stopped) break;
            }
            long next = pos();
            RFlags nf;
            if (!src.has(next, 4)) {
                tail = stop(next, next, null, RdsRules.TRUNCATED, "the stream ends where the rest of the pairlist should be");
                break;
            }
            nf = new RFlags(readInt());
            if (nf.type() == RFlags.LISTSXP || nf.type() == RFlags.ATTRLISTSXP) {
                cellOff = next;
                f = nf;
                continue;
            }
            seek(next);
            tail = readItem();
            break;
        }
        return new RItem.PairList(off, pos(), first, cells, tail);
    }

    private List<RItem> readStringVec(long off) {
        long zeroOff = pos();
        int zero = readInt();
        if (zero != 0) {
            stop(zeroOff, off, null, RdsRules.UNSUPPORTED_ITEM, "a persistent string vector must start with 0, found " + zero);
            return List.of();
        }
        long lenOff = pos();
        int n = readInt();
        if (n < 0 || n > (src.size() - pos()) / 4) {
            stop(lenOff, off, null, RdsRules.LENGTH_EXCEEDS_DATA, "the string vector claims " + n + " elements");
            return List.of();
        }
        List<RItem> out = new ArrayList<>();
        for (int i = 0; i < n && !stopped; i++) out.add(readItem());
        return out;
    }

    /** A vector length: an int, or -1 then two ints for a long vector. -1 when reading stopped. */
    private long readLength(long itemOff, RFlags f) {
        long lenOff = pos();
        int n = readInt();
        if (n >= 0) return n;
        if (n == -1) {
            long hi = readInt() & 0xffffffffL, lo = readInt() & 0xffffffffL;
            long len = hi << 32 | lo;
            stop(lenOff, itemOff, f, RdsRules.LONG_VECTOR_UNSUPPORTED, f.typeName() + " is a long vector ("
                    + len + " elements); long vectors are not supported");
            return -1;
        }
        stop(lenOff, itemOff, f, RdsRules.BAD_LENGTH, f.typeName() + " has a negative length " + n);
        return -1;
    }

    // ------------------------------------------------------------------ helpers

    /** The next big-endian int32 of the stream (a flags word, length, count or index). */
    private int readInt() {
        return in.i32be("int32");
    }

    private long pos() { return in.byteOffset(); }

    private void seek(long p) { in.seekByte(p); }

    private static String typeOf(RItem item) {
        return item.flags() == null ? "an unreadable item" : item.flags().typeName();
    }

    private RItem stop(long at, RFlags f, Rule rule, String message) {
        return stop(at, at, f, rule, message);
    }

    /** Records an error at {@code at} and ends reading; the item started at {@code itemOff}. */
    private RItem stop(long at, long itemOff, RFlags f, Rule rule, String message) {
        if (!stopped) {
            diagnostics.add(Diagnostic.error(Span.bytes(at, 0), rule, message + " (byte " + at + ")"));
            stopped = true;
            stopRule = rule.id();
        }
        return broken(itemOff, f, rule.id());
    }

    private RItem broken(long off, RFlags f) {
        return broken(off, f, stopRule);
    }

    private RItem broken(long off, RFlags f, String rule) {
        return new RItem.Broken(off, Math.max(off, Math.min(pos(), src.size())), f, rule);
    }

    private void error(long at, Rule rule, String message) {
        diagnostics.add(Diagnostic.errorAtByte(at, rule, message + " (byte " + at + ")"));
    }
}
