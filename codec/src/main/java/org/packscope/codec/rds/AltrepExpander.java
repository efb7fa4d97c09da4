package org.packscope.codec.rds;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.packscope.codec.io.ByteSource;

/**
 * Expands the ALTREP classes whose serialized state fully determines their values:
 * compact_intseq / compact_realseq (state = n, start, step; values computed when read),
 * deferred_string over an integer or double vector (state = the vector and a scipen setting) and the wrap_* classes
 * (state = the pair (vector, metadata)). The expansion is written out as an ordinary
 * serialized vector in a small stream of its own and read by the same parser, so its
 * nodes carry real spans (in that stream). Anything else is left alone, with a reason.
 */
final class AltrepExpander {
    /** Largest deferred-string expansion made (strings, some 32 bytes each held): within the memory budget. */
    static final long MAX_ELEMENTS = RdsUnwrapper.DEFAULT_LIMIT / 32;

    /** The expansion and the stream it lives in, or a reason it was not made. */
    record Result(RItem item, ByteSource source, String problem) {
        static Result no(String why) { return new Result(null, null, why); }
    }

    private AltrepExpander() { }

    static Result expand(RItem.Altrep a, ByteSource data) {
        String cls = a.className();
        if (cls == null) return Result.no("its class is unreadable");
        RItem state = RItem.resolve(a.state());
        switch (cls) {
            case "compact_intseq", "compact_realseq": {
                if (!(state instanceof RItem.Vector v) || v.type() != RFlags.REALSXP || v.length() != 3) {
                    return Result.no("its state should be a double vector (n, start, step)");
                }
                double n = v.doubleAt(0), start = v.doubleAt(1), step = v.doubleAt(2);
                if (!(n >= 0 && n == Math.floor(n))) return Result.no("its length " + n + " is not a whole number");
                if (n > Integer.MAX_VALUE) return Result.no("it stands for " + (long) n + " elements, a long vector");
                // values are computed when read: the sequence is never held
                ByteSource seq = new CompactSequenceSource("expanded ALTREP " + cls + " at byte " + a.offset(),
                        cls.equals("compact_intseq"), (long) n, start, step);
                RdsStream s = RdsParser.parseHere(seq);
                return s.root() instanceof RItem.Vector && s.diagnostics().isEmpty()
                        ? new Result(s.root(), seq, null) : Result.no("its expansion could not be read back");
            }
            case "deferred_string": {
                // state: CONS(the vector, scipen); its strings are what as.character() makes of it
                RItem.PairList pl = state instanceof RItem.PairList p && !p.cells().isEmpty() ? p : null;
                RItem arg = pl == null ? null : RItem.resolve(pl.cells().get(0).car());
                if (!(arg instanceof RItem.Vector v) || (v.type() != RFlags.INTSXP && v.type() != RFlags.REALSXP)) {
                    return Result.no("only deferred strings of integer or double vectors are expanded");
                }
                if (v.length() > MAX_ELEMENTS) return Result.no("it stands for " + v.length() + " strings");
                int scipen = RItem.resolve(pl.tail()) instanceof RItem.Vector sp && sp.type() == RFlags.INTSXP
                        && sp.length() >= 1 && sp.intAt(0) != Integer.MIN_VALUE ? sp.intAt(0) : 0;
                XdrBytes out = XdrBytes.stream().i32(RFlags.STRSXP).i32((int) v.length());
                for (long i = 0; i < v.length(); i++) {
                    String text = v.type() == RFlags.INTSXP
                            ? (v.intAt(i) == Integer.MIN_VALUE ? null : Integer.toString(v.intAt(i)))
                            : RNumberText.asCharacter(v.longBitsAt(i), scipen);
                    if (text == null) out.i32(RFlags.CHARSXP).i32(-1);
                    else out.ascii(text);
                }
                return out.parse(cls, a.offset());
            }
            default:
                if (cls.startsWith("wrap_")) {
                    // R writes the state as a pairlist (CONS(vector, metadata)); a list is taken too
                    RItem first = null;
                    if (state instanceof RItem.PairList pl && !pl.cells().isEmpty()) first = pl.cells().get(0).car();
                    if (state instanceof RItem.Elements e && e.type() == RFlags.VECSXP && !e.elements().isEmpty()) {
                        first = e.elements().get(0);
                    }
                    RItem x = first == null ? null : RItem.resolve(first);
                    if (x instanceof RItem.Vector || x instanceof RItem.Elements) return new Result(x, data, null);
                    return Result.no("its state should be the pair (vector, metadata)");
                }
                return Result.no("class " + cls + " is not one whose values follow from its state");
        }
    }

    /** A tiny XDR stream writer for expansions. */
    private static final class XdrBytes {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        static XdrBytes stream() {
            XdrBytes b = new XdrBytes();
            b.out.writeBytes("X\n".getBytes(StandardCharsets.US_ASCII));
            return b.i32(3).i32(0).i32(0).i32(5).raw("UTF-8".getBytes(StandardCharsets.US_ASCII));
        }

        XdrBytes i32(int v) {
            out.write(v >>> 24);
            out.write(v >>> 16);
            out.write(v >>> 8);
            out.write(v);
            return this;
        }

        XdrBytes raw(byte[] b) {
            out.writeBytes(b);
            return this;
        }

        XdrBytes ascii(String s) {
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            return i32(RFlags.CHARSXP | RFlags.ASCII_MASK << 12).i32(b.length).raw(b);
        }

        Result parse(String cls, long at) {
            ByteSource src = ByteSource.of(out.toByteArray(), "expanded ALTREP " + cls + " at byte " + at);
            RdsStream s = RdsParser.parseHere(src);
            return s.root() == null || !s.diagnostics().isEmpty()
                    ? Result.no("its expansion could not be read back") : new Result(s.root(), src, null);
        }
    }
}
