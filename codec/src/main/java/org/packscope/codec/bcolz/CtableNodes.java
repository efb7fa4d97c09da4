package org.packscope.codec.bcolz;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.json.Json;

/**
 * A bcolz ctable folder: __rootdirs__ lists the columns in order, each a complete
 * carray folder named after the column. Each column is a child named exactly as the
 * column, so {@code path::column} addresses it.
 */
public final class CtableNodes {
    private CtableNodes() { }

    public static Node node(String name, Path root) {
        return Node.lazy(name, "bcolz-ctable", n -> fill(n, root));
    }

    static void fill(Node n, Path root) {
        n.addField(CarrayNodes.derived("ctable.path", "path", root.toAbsolutePath(), "ctable folder"));
        n.facet(FieldExplainer.class, BcolzDocs.DOCS);
        Meta rootdirs = Meta.read(root.resolve("__rootdirs__"), "__rootdirs__");
        Path attrsPath = root.resolve("__attrs__");
        if (rootdirs.problem() != null) n.diagnose(rootdirs.problem());
        List<String> names = new ArrayList<>();
        Span namesSpan = null;
        if (rootdirs.json() != null) {
            // the table's own bytes are its column list, so the columns field can show where it is written
            n.source(ByteSource.of(rootdirs.bytes(), rootdirs.path().toString())).span(Span.bytes(0, rootdirs.bytes().length));
            Json arr = rootdirs.json().get("names");
            if (arr == null || !arr.isArray()) {
                n.diagnose(Diagnostic.error(null, BcolzRules.BAD_ROOTDIRS, "__rootdirs__ has no \"names\" array"));
            } else {
                namesSpan = Span.bytes(arr.memberStart(), arr.end() - arr.memberStart());
                Set<String> seen = new LinkedHashSet<>();
                for (Json e : arr.elements()) {
                    if (!e.isTextual() || e.asText().isEmpty() || e.asText().contains("/") || e.asText().contains("..")) {
                        n.diagnose(Diagnostic.error(null, BcolzRules.BAD_COLUMN_NAME, "__rootdirs__ lists " + e + ", not a column folder name"));
                    } else if (!seen.add(e.asText())) {
                        n.diagnose(Diagnostic.warning(null, BcolzRules.DUPLICATE_COLUMN, "column " + e.asText() + " is listed twice"));
                    }
                }
                names.addAll(seen);
            }
        }
        n.addField(new Field("ctable.columns", -1, "columns", namesSpan, String.join(", ", names), "__rootdirs__ names, in column order"));
        if (Files.exists(attrsPath)) {
            Meta attrs = Meta.read(attrsPath, "__attrs__");
            if (attrs.problem() != null) n.diagnose(attrs.problem());
            else n.addField(CarrayNodes.derived("ctable.attrs", "__attrs__", attrs.json().toString(), "user attributes of the table"));
        }
        List<Node> columns = new ArrayList<>();
        List<List<Object>> table = new ArrayList<>();
        long len = -1;
        for (String col : names) {
            Path dir = root.resolve(col);
            if (!Files.isDirectory(dir)) {
                n.diagnose(Diagnostic.error(null, BcolzRules.MISSING_COLUMN, "column " + col + " is listed in __rootdirs__ but its folder is missing"));
                continue;
            }
            Carray c = Carray.open(dir);
            Node cn = Node.lazy(col, "bcolz-carray", x -> CarrayNodes.fill(x, c, col));
            columns.add(cn);
            long disk = c.diskBytes();
            long nbytes = c.decodable() ? c.rows() * c.atomsize : 0;
            table.add(List.of(col, c.dtype() == null ? "?" : c.dtype().text(), nbytes, disk,
                    disk <= 0 ? 0.0 : Math.round(1000.0 * nbytes / disk) / 1000.0));
            if (c.decodable()) {
                if (len >= 0 && c.rows() != len) {
                    n.diagnose(Diagnostic.warning(null, BcolzRules.COLUMN_LENGTH_MISMATCH,
                            "column " + col + " has " + c.rows() + " rows, the first column " + len));
                }
                if (len < 0) len = c.rows();
            }
        }
        try (var ds = Files.newDirectoryStream(root)) {
            for (Path p : ds) {
                String f = p.getFileName().toString();
                if (Files.isDirectory(p) && !names.contains(f)) {
                    n.diagnose(BcolzRules.NOT_A_COLUMN.at(null,
                            "folder " + f + " is not listed in __rootdirs__; not a column"));
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            n.diagnose(Diagnostic.error(null, BcolzRules.FOLDER_UNREADABLE, "cannot list " + root + ": " + e.getMessage()));
        }
        n.children(columns);
        n.table(new DataTable("Columns", List.of("column", "dtype", "nbytes", "file bytes", "ratio"),
                table, "column", "ratio"));
        n.addField(CarrayNodes.derived("ctable.rows", "rows", Math.max(0, len), "length of the table (rows of each column)"));
        n.summary("bcolz ctable · " + names.size() + " columns · " + Math.max(0, len) + " rows");
        n.facet(Verifier.class, (sink, progress) -> {
            for (Node c : columns) {
                Verifier v = c.facet(Verifier.class);
                if (v != null) v.verify(d -> sink.accept(new Diagnostic(d.severity(), d.span(), d.rule(), c.name() + ": " + d.message())), progress);
            }
        });
        n.facet(BulkDecoder.class, (progress, threads) -> {
            long total = 0;
            for (Node c : columns) {
                BulkDecoder b = c.facet(BulkDecoder.class);
                if (b != null) total += b.decodeAll(progress, threads);
            }
            return total;
        });
    }
}
