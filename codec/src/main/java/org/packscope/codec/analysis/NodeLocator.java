package org.packscope.codec.analysis;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;

/**
 * Finds the innermost node that holds given bits of a source: where a trace step, a
 * diagnostic or a hex click sits in the tree. The search climbs from a starting node to
 * the outermost ancestor reading the same source (the file, usually), then descends into
 * whichever child covers the bits. Children are usually in file order, so long child lists are
 * binary-searched by span and only O(log n) children are ever loaded.
 */
public final class NodeLocator {
    /** Child lists up to this size are scanned whole (their spans need not be ordered). */
    static final int SCAN_LIMIT = 64;

    /** The nodes from the outermost one holding the bits down to the innermost, and each one's index in its parent. */
    public record Path(List<Node> nodes, int[] indices) {
        public Node innermost() { return nodes.get(nodes.size() - 1); }
    }

    private NodeLocator() { }

    /**
     * The path from the outermost ancestor of {@code from} reading {@code source} down to
     * the innermost node whose span covers {@code span} (the path is that ancestor alone
     * when no part of it does); null when no ancestor reads that source (bits of a
     * decompressed buffer, say).
     */
    public static Path locate(Node from, ByteSource source, Span span, Progress progress) {
        if (from == null || source == null || span == null) return null;
        Node top = null;
        for (Node n = from; n != null; n = n.parent()) {
            if (n.source() == source) top = n;
        }
        if (top == null) return null;
        List<Node> nodes = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        nodes.add(top);
        for (Node n = top; ; ) {
            progress.checkCancelled();
            int i = coveringChild(n, source, span);
            if (i < 0) break;
            n = n.children().get(i);
            nodes.add(n);
            indices.add(i);
        }
        return new Path(nodes, indices.stream().mapToInt(Integer::intValue).toArray());
    }

    /** A node without a span covers its whole source. */
    private static boolean covers(Span outer, Span inner) {
        if (outer == null) return true;
        long start = inner.startBit(), end = Math.max(inner.endBit(), start + 1);
        return outer.startBit() <= start && end <= Math.max(outer.endBit(), outer.startBit() + 1);
    }

    private static boolean holds(Node child, ByteSource source, Span span) {
        return child.source() == source && child.span() != null && covers(child.span(), span);
    }

    private static int coveringChild(Node n, ByteSource source, Span span) {
        List<Node> kids = n.children();
        int count = kids.size();
        if (count <= SCAN_LIMIT) {
            for (int i = 0; i < count; i++) if (holds(kids.get(i), source, span)) return i;
            return -1;
        }
        // the last child starting at or before the bits, assuming file order
        int lo = 0, hi = count - 1, best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Span s = kids.get(mid).span();
            if (s == null || kids.get(mid).source() != source) return -1; // not a run of parts of this source
            if (s.startBit() <= span.startBit()) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        // neighbours too: empty or overlapping parts can share a start
        for (int i = Math.max(0, best - 1); i <= Math.min(count - 1, best + 1) && best >= 0; i++) {
            if (holds(kids.get(i), source, span)) return i;
        }
        return -1;
    }
}
