package org.packscope.codec.hdf5.write;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.hdf5.layout.Lookup3;

/**
 * One version 2 object header (file format specification IV.A.1.b): "OHDR", version 2,
 * flags saying chunk 0's size takes 4 bytes and no times are stored, that size, the
 * messages (type, 2-byte size, flags 0, body) and the lookup3 checksum of all before it.
 */
final class ObjectHeaderBytes {
    private record Message(int type, byte[] body) { }

    private final List<Message> messages = new ArrayList<>();

    ObjectHeaderBytes add(int type, byte[] body) {
        if (body.length > 0xffff) throw new IllegalArgumentException("an object header message of " + body.length + " bytes");
        messages.add(new Message(type, body));
        return this;
    }

    byte[] bytes() {
        int chunk = 0;
        for (Message m : messages) chunk += 4 + m.body.length;
        ByteBuffer b = HeaderMessages.le(4 + 1 + 1 + 4 + chunk + 4);
        b.put(new byte[] {'O', 'H', 'D', 'R'}).put((byte) 2).put((byte) 0x02).putInt(chunk);
        for (Message m : messages) b.put((byte) m.type).putShort((short) m.body.length).put((byte) 0).put(m.body);
        b.putInt(Lookup3.of(b.array(), 0, b.position()));
        return b.array();
    }
}
