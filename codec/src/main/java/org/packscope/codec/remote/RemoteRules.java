package org.packscope.codec.remote;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** What can go wrong reading an object over HTTP(S) or S3; every message names the URL (credentials redacted) and the HTTP status. */
public final class RemoteRules implements RuleCatalogue {
    public static final Rule REMOTE_FORBIDDEN = Rule.error("remote_forbidden",
            "the server refused access to an object (HTTP 401/403): credentials missing, wrong or expired");
    public static final Rule REMOTE_NOT_FOUND = Rule.error("remote_not_found",
            "the server has no object at an address that was read (HTTP 404/410)");
    public static final Rule REMOTE_THROTTLED = Rule.error("remote_throttled",
            "the server kept asking to slow down (HTTP 429/503) after the retries with backoff");
    public static final Rule REMOTE_SERVER_ERROR = Rule.error("remote_server_error",
            "the server failed (HTTP 5xx) or answered with a status PackScope cannot use, after the retries");
    public static final Rule REMOTE_TIMEOUT = Rule.error("remote_timeout",
            "the server did not answer, or did not finish sending, within the time limit");
    public static final Rule REMOTE_REDIRECT_LOOP = Rule.error("remote_redirect_loop",
            "the server redirected in a loop or more times than are followed");
    public static final Rule REMOTE_TRUNCATED = Rule.error("remote_truncated",
            "the server sent fewer (or more) bytes than it announced or than were asked for");
    public static final Rule REMOTE_CHANGED = Rule.error("remote_changed",
            "the object changed (another ETag or Last-Modified) or vanished while it was being read; "
                    + "nothing of the new version is mixed in");
    public static final Rule REMOTE_RANGE_IGNORED = Rule.error("remote_range_ignored",
            "the server ignored a byte-range request and began sending a large object whole; the transfer was stopped");
    public static final Rule REMOTE_HTML_PAGE = Rule.error("remote_html_page",
            "the server answered with an HTML page (often an error page sent with status 200) instead of the object");
    public static final Rule REMOTE_UNREACHABLE = Rule.error("remote_unreachable",
            "the server could not be reached (name, connection or TLS failure)");

    @Override public String owner() { return "remote (S3, HTTP)"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(RemoteRules.class); }
}
