package org.packscope.codec.remote;

import java.io.IOException;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * A remote object as a {@link ByteSource}: reads go through the block cache by range. A
 * failed read is a {@link ReadProblem} at the bytes that were asked for, with the remote
 * rule, the URL and the status, which readers record like any other damage.
 */
public final class RemoteSource implements ByteSource {
    private final RemoteObject object;
    private volatile Block last = new Block(-1, new byte[0]);

    private record Block(long index, byte[] bytes) { }

    RemoteSource(RemoteObject object) {
        this.object = object;
    }

    @Override public String name() { return object.address(); }

    @Override public long size() { return object.size(); }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        check(pos, len);
        try {
            object.read(pos, dst, off, len);
        } catch (RemoteProblem p) {
            throw ReadProblem.at(p.rule(), Span.bytes(pos, len), p.getMessage());
        } catch (IOException e) {
            throw ReadProblem.at(RemoteRules.REMOTE_UNREACHABLE, Span.bytes(pos, len), name() + ": " + Redact.text(e.getMessage()));
        }
    }

    @Override
    public byte get(long pos) {
        check(pos, 1);
        long index = pos / BlockCache.BLOCK;
        Block b = last;
        if (b.index != index) {
            try {
                b = new Block(index, object.block(index, index));
            } catch (RemoteProblem p) {
                throw ReadProblem.at(p.rule(), Span.bytes(pos, 1), p.getMessage());
            } catch (IOException e) {
                throw ReadProblem.at(RemoteRules.REMOTE_UNREACHABLE, Span.bytes(pos, 1), name() + ": " + Redact.text(e.getMessage()));
            }
            last = b;
        }
        return b.bytes[(int) (pos - index * BlockCache.BLOCK)];
    }
}
