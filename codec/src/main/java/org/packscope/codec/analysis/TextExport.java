package org.packscope.codec.analysis;

import java.io.IOException;
import java.util.List;
import org.packscope.codec.inspect.Progress;

/** A node that can write itself as a text document, e.g. a binary-JSON file as JSON. */
public interface TextExport {

    /** Format names this node writes, e.g. "json". */
    List<String> formats();

    void export(String format, Appendable out, Progress progress) throws IOException;
}
