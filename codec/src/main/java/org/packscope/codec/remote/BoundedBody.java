package org.packscope.codec.remote;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
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

    private final long limit;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final CompletableFuture<Body> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    BoundedBody(long limit) {
        this.limit = limit;
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
            if (out.size() + (long) n > limit) {
                subscription.cancel();
                result.complete(new Body(out.toByteArray(), true));
                return;
            }
            byte[] chunk = new byte[n];
            b.get(chunk);
            out.write(chunk, 0, n);
        }
    }

    @Override
    public void onError(Throwable t) { result.completeExceptionally(t); }

    @Override
    public void onComplete() { result.complete(new Body(out.toByteArray(), false)); }
}
