package org.packscope.codec.inspect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * Exact statistics of the values read from a column: the minimum and maximum as the
 * stored values themselves (a 64-bit integer is never rounded through a double, so an
 * i64 timestamp of 1,719,999,998,997 prints as itself), the integer sum in 128 bits, so
 * the mean is the exact sum divided once, and float sums compensated (Neumaier). Gaps and
 * NaN/∞ are counted and left out.
 *
 * @param type      the column's type (how {@code rawMin}/{@code rawMax} read)
 * @param counted   values in the statistics
 * @param gaps      undecodable or missing values, left out
 * @param nonFinite NaN or ±∞ floats, left out
 * @param read      values read, gaps and NaN included
 * @param total     values the summary is about: {@code read < total} means an estimate
 * @param rawMin    the smallest value's bits (see {@link ValueType}); floats as f64 bits
 * @param rawMax    the largest value's bits
 * @param mean      the mean, rounded once to a double (NaN when nothing was counted)
 * @param undecodable the gaps that are values the reader could not decode (damage), not
 *                  values the data says are missing
 */
public record Summary(ValueType type, long counted, long gaps, long nonFinite, long read, long total,
                      long rawMin, long rawMax, double mean, long undecodable) {

    /** True when every value was read: otherwise these are estimates from {@link #read} values. */
    public boolean exact() { return read >= total; }

    public double min() { return counted == 0 ? Double.NaN : asDouble(rawMin); }

    public double max() { return counted == 0 ? Double.NaN : asDouble(rawMax); }

    /** The minimum as the column shows it ({@code —} when nothing was counted). */
    public String minText() { return counted == 0 ? "—" : text(rawMin); }

    public String maxText() { return counted == 0 ? "—" : text(rawMax); }

    private boolean isFloat() { return type.kind() == ValueType.Kind.FLOAT; }

    private double asDouble(long raw) { return isFloat() ? Double.longBitsToDouble(raw) : type.toDouble(raw); }

    private String text(long raw) {
        if (!isFloat()) return type.format(raw);
        double d = Double.longBitsToDouble(raw);
        // a value of a narrower float type prints as that type does, in its shortest form
        return type.byteWidth() < 8 ? Float.toString((float) d) : Double.toString(d);
    }

    /** Folds values in, in order; one per reader thread, or one reading pages in order. */
    public static final class Accumulator {
        private final ValueType type;
        private final boolean isFloat, unsigned64;
        private long counted, gaps, nonFinite, read, undecodable;
        // integers: extremes as raw values, the sum as a 128-bit two's complement number
        private long lo, hi, sumLo, sumHi;
        // floats: extremes and a compensated sum
        private double dlo = Double.POSITIVE_INFINITY, dhi = Double.NEGATIVE_INFINITY, sum, compensation;

        public Accumulator(ValueType type) {
            if (!type.numeric()) throw new IllegalArgumentException("not a numeric type");
            this.type = type;
            this.isFloat = type.kind() == ValueType.Kind.FLOAT;
            this.unsigned64 = type.kind() == ValueType.Kind.UINT && type.byteWidth() == 8;
        }

        /** Counts {@code n} values that are gaps because they could not be decoded (also call {@link #gaps}). */
        public void undecodable(long n) { undecodable += n; }

        /** Counts {@code n} values that are gaps. */
        public void gaps(long n) {
            gaps += n;
            read += n;
        }

        /** Adds one integer value (raw bits, normalised): its bits are the value. */
        public void addInteger(long v) {
            read++;
            boolean first = counted++ == 0;
            if (first || below(v, lo, unsigned64)) lo = v;
            if (first || below(hi, v, unsigned64)) hi = v;
            long next = sumLo + v;
            long carry = Long.compareUnsigned(next, sumLo) < 0 ? 1 : 0;
            sumLo = next;
            sumHi += carry + (unsigned64 ? 0 : v >> 63);
        }

        /**
         * Adds integer values {@code v[from..to)} (raw bits, normalised), as {@link #addInteger}
         * one by one would: a plot folds every value of a column through here, and kept in
         * locals the extremes and the 128-bit sum stay in registers (one loop per signedness).
         */
        public void addIntegers(long[] v, int from, int to) {
            if (from >= to) return;
            if (counted == 0) {
                addInteger(v[from++]);
                if (from == to) return;
            }
            long lo = this.lo, hi = this.hi, sLo = sumLo, sHi = sumHi;
            if (unsigned64) {
                for (int i = from; i < to; i++) {
                    long x = v[i];
                    if (Long.compareUnsigned(x, lo) < 0) lo = x;
                    if (Long.compareUnsigned(hi, x) < 0) hi = x;
                    long next = sLo + x;
                    sHi += Long.compareUnsigned(next, sLo) < 0 ? 1 : 0;
                    sLo = next;
                }
            } else {
                for (int i = from; i < to; i++) {
                    long x = v[i];
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                    long next = sLo + x;
                    sHi += (Long.compareUnsigned(next, sLo) < 0 ? 1 : 0) + (x >> 63);
                    sLo = next;
                }
            }
            this.lo = lo;
            this.hi = hi;
            sumLo = sLo;
            sumHi = sHi;
            read += to - from;
            counted += to - from;
        }

        /** Adds {@code count} copies of one integer value (a run known to be that value), exactly. */
        public void addIntegerRepeated(long v, long count) {
            if (count <= 0) return;
            addInteger(v);
            long rest = count - 1;
            if (rest == 0) return;
            read += rest;
            counted += rest;
            BigInteger value = unsigned64 ? new BigInteger(Long.toUnsignedString(v)) : BigInteger.valueOf(v);
            BigInteger sum = BigInteger.valueOf(sumHi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(sumLo)))
                    .add(value.multiply(BigInteger.valueOf(rest)));
            sumLo = sum.longValue();
            sumHi = sum.shiftRight(64).longValue();
        }

        /** Adds {@code count} copies of one float value; the sum takes their product once. */
        public void addFloatRepeated(double d, long count) {
            if (count <= 0) return;
            read += count;
            if (!Double.isFinite(d)) {
                nonFinite += count;
                return;
            }
            counted += count;
            if (d < dlo) dlo = d;
            if (d > dhi) dhi = d;
            double x = d * count;
            double t = sum + x;
            compensation += Math.abs(sum) >= Math.abs(x) ? (sum - t) + x : (x - t) + sum;
            sum = t;
        }

        /** Adds one float value (already a double); NaN and ±∞ are counted and left out. */
        public void addFloat(double d) {
            read++;
            if (!Double.isFinite(d)) {
                nonFinite++;
                return;
            }
            counted++;
            if (d < dlo) dlo = d;
            if (d > dhi) dhi = d;
            double t = sum + d;
            compensation += Math.abs(sum) >= Math.abs(d) ? (sum - t) + d : (d - t) + sum;
            sum = t;
        }

        public boolean isFloat() { return isFloat; }

        /** Whether integer {@code a} is below {@code b}, as u64 or as a signed number. */
        public static boolean below(long a, long b, boolean unsigned64) {
            return unsigned64 ? Long.compareUnsigned(a, b) < 0 : a < b;
        }

        public long counted() { return counted; }

        public Summary summary(long total) {
            double mean;
            if (counted == 0) {
                mean = Double.NaN;
            } else if (isFloat) {
                mean = (sum + compensation) / counted;
            } else {
                BigInteger s = BigInteger.valueOf(sumHi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(sumLo)));
                mean = new BigDecimal(s).divide(BigDecimal.valueOf(counted), new MathContext(25)).doubleValue();
            }
            long rawMin = isFloat ? Double.doubleToRawLongBits(dlo) : lo;
            long rawMax = isFloat ? Double.doubleToRawLongBits(dhi) : hi;
            return new Summary(type, counted, gaps, nonFinite, read, total, rawMin, rawMax, mean, undecodable);
        }
    }
}
