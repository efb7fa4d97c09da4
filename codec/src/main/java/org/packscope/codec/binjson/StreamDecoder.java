package org.packscope.codec.binjson;

import java.util.HashSet;
import java.util.Set;

/**
 * The whole-document decoder: walks the values depth-first with a {@link BjReader}
 * (which does every check and report) and turns them into {@link JsonEvents}.
 * N-D arrays come out as nested lists. One instance per decode.
 */
final class StreamDecoder {
    private final BjReader r;

    StreamDecoder(BjReader r) { this.r = r; }

    /** Decodes the value at p into events; returns the position after it. */
    long decode(long p, JsonEvents ev, int depth) {
        if (depth > BjReader.MAX_DEPTH) throw BjReader.tooDeep(p);
        Head h = r.at(p).readHead();
        switch (h.kind()) {
            case NULL -> ev.nullValue();
            case FALSE -> ev.boolValue(false);
            case TRUE -> ev.boolValue(true);
            case INT -> ev.intValue(Head.unzigzag(h.flex()));
            case FLOAT, FLOAT_AS_INT -> ev.floatValue(h.floatValue(), false);
            case F32 -> ev.floatValue(h.floatValue(), true);
            case STRING -> {
                if (h.badIndex()) ev.nullValue(); else ev.stringValue(r.strings.get(h.flex()));
            }
            case MAP -> {
                ev.startMap(h.count());
                long q = h.bodyStart();
                Set<String> keys = h.count() > 1 ? new HashSet<>() : null;
                int large = h.count() > BjReader.LARGE_CONTAINER ? 1 : 0;
                for (long i = 0; i < h.count(); i++) {
                    ev.key(r.at(q).readKey(keys));
                    r.insideLarge += large;
                    q = decode(r.pos(), ev, depth + 1);
                    r.insideLarge -= large;
                }
                r.checkSjLength(h, q);
                ev.endMap();
                return q;
            }
            case LIST -> {
                ev.startList(h.count());
                long q = h.bodyStart();
                int large = h.count() > BjReader.LARGE_CONTAINER ? 1 : 0;
                r.insideLarge += large;
                for (long i = 0; i < h.count(); i++) q = decode(q, ev, depth + 1);
                r.insideLarge -= large;
                r.checkSjLength(h, q);
                ev.endList();
                return q;
            }
            case NDARRAY -> {
                return decodeNd(h, ev);
            }
        }
        return h.bodyStart();
    }

    private long ndIndex;

    private long decodeNd(Head h, JsonEvents ev) {
        r.checkNdPadding(h);
        r.at(h.bodyStart());
        ndIndex = 0;
        r.resetIndexErrors();
        emitNest(h, 0, ev);
        if (h.nd().strings()) {
            long end = r.pos();
            r.reportIndexErrorTail(h);
            r.checkSjLength(h, end);
            return end;
        }
        return h.bodyStart() + h.nd().dataBytes();
    }

    private void emitNest(Head h, int level, JsonEvents ev) {
        long[] dims = h.nd().dims();
        long n = dims[level];
        ev.startList(n);
        if (level == dims.length - 1) {
            for (long i = 0; i < n; i++) emitLeaf(h, ev);
        } else {
            for (long i = 0; i < n; i++) emitNest(h, level + 1, ev);
        }
        ev.endList();
    }

    private void emitLeaf(Head h, JsonEvents ev) {
        long i = ndIndex++;
        switch (h.nd().elemType()) {
            case 0 -> {
                String s = r.ndString(i);
                if (s == null) ev.nullValue(); else ev.stringValue(s);
            }
            case 1 -> ev.boolValue(r.ndBool(h, i));
            case 2 -> ev.intValue(r.ndInt(h, i));
            default -> ev.floatValue(Double.longBitsToDouble(r.ndFloatBits(h, i)), false);
        }
    }
}
