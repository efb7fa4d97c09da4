package org.packscope.codec.inspect;

/** Lets long codec work report how far it is and notice that it was cancelled. */
public interface Progress {

    Progress NONE = new Progress() {
        @Override public void update(double fraction, String message) { }
        @Override public boolean cancelled() { return false; }
    };

    /** fraction in [0,1], or negative when unknown. */
    void update(double fraction, String message);

    boolean cancelled();

    /**
     * This progress as seen by one pass of several: the pass's fractions 0..1 land in
     * {@code from..to}, so a bar over two passes fills once instead of twice. Unknown
     * (negative) fractions and messages pass through unchanged.
     */
    default Progress part(double from, double to) {
        Progress whole = this;
        return new Progress() {
            @Override public void update(double fraction, String message) {
                whole.update(fraction < 0 ? fraction : from + (to - from) * Math.min(1, fraction), message);
            }

            @Override public boolean cancelled() { return whole.cancelled(); }
        };
    }

    default void checkCancelled() {
        if (cancelled()) throw new CancelledException();
    }

    final class CancelledException extends RuntimeException {
        public CancelledException() { super("cancelled", null, false, false); }
    }
}
