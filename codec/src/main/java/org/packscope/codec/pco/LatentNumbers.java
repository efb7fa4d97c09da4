package org.packscope.codec.pco;

/**
 * What a latent of a chunk's latent variable stands for, as a number a person reads:
 * a number of the file's type where the latent is one (Classic, no delta), a signed
 * delta for delta-encoded latents, and otherwise what the mode makes of it (multiple,
 * ULP adjustment, dictionary entry, lookback distance). Used by the metadata parser to
 * show bin bounds and by the bin tables.
 */
final class LatentNumbers {
    private LatentNumbers() { }

    static Object number(ChunkMeta m, LatentVar v, long latent) {
        NumberType t = m.type();
        long l = latent & v.mask();
        if (v.role() == LatentVar.Role.DELTA) return l;
        DeltaEncoding d = m.deltaFor(v.role());
        if (!(d instanceof DeltaEncoding.None)) {
            long mid = 1L << (v.bits() - 1);
            long c = l - mid;
            return v.bits() == 64 ? (Object) c : (Object) ((c << (64 - v.bits())) >> (64 - v.bits()));
        }
        Mode mode = m.mode();
        if (v.role() == LatentVar.Role.PRIMARY) {
            if (mode instanceof Mode.Classic) return typed(t, t.fromLatent(l));
            if (mode instanceof Mode.IntMult im) return typed(t, t.fromLatent(l * im.base()));
            if (mode instanceof Mode.FloatMult fm) {
                return Floats.toDouble(t, t.fromLatent(Floats.floatMultLatent(t, t.fromLatent(fm.baseLatent()), l, -t.mid())));
            }
            if (mode instanceof Mode.FloatQuant fq) return Floats.toDouble(t, t.fromLatent(l << fq.k()));
            if (mode instanceof Mode.Dict dm) {
                return l < dm.dict().length ? typed(t, t.fromLatent(dm.dict()[(int) l])) : (Object) l;
            }
        } else {
            if (mode instanceof Mode.FloatMult) {
                long mid = t.mid();
                return t.bits == 64 ? l - mid : ((l - mid) << (64 - t.bits)) >> (64 - t.bits);
            }
        }
        return l < 0 ? (Object) Long.toUnsignedString(l) : (Object) l;
    }

    private static Object typed(NumberType t, long raw) {
        if (t.isFloat()) return Floats.toDouble(t, raw);
        if (!t.isSigned() && raw < 0) return Long.toUnsignedString(raw);
        return raw;
    }
}
