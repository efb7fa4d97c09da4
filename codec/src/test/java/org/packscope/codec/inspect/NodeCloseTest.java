package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class NodeCloseTest {

    @Test
    void closingATreeReleasesWhatItsLoadedNodesHoldLastOpenedFirst() {
        List<String> closed = new ArrayList<>();
        Node root = Node.lazy("root", "test", n -> {
            n.closeWith(() -> closed.add("root file"));
            n.closeWith(() -> closed.add("root index"));
            n.add(Node.lazy("child", "test", c -> c.closeWith(() -> closed.add("child file"))));
        });
        root.children().get(0).fields(); // loads the child
        root.close();
        assertEquals(List.of("root index", "root file", "child file"), closed);
        root.close();
        assertEquals(3, closed.size(), "a second close releases nothing twice");
    }

    @Test
    void closingLoadsNothing() {
        AtomicInteger made = new AtomicInteger();
        AtomicInteger loads = new AtomicInteger();
        Node root = Node.lazy("root", "test", n -> {
            loads.incrementAndGet();
            n.lazyChildren(1_000_000, i -> {
                made.incrementAndGet();
                return Node.lazy("c" + i, "test", c -> loads.incrementAndGet());
            });
        });
        Node never = Node.lazy("never", "test", n -> loads.incrementAndGet());
        root.childCount();
        root.children().get(7);
        root.close();
        never.close();
        assertEquals(1, made.get(), "only the child already made is visited");
        assertEquals(1, loads.get(), "closing runs no loader");
        assertFalse(never.isLoaded());
    }

    @Test
    void aFailingCloseDoesNotStopTheOthers() {
        List<String> closed = new ArrayList<>();
        Node root = Node.of("root", "test");
        root.closeWith(() -> closed.add("first"));
        root.closeWith(() -> { throw new java.io.IOException("already gone"); });
        root.close();
        assertTrue(closed.contains("first"));
    }
}
