package org.packscope.app.ui.window;

import java.util.List;

import org.packscope.codec.format.Teacher;

/**
 * Readies the teaching windows off the FX thread while the main window starts: asks every
 * teacher for its {@link Syllabus} (which loads each format's teaching classes), and loads
 * and initialises the JavaFX control and skin classes that only a teaching window uses.
 * Done on the FX thread when the first teaching window opened, that class loading held it
 * for hundreds of milliseconds under load (ChoiceBoxSkin's popup menu, the text area's skin).
 */
public final class TeachingWarmUp {
    private TeachingWarmUp() { }

    /**
     * Classes a teaching window's first frame creates and the main window does not. Only
     * their static initialisers run here, no instance: skins and popups are made by JavaFX
     * on the FX thread when it styles the window.
     */
    static final List<String> FX_CLASSES = List.of(
            "javafx.scene.control.ChoiceBox", "javafx.scene.control.skin.ChoiceBoxSkin",
            "javafx.scene.control.ContextMenu", "javafx.scene.control.PopupControl",
            "javafx.scene.control.skin.ContextMenuSkin",
            "javafx.scene.control.TextArea", "javafx.scene.control.skin.TextAreaSkin",
            "javafx.scene.control.skin.TextInputControlSkin", "javafx.scene.layout.FlowPane");

    /** Every teacher's syllabus, by title; and the teaching window's JavaFX classes loaded. Not on the FX thread. */
    public static List<Syllabus> syllabi() {
        List<Syllabus> out = Teacher.all().stream().map(Syllabus::of).toList();
        ClassLoader loader = TeachingWarmUp.class.getClassLoader();
        for (String name : FX_CLASSES) {
            try {
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                // a class renamed in another JavaFX release: the window still works, only its first show is slower
            }
        }
        return out;
    }
}
