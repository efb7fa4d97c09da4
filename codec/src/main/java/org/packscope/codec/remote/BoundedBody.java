package org.packscope.codec.remote;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body kept only up to a limit: one byte more than allowed stops the transfer
 * (the subscription is cancelled, which closes the connection) and marks the body
 * {@code overflow}, so a server that ignores {@code Range} or lies about lengths never
 * sends more than the limit. A limit of -1 refuses the body before its first byte.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<BoundedBody.Body> {

    record Body(byte[] bytes, boolean overflow) { }

    /** Bytes held at first when the answer does not say its length. */
    private static final int FIRST_CAPACITY = 64 << 10;

    private final long limit;
    private final CompletableFuture<Body> result = new CompletableFuture<>();
    private Flow.Subscription subscription;
    /** The body so far: sized to the announced length at once, so a range arrives in one copy. */
    private byte[] bytes;
    private int size;

    /** {@code announced}: the answer's Content-Length, or -1. */
    BoundedBody(long limit, long announced) {
        this.limit = limit;
        this.bytes = new byte[(int) Math.max(0, Math.min(announced >= 0 ? announced : FIRST_CAPACITY, Math.min(limit, Integer.MAX_VALUE - 16)))];
    }

    @Override public CompletionStage<Body> getBody() { return result; }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (limit < 0) {
            s.cancel();
            result.complete(new Body(new byte[0], true));
        } else {
            s.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) return;
        for (ByteBuffer b : buffers) {
            int n = b.remaining();
            if (size + (long) n > limit) {
                subscription.cancel();
                result.complete(new Body(Arrays.copyOf(bytes, size), true));
                return;
            }
            if (size + n > bytes.length) bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + n, 2L * bytes.length)));
            b.get(bytes, size, n);
            size += n;
        }
    }

    @Override
    public void onError(Throwable t) { result.completeExceptionally(t); }

    @Override
    public void onComplete() { result.complete(new Body(size == bytes.length ? bytes : Arrays.copyOf(bytes, size), false)); }
}
