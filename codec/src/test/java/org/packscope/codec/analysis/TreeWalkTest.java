package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.SharedRules;

class TreeWalkTest {
    private static final Rule RULE = Rule.error("test_cycle", "a node reached twice");

    private static List<String> report(Node root) {
        return TreeWalk.diagnostics(root, true, 1000, Progress.NONE).stream()
                .map(l -> l.node().name() + ": " + l.diagnostic().rule() + " @" + l.diagnostic().span().byteOffset()).toList();
    }

    @Test
    void oneRuleAtOneByteFromTwoNodesIsOneProblem() {
        ByteSource src = ByteSource.of(new byte[64], "f");
        Node root = Node.of("f", "file").source(src);
        // an object and a second view of the file's bytes, each in its own words, about the same node
        root.add(Node.of("object", "x").source(src).diagnose(Diagnostic.errorAtByte(40, RULE, "the index node at byte 40 is listed twice")));
        root.add(Node.of("structure", "y").source(src).diagnose(Diagnostic.errorAtByte(40, RULE, "B-tree node 40 is reached a second time")));
        assertEquals(List.of("object: test_cycle @40"), report(root));
    }

    @Test
    void otherBytesOtherRulesAndOneNodesOwnReportsStay() {
        ByteSource src = ByteSource.of(new byte[64], "f");
        Node root = Node.of("f", "file").source(src);
        root.add(Node.of("object", "x").source(src)
                .diagnose(Diagnostic.errorAtByte(40, RULE, "one"))
                .diagnose(Diagnostic.errorAtByte(40, RULE, "another problem at the same byte")));
        root.add(Node.of("structure", "y").source(src)
                .diagnose(Diagnostic.errorAtByte(41, RULE, "next byte"))
                .diagnose(Diagnostic.errorAtByte(40, SharedRules.TRUNCATED, "another rule")));
        assertEquals(List.of("object: test_cycle @40", "object: test_cycle @40", "structure: truncated @40", "structure: test_cycle @41"),
                report(root));
    }
}
