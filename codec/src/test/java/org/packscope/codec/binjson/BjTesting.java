package org.packscope.codec.binjson;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.testing.Fixtures;

/** Shared helpers: the fixture manifest, expected documents, structural comparison, tree walks. */
final class BjTesting {
    private BjTesting() { }

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final String DIR = "fixtures/binjson/";

    record Fixture(String name, String kind, Path file, JsonNode meta) {
        @Override public String toString() { return name; }

        boolean seekable() { return file.getFileName().toString().endsWith(".sj"); }

        Path sibling(String suffix) { return file.resolveSibling(name + suffix); }

        JsonNode json(String suffix) {
            try {
                return MAPPER.readTree(Files.readString(sibling(suffix)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    static List<Fixture> fixtures(String kind) {
        try {
            JsonNode m = MAPPER.readTree(Files.readString(Fixtures.resource(DIR + "MANIFEST.json")));
            List<Fixture> out = new ArrayList<>();
            for (JsonNode f : m.get("fixtures")) {
                if (kind != null && !kind.equals(f.get("kind").asText())) continue;
                Path file = Fixtures.resource(DIR + f.get("files").get(0).asText());
                out.add(new Fixture(f.get("name").asText(), f.get("kind").asText(), file, f));
            }
            return out;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Expected document with every {"$float": repr} turned into a DoubleNode. */
    static JsonNode expected(JsonNode e) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (e.isObject()) {
            if (e.size() == 1 && e.has("$float")) return f.numberNode(parseRepr(e.get("$float").asText()));
            ObjectNode o = f.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = e.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> x = it.next();
                o.set(x.getKey(), expected(x.getValue()));
            }
            return o;
        }
        if (e.isArray()) {
            var a = f.arrayNode();
            for (JsonNode x : e) a.add(expected(x));
            return a;
        }
        if (e.isIntegralNumber()) return f.numberNode(e.longValue());
        return e;
    }

    static double parseRepr(String s) {
        return switch (s) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }

    /** Null when equal; else the path and reason of the first difference. Floats by bits, any NaN matches any NaN. */
    static String diff(JsonNode want, JsonNode got, String path) {
        if (got == null) return path + ": missing";
        if (want.isObject()) {
            if (!got.isObject()) return path + ": want object, got " + got.getNodeType();
            List<String> wk = new ArrayList<>(), gk = new ArrayList<>();
            want.fieldNames().forEachRemaining(wk::add);
            got.fieldNames().forEachRemaining(gk::add);
            if (!wk.equals(gk)) return path + ": keys " + wk + " vs " + gk;
            for (String k : wk) {
                String d = diff(want.get(k), got.get(k), path + "/" + k);
                if (d != null) return d;
            }
            return null;
        }
        if (want.isArray()) {
            if (!got.isArray()) return path + ": want array, got " + got.getNodeType();
            if (want.size() != got.size()) return path + ": size " + want.size() + " vs " + got.size();
            for (int i = 0; i < want.size(); i++) {
                String d = diff(want.get(i), got.get(i), path + "/" + i);
                if (d != null) return d;
            }
            return null;
        }
        if (want.isFloatingPointNumber()) {
            if (!got.isFloatingPointNumber()) return path + ": want float " + want + ", got " + got;
            double a = want.doubleValue(), b = got.doubleValue();
            if (Double.isNaN(a) && Double.isNaN(b)) return null;
            return Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b) ? null
                    : path + ": float " + a + " vs " + b;
        }
        if (want.isIntegralNumber()) {
            if (!got.isIntegralNumber()) return path + ": want int " + want + ", got " + got;
            return want.longValue() == got.longValue() ? null : path + ": int " + want + " vs " + got;
        }
        return want.equals(got) ? null : path + ": " + want + " vs " + got;
    }

    /**
     * What {@code check} prints: every diagnostic a whole-tree walk meets (drill-down
     * nodes are visited, their children not), then the root's verifier output.
     */
    static List<Diagnostic> walk(Node n) {
        List<Diagnostic> out = new ArrayList<>();
        walk(n, out);
        org.packscope.codec.inspect.Verifier v = n.facet(org.packscope.codec.inspect.Verifier.class);
        if (v != null) v.verify(out::add, org.packscope.codec.inspect.Progress.NONE);
        return out;
    }

    private static void walk(Node n, List<Diagnostic> out) {
        out.addAll(n.diagnostics());
        if (n.isDrillDown()) return;
        for (Node c : n.children()) walk(c, out);
    }

    /**
     * Every node down to the leaves, drill-down nodes included; of long child lists only
     * the first 30 and the last 5 are visited.
     */
    static void visitAll(Node n, java.util.function.Consumer<Node> f) {
        f.accept(n);
        List<Node> kids = n.children();
        int size = kids.size();
        for (int i = 0; i < size; i++) {
            if (size > 40 && i == 30) i = size - 5;
            visitAll(kids.get(i), f);
        }
    }

    static Node open(Fixture f) {
        return org.packscope.codec.binjson.BinaryJson.open(
                org.packscope.codec.io.ByteSource.of(org.packscope.codec.testing.Fixtures.bytes(f.file()), f.name()), f.name());
    }

    static String key(Diagnostic d) {
        return d.rule() + "@" + (d.span() == null ? "-" : d.span().byteOffset());
    }

    static List<String> keys(List<Diagnostic> ds) {
        return ds.stream().map(BjTesting::key).toList();
    }
}
