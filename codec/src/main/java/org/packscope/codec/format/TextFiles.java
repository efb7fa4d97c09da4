package org.packscope.codec.format;

import java.util.Locale;
import java.util.Set;

/** Text files that sit beside data (a README.txt, notes): named as text, and text in their first bytes. */
public final class TextFiles {
    /** Extensions that say "text". */
    private static final Set<String> EXTENSIONS = Set.of("txt", "md", "rst", "text", "log");

    private TextFiles() { }

    /** True when {@code name} ends in a text extension and {@code head[0..len)} has no NUL or control byte but tab, newline, CR and form feed. */
    public static boolean isText(String name, byte[] head, int len) {
        int dot = name.lastIndexOf('.');
        if (dot < 0 || !EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT))) return false;
        for (int i = 0; i < len; i++) {
            int b = head[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) return false;
        }
        return true;
    }
}
