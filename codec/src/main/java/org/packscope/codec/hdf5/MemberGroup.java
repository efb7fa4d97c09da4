package org.packscope.codec.hdf5;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.jhdf.AbstractNode;
import io.jhdf.ObjectHeader;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.api.NodeType;
import io.jhdf.object.message.LinkInfoMessage;
import io.jhdf.storage.HdfBackingStorage;

import org.apache.commons.lang3.concurrent.ConcurrentException;
import org.apache.commons.lang3.concurrent.LazyInitializer;

/**
 * A group below a group PackScope listed itself ({@link GroupMembers}): jhdf's node for it,
 * built on jhdf's public {@link AbstractNode} (header and attributes) with its members
 * listed by {@link GroupMembers} too, so a damaged sibling never hides it. jhdf makes its
 * own groups only while listing a whole group, in a method it keeps to itself.
 */
final class MemberGroup extends AbstractNode implements Group {
    private Map<String, Node> children;
    /** Its members' names and places, read once ({@link GroupMembers#of}). */
    private List<GroupMembers.Member> listing;

    /** The object header, read once by the listing that found this group. */
    private final ObjectHeader header;
    /** Its attributes, read from that header (jhdf's own would read the header a second time). */
    private final AttributesLazyInitializer attributesFromHeader;

    MemberGroup(HdfBackingStorage storage, long address, String name, Group parent, ObjectHeader header) {
        super(storage, address, name, parent);
        this.header = header;
        this.attributesFromHeader = new AttributesLazyInitializer(LazyInitializer.<ObjectHeader>builder().setInitializer(() -> header).get());
    }

    @Override public ObjectHeader getHeader() { return header; }

    @Override
    public Map<String, io.jhdf.api.Attribute> getAttributes() {
        // a group without attribute messages has none: jhdf would build streams to find that out
        if (GroupMembers.message(header, io.jhdf.object.message.AttributeMessage.class) == null
                && GroupMembers.message(header, io.jhdf.object.message.AttributeInfoMessage.class) == null) {
            return Map.of();
        }
        try {
            return attributesFromHeader.get();
        } catch (ConcurrentException e) {
            throw new io.jhdf.exceptions.HdfException("the attributes of " + getPath() + " at byte " + getAddress() + " could not be read", e);
        }
    }

    @Override public io.jhdf.api.Attribute getAttribute(String name) { return getAttributes().get(name); }

    synchronized List<GroupMembers.Member> listing(Supplier<List<GroupMembers.Member>> read) {
        if (listing == null) listing = List.copyOf(read.get());
        return listing;
    }

    @Override public NodeType getType() { return NodeType.GROUP; }

    @Override public boolean isGroup() { return true; }

    /** A group's path ends with '/', as jhdf's own groups' do. */
    @Override public String getPath() { return super.getPath() + "/"; }

    /** Every member, made in the order listed; the first that cannot be made fails the listing, as jhdf's does. */
    @Override
    public synchronized Map<String, Node> getChildren() {
        if (children == null) {
            Map<String, Node> out = new LinkedHashMap<>();
            for (GroupMembers.Member m : GroupMembers.of(this, getHdfFile())) out.put(m.name(), m.object().get());
            children = Collections.unmodifiableMap(out);
        }
        return children;
    }

    @Override public Node getChild(String name) { return getChildren().get(name); }

    @Override
    public Node getByPath(String path) {
        Node at = this;
        for (String part : path.split("/")) {
            if (part.isEmpty()) continue;
            if (!(at instanceof Group g)) return null;
            at = g.getChild(part);
            if (at == null) return null;
        }
        return at;
    }

    @Override
    public Dataset getDatasetByPath(String path) {
        return getByPath(path) instanceof Dataset d ? d : null;
    }

    @Override
    public boolean isLinkCreationOrderTracked() {
        LinkInfoMessage info = GroupMembers.message(header, LinkInfoMessage.class);
        return info != null && info.isLinkCreationOrderTracked();
    }

    @Override public Iterator<Node> iterator() { return getChildren().values().iterator(); }
}
