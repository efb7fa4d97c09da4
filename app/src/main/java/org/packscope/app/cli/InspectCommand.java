package org.packscope.app.cli;

import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.RawBits;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "inspect", description = "Prints the inspection tree: fields with offsets and bit widths, diagnostics.")
final class InspectCommand implements Callable<Integer> {

    @ParentCommand Cli cli;

    @picocli.CommandLine.Mixin DtypeOption dtype = new DtypeOption();

    @Parameters(index = "0", paramLabel = "PATH", description = "file or folder, optionally PATH::inner/path")
    String path;

    @Option(names = "--json", description = "print JSON instead of text")
    boolean json;

    @Option(names = "--depth", description = "levels below PATH to print (default: ${DEFAULT-VALUE})")
    int depth = 16;

    @Option(names = "--max-children", description = "children printed per node (default: ${DEFAULT-VALUE})")
    int maxChildren = 200;

    @Option(names = "--tables", description = "also print each node's tables (bins, block maps, ...)")
    boolean tables;

    /** Nodes printed at most: a file of a million chunks or a deep nest of groups prints a bounded text. */
    static final int MAX_NODES = 100_000;
    /** Levels printed at most, whatever --depth says (JSON nests two levels a node; Jackson writes up to 1,000). */
    static final int MAX_DEPTH = 400;
    private int printed;

    @Override
    public Integer call() {
        if (depth < 0 || maxChildren < 0) {
            cli.err.println("packscope: --depth and --max-children cannot be negative");
            return Cli.EXIT_USAGE;
        }
        // printing recurses once per level: deeper than this, nesting is not followed
        depth = Math.min(depth, MAX_DEPTH);
        Node node = Targets.targetOrExplain(cli, path);
        if (node == null) return Cli.EXIT_USAGE;
        if (!dtype.applyTo(cli, node)) return Cli.EXIT_USAGE;
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            mapper.getFactory().setCharacterEscapes(new ControlEscapes());
            try {
                cli.out.println(mapper.writeValueAsString(toJson(mapper, node, 0)));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        } else {
            StringBuilder sb = new StringBuilder();
            printText(sb, node, 0);
            cli.out.print(sb);
        }
        return 0;
    }

    private void printText(StringBuilder sb, Node n, int level) {
        String pad = "  ".repeat(level);
        if (++printed > MAX_NODES) {
            if (printed == MAX_NODES + 1) sb.append(pad).append("… output stopped after ").append(MAX_NODES).append(" nodes\n");
            return;
        }
        sb.append(pad).append(esc(n.kind())).append(' ').append(esc(n.name()));
        if (!n.summary().isEmpty()) sb.append(" — ").append(esc(n.summary()));
        Span span = n.span();
        if (span != null) sb.append("  [").append(where(span)).append(']');
        sb.append('\n');
        for (Field f : n.fields()) {
            sb.append(pad).append("  · ").append(esc(f.name()));
            if (f.span() != null) {
                sb.append(" @").append(f.span().offsetText()).append(" (").append(f.span().bitLength()).append(" bits");
                String raw = RawBits.render(n.source(), f.span());
                if (!raw.isEmpty()) sb.append(", raw ").append(raw);
                sb.append(')');
            }
            sb.append(" = ").append(esc(f.value()));
            if (f.meaning() != null && !f.meaning().isEmpty()) sb.append("  — ").append(esc(f.meaning()));
            sb.append('\n');
        }
        for (Diagnostic d : n.diagnostics()) {
            sb.append(pad).append("  ! ").append(d.severity().label());
            if (d.span() != null) sb.append(" at byte ").append(d.span().offsetText());
            sb.append(": ").append(d.rule()).append(": ").append(PlainText.forDisplay(d.message())).append('\n');
        }
        ValueColumn values = n.values();
        if (values != null) {
            sb.append(pad).append("  = ").append(values.count()).append(" values of type ").append(values.type().label()).append('\n');
        }
        if (tables) {
            for (DataTable t : n.tables()) {
                sb.append(pad).append("  table ").append(esc(t.title())).append(": ").append(esc(String.join(" | ", t.columns()))).append('\n');
                for (List<Object> row : t.rows()) {
                    sb.append(pad).append("    ");
                    for (int i = 0; i < row.size(); i++) sb.append(i > 0 ? " | " : "").append(esc(String.valueOf(row.get(i))));
                    sb.append('\n');
                }
            }
        } else if (!n.tables().isEmpty()) {
            for (DataTable t : n.tables()) {
                sb.append(pad).append("  table ").append(esc(t.title())).append(" (").append(t.rows().size()).append(" rows; --tables prints it)\n");
            }
        }
        if (level >= depth || n.isDrillDown()) {
            if (n.childCount() > 0) sb.append(pad).append("  … ").append(n.childCount()).append(" children not shown\n");
            return;
        }
        List<Node> kids = n.children();
        int shown = Math.min(kids.size(), maxChildren);
        for (int i = 0; i < shown && printed <= MAX_NODES; i++) printText(sb, kids.get(i), level + 1);
        if (kids.size() > shown) sb.append(pad).append("  … ").append(kids.size() - shown).append(" more children\n");
    }

    /** A name or value as one printable line: control characters escaped. */
    private static String esc(String s) {
        return PlainText.escape(s);
    }

    /**
     * JSON escapes for what Jackson leaves raw but a terminal acts on: DEL, C1 controls,
     * bidirectional overrides (control characters below 0x20 Jackson escapes itself).
     */
    static final class ControlEscapes extends com.fasterxml.jackson.core.io.CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        ControlEscapes() {
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override public int[] getEscapeCodesForAscii() { return ascii; }

        @Override public com.fasterxml.jackson.core.SerializableString getEscapeSequence(int ch) {
            return ch <= 0xffff && PlainText.needsEscape((char) ch)
                    ? new com.fasterxml.jackson.core.io.SerializedString(String.format(java.util.Locale.ROOT, "\\u%04x", ch)) : null;
        }
    }

    private static String where(Span s) {
        if (s.isByteAligned()) return "bytes " + s.byteOffset() + "+" + s.byteLength();
        return "bit " + s.startBit() + "+" + s.bitLength();
    }

    private ObjectNode toJson(ObjectMapper m, Node n, int level) {
        ObjectNode o = m.createObjectNode();
        o.put("name", n.name());
        o.put("kind", n.kind());
        o.put("summary", n.summary());
        if (n.span() != null) o.set("span", span(m, n.span()));
        ArrayNode fields = o.putArray("fields");
        for (Field f : n.fields()) {
            ObjectNode fo = fields.addObject();
            fo.put("name", f.name());
            if (f.span() != null) {
                fo.put("byte", f.span().byteOffset());
                fo.put("bit", f.span().bitInByte());
                fo.put("bits", f.span().bitLength());
                fo.put("raw", RawBits.render(n.source(), f.span()));
            }
            fo.put("value", f.value());
            fo.put("meaning", f.meaning());
        }
        ArrayNode diags = o.putArray("diagnostics");
        for (Diagnostic d : n.diagnostics()) {
            ObjectNode dn = diags.addObject();
            dn.put("severity", d.severity().label());
            if (d.span() != null) dn.set("span", span(m, d.span()));
            dn.put("rule", d.rule());
            dn.put("message", PlainText.scrub(d.message()));
        }
        ValueColumn values = n.values();
        if (values != null) {
            ObjectNode vo = o.putObject("values");
            vo.put("type", values.type().label());
            vo.put("count", values.count());
        }
        if (tables && !n.tables().isEmpty()) {
            ArrayNode ts = o.putArray("tables");
            for (DataTable t : n.tables()) {
                ObjectNode to = ts.addObject();
                to.put("title", t.title());
                to.set("columns", m.valueToTree(t.columns()));
                to.set("rows", m.valueToTree(t.rows()));
            }
        }
        o.put("childCount", n.childCount());
        if (level < depth && !n.isDrillDown()) {
            ArrayNode kids = o.putArray("children");
            List<Node> list = n.children();
            for (int i = 0; i < Math.min(list.size(), maxChildren); i++) {
                if (++printed > MAX_NODES) {
                    o.put("truncated", "output stopped after " + MAX_NODES + " nodes");
                    break;
                }
                kids.add(toJson(m, list.get(i), level + 1));
            }
        }
        return o;
    }

    private static ObjectNode span(ObjectMapper m, Span s) {
        ObjectNode o = m.createObjectNode();
        o.put("byte", s.byteOffset());
        o.put("bit", s.bitInByte());
        o.put("bits", s.bitLength());
        return o;
    }
}
