package org.packscope.codec.rds;

import org.packscope.codec.inspect.Node;

/** Recognises BPCells in-memory matrices among R objects and offers them as matrices. */
final class BpcellsRds {
    private BpcellsRds() { }

    static void attach(Node n, RdsStream s) {
        // filled in once the BPCells matrix model is available
    }
}
