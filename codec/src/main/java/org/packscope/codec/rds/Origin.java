package org.packscope.codec.rds;

import org.packscope.codec.io.ByteSource;

/**
 * Where the items of a node tree come from, for traces: the wrapper that was undone
 * (null when unknown, e.g. nodes made by other formats), the ASCII text an XDR stream
 * was rewritten from (null for XDR files), and for the vector an ALTREP
 * object was expanded into, that object and the stream it sits in.
 */
record Origin(Unwrapped wrap, AsciiTranscoder.Result ascii, RItem.Altrep altrep, ByteSource altrepData) {
    static final Origin NONE = new Origin(null, null, null, null);

    static Origin of(Unwrapped wrap, AsciiTranscoder.Result ascii) { return new Origin(wrap, ascii, null, null); }

    /** The origin of the vector {@code a} stands for. */
    Origin expandedFrom(RItem.Altrep a, ByteSource data) { return new Origin(wrap, ascii, a, data); }

    /** The origin of everything below the expanded vector itself (its attributes, ...). */
    Origin plain() { return altrep == null ? this : new Origin(wrap, ascii, null, null); }
}
