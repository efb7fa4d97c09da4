package org.packscope.app.text;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.packscope.app.Samples;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;

/**
 * The texts the window shows for the samples (and the CF fixtures), walked a few levels
 * deep: each node's summary, and each field's value, meaning and explanation.
 */
final class WindowTexts {
    private WindowTexts() { }

    enum Kind { SUMMARY, VALUE, MEANING, EXPLANATION }

    interface Visitor {
        void text(String where, Kind kind, String text);
    }

    /** Every sample file and folder, and the CF fixture. */
    static List<Path> inputs() throws Exception {
        List<Path> inputs = new ArrayList<>();
        try (Stream<Path> s = Files.list(Samples.root())) {
            for (Path dir : s.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> f = Files.list(dir)) { f.sorted().forEach(inputs::add); }
            }
        }
        inputs.add(Samples.root().getParent().resolve("codec/src/test/resources/fixtures/cf/cf.nc"));
        return inputs;
    }

    /** Visits the texts of every input; returns how many nodes and fields were read. */
    static int visitAll(Visitor v) throws Exception {
        int texts = 0;
        for (Path p : inputs()) texts += walk(FormatRegistry.standard().open(p), 0, v);
        return texts;
    }

    private static int walk(Node n, int depth, Visitor v) {
        int texts = 1;
        String at = n.path() + "/" + n.name();
        v.text(at + " summary", Kind.SUMMARY, n.summary());
        FieldExplainer docs = n.facet(FieldExplainer.class);
        for (Field f : n.fields()) {
            v.text(at + " " + f.name(), Kind.VALUE, f.value());
            v.text(at + " " + f.name() + " meaning", Kind.MEANING, f.meaning());
            var e = docs == null ? null : docs.explain(f);
            if (e != null) v.text(at + " " + f.name() + " explanation", Kind.EXPLANATION, e.text());
            texts++;
        }
        if (depth < 4) {
            List<Node> kids = n.children();
            for (int i = 0; i < Math.min(kids.size(), 12); i++) texts += walk(kids.get(i), depth + 1, v);
        }
        return texts;
    }
}
