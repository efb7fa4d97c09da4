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

    default void checkCancelled() {
        if (cancelled()) throw new CancelledException();
    }

    final class CancelledException extends RuntimeException {
        public CancelledException() { super("cancelled", null, false, false); }
    }
}
