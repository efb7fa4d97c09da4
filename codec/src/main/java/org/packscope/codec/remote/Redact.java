package org.packscope.codec.remote;

import java.net.URI;
import java.util.regex.Pattern;

/**
 * Addresses as they may be shown: no user name or password, no query string (presigned
 * URLs carry their signature and credential there). Every message, node name and log line
 * about a remote object goes through here.
 */
public final class Redact {
    private static final Pattern USERINFO = Pattern.compile("(?i)\\b((?:https?|s3)://)[^/@\\s]*@");
    private static final Pattern QUERY = Pattern.compile("(?i)(\\b(?:https?|s3)://[^\\s?#]*)\\?[^\\s#]*");

    private Redact() { }

    /** {@code https://user:pw@host/k?X-Amz-Signature=..} becomes {@code https://host/k?<redacted>}. */
    public static String url(URI uri) {
        return text(uri.toString());
    }

    /** Every URL inside a text, redacted. */
    public static String text(String s) {
        if (s == null) return null;
        String out = USERINFO.matcher(s).replaceAll("$1");
        return QUERY.matcher(out).replaceAll("$1?<redacted>");
    }
}
