package org.packscope.codec.remote;

import java.io.IOException;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.read.ReadProblem;

/**
 * A remote read that failed for a reason the user must see: the rule, the URL (always
 * redacted) and the HTTP status (0 when there was no answer). An {@link IOException}, so
 * file-system callers treat it as an unreadable file.
 */
public final class RemoteProblem extends IOException {
    private final transient Rule rule;
    private final int status;

    public RemoteProblem(Rule rule, String redactedUrl, int status, String what) {
        super(redactedUrl + ": " + (status > 0 ? "HTTP " + status + ": " : "") + what);
        this.rule = rule;
        this.status = status;
        // callers that know no remote rules find the diagnostic here (FormatRegistry.whyMissing)
        initCause(new ReadProblem(Diagnostic.error(null, rule, getMessage())));
    }

    public Rule rule() { return rule; }

    public int status() { return status; }

    /** Whether trying again later may help (throttling, server errors, time-outs, lost connections). */
    boolean retryable() {
        return rule == RemoteRules.REMOTE_THROTTLED || rule == RemoteRules.REMOTE_SERVER_ERROR
                || rule == RemoteRules.REMOTE_TIMEOUT || rule == RemoteRules.REMOTE_UNREACHABLE;
    }
}
