package org.packscope.app.ui.view;

import java.util.prefs.Preferences;

/**
 * Where the window remembers things (layout, recent files, "Read elements as" choices):
 * the user's preferences node of the app, or the node the system property
 * {@value #PROPERTY} names (an absolute path under the user root). The test suite sets it,
 * so tests never write into a real user's preferences.
 */
public final class AppPreferences {
    static final String PROPERTY = "packscope.preferences";
    /**
     * The node of the package the app's classes all lived in before they were split into
     * subpackages: what people have remembered stays where it was.
     */
    static final String USER_NODE = "/org/packscope/app/ui";

    private AppPreferences() { }

    public static Preferences root() {
        String path = System.getProperty(PROPERTY);
        if (path != null && path.startsWith("/") && path.length() > 1) return Preferences.userRoot().node(path);
        return Preferences.userRoot().node(USER_NODE);
    }
}
