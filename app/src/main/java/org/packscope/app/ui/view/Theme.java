package org.packscope.app.ui.view;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.scene.paint.Color;

/**
 * Light and dark looks: AtlantaFX's Primer stylesheets for the controls, and the
 * matching colours for what PackScope draws itself (hex view, bit diagrams, spy plot).
 */
public enum Theme {
    LIGHT("#fbfbfd", "#1f2933", "#8a8f98", "#b0b4ba", "#52606d", "#ffd54f", "#eef1f5", "#9aa5b1"),
    DARK("#0d1117", "#e6edf3", "#7d8590", "#484f58", "#adbac7", "#9e6a03", "#161b22", "#6e7681");

    final Color background, text, address, zero, ascii, highlight, stripBackground, dim;

    Theme(String background, String text, String address, String zero, String ascii, String highlight,
          String stripBackground, String dim) {
        this.background = Color.web(background);
        this.text = Color.web(text);
        this.address = Color.web(address);
        this.zero = Color.web(zero);
        this.ascii = Color.web(ascii);
        this.highlight = Color.web(highlight);
        this.stripBackground = Color.web(stripBackground);
        this.dim = Color.web(dim);
    }

    private static volatile Theme current = LIGHT;

    public static Theme current() { return current; }

    /** Applies the theme to every window; views that draw themselves repaint on their next draw. */
    public static void apply(Theme t) {
        current = t;
        Application.setUserAgentStylesheet(t == DARK ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }
}
