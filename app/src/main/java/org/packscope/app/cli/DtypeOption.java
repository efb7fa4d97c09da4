package org.packscope.app.cli;

import org.packscope.codec.analysis.ElementReading;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.numpy.Dtype;
import picocli.CommandLine.Option;

/**
 * {@code --dtype}: the element type of a standalone Blosc chunk, whose header knows only
 * the element size; the same choice as the window's "Read elements as", in numpy's spelling.
 */
final class DtypeOption {
    @Option(names = "--dtype", paramLabel = "DTYPE",
            description = "element type of a standalone Blosc chunk in numpy's spelling, e.g. '<f8', '>i4', '<u2' "
                    + "('<' or no sign: little-endian, '>': big-endian)")
    String dtype;

    /**
     * Gives {@code node} the --dtype reading, if one was asked for; false after telling the
     * person why it cannot (exit code 2 follows).
     */
    boolean applyTo(Cli cli, Node node) {
        String refused = refusal(node);
        if (refused != null) cli.err.println("packscope: " + refused);
        return refused == null;
    }

    /** Gives {@code node} the --dtype reading, if one was asked for; null, or why it cannot. */
    String refusal(Node node) {
        if (dtype == null) return null;
        Dtype d = Dtype.parse(dtype);
        String shown = PlainText.escape(dtype);
        if (d == null || "iuf".indexOf(d.kind()) < 0) {
            return "--dtype " + shown + " is not a numpy integer or float type (try '<f8', '>i4', '<u2')";
        }
        ElementReading reading = node.facet(ElementReading.class);
        if (reading == null || node.values() == null) {
            return "--dtype applies to a standalone Blosc chunk; " + PlainText.escape(node.name())
                    + (node.values() == null ? " holds no values" : "'s values have their type (" + node.values().type().label() + ")");
        }
        if (d.itemsize() != reading.width()) {
            return "--dtype " + shown + " is " + d.itemsize() + " byte" + (d.itemsize() == 1 ? "" : "s")
                    + " wide; the chunk's elements are " + reading.width();
        }
        if (!reading.apply(node, d.valueType(), d.bigEndian())) {
            return "--dtype does not apply to " + PlainText.escape(node.name()) + ": its values have their type ("
                    + node.values().type().label() + ")";
        }
        return null;
    }
}
