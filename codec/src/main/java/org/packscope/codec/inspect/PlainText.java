package org.packscope.codec.inspect;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text that is safe to show a person: failures told in PackScope's words (no Java class
 * names, no bare "Java heap space"), and names with their control characters escaped
 * so a NUL, an escape sequence or a newline in a file or column name cannot forge
 * output lines or drive a terminal.
 */
public final class PlainText {
    /** A Java class name, qualified or not, of an exception or error, with the ": " after it. */
    private static final Pattern JAVA_FAILURE = Pattern.compile(
            "\\b(?:[a-z][a-z0-9_]*\\.)*([A-Z][A-Za-z0-9_]*(?:Exception|Error))\\b(?::\\s*)?");
    /** Java package-qualified names (java.lang.Foo, io.jhdf.Bar) that are not failures. */
    private static final Pattern QUALIFIED = Pattern.compile(
            "\\b(?:java|javax|jdk|sun|io\\.jhdf|org\\.packscope|org\\.tukaani|org\\.apache|com\\.fasterxml|io\\.airlift)(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)+");

    private PlainText() { }

    /** A count with its noun, singular for one: {@code count(1, "chunk")} is "1 chunk", {@code count(3000, "value")} "3,000 values". */
    public static String count(long n, String noun) {
        return count(n, noun, noun.endsWith("y") && !noun.endsWith("ey") ? noun.substring(0, noun.length() - 1) + "ies"
                : noun.endsWith("s") || noun.endsWith("x") ? noun + "es" : noun + "s");
    }

    /** A count with its noun, {@code one} for one and {@code many} otherwise, digits grouped. */
    public static String count(long n, String one, String many) {
        return grouped(n) + " " + (n == 1 ? one : many);
    }

    /**
     * {@code n} with its digits grouped by commas, as {@code String.format(Locale.ROOT, "%,d", n)}
     * writes it, without the formatter's parsing: node summaries of 300,000 chunks call this.
     */
    public static String grouped(long n) {
        String digits = Long.toString(n);
        int sign = n < 0 ? 1 : 0;
        int len = digits.length() - sign;
        if (len <= 3) return digits;
        StringBuilder b = new StringBuilder(digits.length() + len / 3).append(digits, 0, sign);
        for (int i = 0; i < len; i++) {
            if (i > 0 && (len - i) % 3 == 0) b.append(',');
            b.append(digits.charAt(sign + i));
        }
        return b.toString();
    }

    /** A failure as a person should read it; never empty, never a Java class name. */
    public static String describe(Throwable e) {
        if (e instanceof OutOfMemoryError) return "it needs more memory than PackScope may use";
        if (e instanceof StackOverflowError) return "it is nested too deeply to follow";
        String m = e.getMessage();
        String what = failureWords(e.getClass().getSimpleName());
        if (m == null || m.isBlank()) return what;
        String clean = scrub(m);
        return e instanceof RuntimeException && isBugClass(e) ? what + ": " + clean : clean;
    }

    private static boolean isBugClass(Throwable e) {
        return e instanceof NullPointerException || e instanceof IndexOutOfBoundsException
                || e instanceof ClassCastException || e instanceof ArithmeticException
                || e instanceof NegativeArraySizeException || e instanceof ArrayStoreException;
    }

    private static String failureWords(String simpleName) {
        return switch (simpleName) {
            case "NullPointerException" -> "a reader met a missing value";
            case "IndexOutOfBoundsException", "ArrayIndexOutOfBoundsException", "StringIndexOutOfBoundsException",
                 "BufferUnderflowException", "BufferOverflowException" -> "a reader went out of range";
            case "ArithmeticException" -> "arithmetic overflow";
            case "NegativeArraySizeException" -> "a negative size";
            case "ClassCastException", "ArrayStoreException" -> "a value of an unexpected kind";
            case "OutOfMemoryError" -> "it needs more memory than PackScope may use";
            case "StackOverflowError" -> "it is nested too deeply to follow";
            case "EOFException" -> "the data ends early";
            case "NoSuchFileException" -> "no such file";
            case "AccessDeniedException" -> "access denied";
            default -> simpleName.endsWith("Error") ? "an unexpected failure" : "the read failed";
        };
    }

    /** Replaces Java class names of failures and "Java heap space" in a message with plain words. */
    public static String scrub(String message) {
        if (message == null || message.isBlank()) return message == null ? "" : message;
        String s = message.replace("Java heap space", "out of memory")
                .replace("GC overhead limit exceeded", "out of memory");
        Matcher m = JAVA_FAILURE.matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            boolean more = m.group().contains(":") && m.end() < s.length();
            m.appendReplacement(sb, Matcher.quoteReplacement(failureWords(m.group(1)) + (more ? ": " : "")));
        }
        m.appendTail(sb);
        String out = QUALIFIED.matcher(sb).replaceAll("").trim();
        return out.isEmpty() ? "an unexpected failure" : out;
    }

    /**
     * A name or message with every control character (C0, DEL, C1) and every bidirectional
     * override written as {@code \xHH} or {@code \\uHHHH}, so it stays one printable line.
     */
    public static String escape(String s) {
        if (s == null) return "";
        int i = 0;
        while (i < s.length() && !needsEscape(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder sb = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!needsEscape(c)) sb.append(c);
            else if (c < 0x100) sb.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            else sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        }
        return sb.toString();
    }

    public static boolean needsEscape(char c) {
        return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029
                || c == 0xfeff;
    }

    /**
     * {@code s} as a JSON string literal. Besides what JSON requires, the characters
     * {@link #needsEscape} names are written as numeric escapes: the value is the same, and
     * a terminal or editor showing the file is not steered by what the data holds.
     */
    public static String jsonString(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (needsEscape(c)) sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }

    /** {@link #scrub} then {@link #escape}: what every printed message goes through. */
    public static String forDisplay(String message) {
        return escape(scrub(message));
    }
}
