package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.prefs.Preferences;

import org.junit.jupiter.api.Test;

import org.packscope.app.ui.PackScopeApp;

/**
 * Tests never write into a real user's preferences: the suite names a node of its own
 * ({@code packscope.preferences}, set in app/pom.xml), and everything the window remembers,
 * "Read elements as" choices included, lives under it. (A {@code /tmp/junit-…} entry once
 * appeared in a real user's {@code interpret-as} node.)
 */
class PreferencesIsolationTest {
    @Test
    void everythingRememberedLivesUnderTheTestsOwnNode() {
        String root = System.getProperty(AppPreferences.PROPERTY);
        assertEquals("/packscope-tests", root, "the suite sets its own preferences node");
        String user = Preferences.userNodeForPackage(PackScopeApp.class).absolutePath();
        assertEquals(root, AppPreferences.root().absolutePath());
        assertNotEquals(user, AppPreferences.root().absolutePath());
        assertTrue(DetailPane.INTERPRETATIONS.absolutePath().startsWith(root + "/"), DetailPane.INTERPRETATIONS.absolutePath());
        assertTrue(!DetailPane.INTERPRETATIONS.absolutePath().startsWith(user), "not the user's node");
    }
}
