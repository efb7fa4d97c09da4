package org.packscope.codec.remote;

import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ThreadLocalRandom;

/** Tries a request again on throttling, server errors and time-outs: 3 more times, waiting about 0.1, 0.4 and 1.6 s. */
final class Retries {
    static final int RETRIES = Integer.getInteger("packscope.remote.retries", 3);

    interface Call<T> {
        T run() throws IOException;
    }

    private Retries() { }

    static <T> T run(Call<T> call) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                return call.run();
            } catch (RemoteProblem p) {
                if (!p.retryable() || attempt >= RETRIES) throw p;
                long wait = 100L << (2 * attempt);
                try {
                    Thread.sleep(wait / 2 + ThreadLocalRandom.current().nextLong(wait / 2 + 1));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancellationException("cancelled while waiting to retry");
                }
            }
        }
    }
}
