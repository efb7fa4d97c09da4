package org.packscope.app.ui;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.prefs.Preferences;

import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

import org.packscope.app.export.Export;
import org.packscope.app.export.SafeOutput;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.app.ui.view.BrowserTree;
import org.packscope.app.ui.view.DetailPane;
import org.packscope.app.ui.view.StatusBar;
import org.packscope.app.ui.view.Theme;
import org.packscope.app.ui.view.ValuesView;
import org.packscope.app.ui.window.CensusWindow;
import org.packscope.app.ui.window.DiffWindow;
import org.packscope.app.ui.window.SteppedWindow;
import org.packscope.app.ui.window.SurveyWindow;
import org.packscope.app.ui.window.Syllabus;
import org.packscope.app.ui.window.TeachingWarmUp;
import org.packscope.app.ui.window.TeachingWindow;
import org.packscope.codec.format.Format;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.format.LakeCensus;
import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.NodeLocator;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.remote.Redact;
import org.packscope.codec.remote.RemoteFileSystemProvider;

/** The main window: menu, browser tree, detail pane and status bar. */
public final class MainWindow {
    private final Stage stage;
    private final FormatRegistry registry = FormatRegistry.standard();
    private final StatusBar status = new StatusBar();
    private final TaskRunner runner = new TaskRunner(status);
    private final BrowserTree browser;
    private final DetailPane detail;
    private final RecentFiles recent;
    private final Menu recentMenu = new Menu("Open _Recent");
    private final Menu bookmarksMenu = new Menu("_Bookmarks");
    private final java.util.List<Bookmark> bookmarks = new java.util.ArrayList<>();

    /** A field someone wants to come back to: its node and the field's name. */
    // public, like goTo and bookmarks(): the window tests in ui.view go to one
    public record Bookmark(Node node, String field) {
        String label() {
            String where = node.path().isEmpty() ? node.name() : node.path();
            return where + (field == null ? "" : " · " + field);
        }
    }
    private final BorderPane root = new BorderPane();
    private int selection;
    private final java.util.prefs.Preferences prefs;
    private final SplitPane mainSplit;

    public MainWindow(Stage stage, Preferences prefs) {
        this.stage = stage;
        this.recent = new RecentFiles(prefs);
        Theme.apply("dark".equals(prefs.get("theme", "light")) ? Theme.DARK : Theme.LIGHT);
        this.detail = new DetailPane(runner, this::reveal, this::reveal);
        // the main window makes its plot now, while starting; other windows when first plotting
        detail.preparePlot();
        this.browser = new BrowserTree(runner, this::select);
        detail.diagnostics().onDeepCheck(browser::markDeepCheck);
        SplitPane split = new SplitPane(browser, detail);
        split.setDividerPositions(prefs.getDouble("layout.browser", 0.3));
        // the tree keeps a usable width on narrow screens
        browser.setMinWidth(MIN_TREE_WIDTH);
        this.prefs = prefs;
        this.mainSplit = split;
        root.setTop(menu());
        root.setCenter(split);
        root.setBottom(status);
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(1280, screen.getWidth()), Math.min(800, screen.getHeight()));
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles() || droppedAddress(e.getDragboard()) != null) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            var board = e.getDragboard();
            boolean ok = board.hasFiles() || droppedAddress(board) != null;
            if (board.hasFiles()) for (File f : board.getFiles()) open(f.toPath());
            else if (ok) openAddress(droppedAddress(board));
            e.setDropCompleted(ok);
            e.consume();
        });
        installKeys(scene);
        stage.setTitle("PackScope");
        stage.setScene(scene);
        restoreLayout();
        stage.setOnHiding(e -> {
            saveLayout();
            closeTrees(browser.removeRoots(true));
        });
    }

    /** Keys that work wherever the focus is (the list is {@link Shortcuts#ALL}). */
    private void installKeys(Scene scene) {
        var keys = scene.getAccelerators();
        keys.put(KeyCombination.keyCombination("Shortcut+G"), () -> detail.hex().focusGoTo());
        keys.put(KeyCombination.keyCombination("Shortcut+V"), this::pasteAddress);
        keys.put(KeyCombination.keyCombination("Shortcut+D"), this::bookmarkSelectedField);
        for (int i = 1; i <= 9; i++) {
            int tab = i - 1;
            keys.put(KeyCombination.keyCombination("Shortcut+" + i), () -> detail.showTab(tab));
        }
        keys.put(KeyCombination.keyCombination("F6"), () -> cycleFocus(1));
        keys.put(KeyCombination.keyCombination("Shift+F6"), () -> cycleFocus(-1));
        keys.put(KeyCombination.keyCombination("Shortcut+T"), () -> {
            detail.showValues();
            detail.values().traceSelected();
        });
        keys.put(KeyCombination.keyCombination("Shortcut+F"), () -> {
            detail.showValues();
            detail.values().focusFind();
        });
        keys.put(KeyCombination.keyCombination("Shortcut+I"), () -> {
            detail.showValues();
            detail.values().focusJump();
        });
    }

    /** A URL pasted anywhere but into a text field opens, as a dropped one does. */
    void pasteAddress() {
        if (stage.getScene().getFocusOwner() instanceof javafx.scene.control.TextInputControl) return;
        String address = droppedAddress(javafx.scene.input.Clipboard.getSystemClipboard());
        if (address != null) openAddress(address);
    }

    /** The three places F6 moves between: the tree, the open tab, the hex view. */
    void cycleFocus(int direction) {
        javafx.scene.Node[] zones = {browser, detail.tabs(), detail.hex()};
        javafx.scene.Node focused = stage.getScene().getFocusOwner();
        int at = -1;
        for (javafx.scene.Node n = focused; n != null && at < 0; n = n.getParent()) {
            for (int i = 0; i < zones.length; i++) if (zones[i] == n) at = i;
        }
        int next = Math.floorMod(at < 0 ? (direction > 0 ? -1 : 0) + direction : at + direction, zones.length);
        if (next == 1) detail.focusTab();
        else zones[next].requestFocus();
    }

    /** Switches between the light and the dark look, and remembers the choice. */
    // public: the window tests in ui.view drive the window through it
    public void setTheme(Theme t) {
        Theme.apply(t);
        prefs.put("theme", t == Theme.DARK ? "dark" : "light");
        detail.repaint();
    }

    /** The tree's narrowest width: names and a summary stay readable at 1024 px. */
    // public: a window test in ui.view checks the tree keeps it
    public static final double MIN_TREE_WIDTH = 240;

    /**
     * Window size and place as the person left them, fitted into the visual bounds of the
     * screen it opens on (a remembered size can be larger than this screen), and the
     * dividers where they were.
     */
    // public: the window tests in ui.view drive the window through it
    public void restoreLayout() {
        double x = prefs.getDouble("layout.x", Double.NaN), y = prefs.getDouble("layout.y", Double.NaN);
        javafx.stage.Screen screen = javafx.stage.Screen.getScreens().stream()
                .filter(sc -> sc.getVisualBounds().contains(x + 40, y + 20)).findFirst().orElse(javafx.stage.Screen.getPrimary());
        javafx.geometry.Rectangle2D b = screen.getVisualBounds();
        double w = Math.min(prefs.getDouble("layout.width", 1280), b.getWidth());
        double h = Math.min(prefs.getDouble("layout.height", 800), b.getHeight());
        w = Math.max(Math.min(400, b.getWidth()), w);
        h = Math.max(Math.min(300, b.getHeight()), h);
        stage.setWidth(w);
        stage.setHeight(h);
        boolean remembered = !Double.isNaN(x) && !Double.isNaN(y);
        stage.setX(remembered ? Math.max(b.getMinX(), Math.min(x, b.getMaxX() - w)) : b.getMinX() + (b.getWidth() - w) / 2);
        stage.setY(remembered ? Math.max(b.getMinY(), Math.min(y, b.getMaxY() - h)) : b.getMinY() + (b.getHeight() - h) / 3);
        mainSplit.setDividerPositions(prefs.getDouble("layout.browser", 0.3));
        detail.setDividers(prefs.getDouble("layout.hex", 0.55), prefs.getDouble("layout.explain", 0.72),
                prefs.getDouble("layout.trace", ValuesView.TABLE_SHARE));
    }

    private void saveLayout() {
        prefs.putDouble("layout.width", stage.getWidth());
        prefs.putDouble("layout.height", stage.getHeight());
        prefs.putDouble("layout.x", stage.getX());
        prefs.putDouble("layout.y", stage.getY());
        prefs.putDouble("layout.browser", mainSplit.getDividerPositions()[0]);
        double[] d = detail.dividers();
        prefs.putDouble("layout.hex", d[0]);
        prefs.putDouble("layout.explain", d[1]);
        prefs.putDouble("layout.trace", d[2]);
    }

    /** Saves size, place and dividers now (as closing the window does). */
    // public: the window tests in ui.view drive the window through it
    public void rememberLayout() { saveLayout(); }

    /** Opens a path in the browser (in the background) and selects it. */
    public void open(Path path) {
        open(List.of(new Request(path.toString(), () -> path, "", null)));
    }

    /**
     * Opens what an address names, as the command line reads it: a local path, an
     * {@code s3://} or {@code http(s)://} URL, either with {@code ::inner/path}, whose node
     * is then selected. A malformed address is a message in the status bar.
     */
    public void openAddress(String address) {
        String a = address == null ? "" : address.strip();
        if (!a.isEmpty()) openAllAddresses(List.of(a));
    }

    /** A URL dropped or pasted as text (a browser's link), or null when the text is none. */
    // public: a window test in ui.view checks what counts as a dropped address
    public static String droppedAddress(javafx.scene.input.Clipboard board) {
        String text = board.hasUrl() ? board.getUrl() : board.hasString() ? board.getString() : null;
        if (text == null) return null;
        text = text.strip();
        return !text.contains("\n") && RemoteFileSystemProvider.isRemote(text) ? text : null;
    }

    /** Asks for an address (a URL or a path) and opens it. */
    void askForAddress() {
        javafx.scene.control.TextInputDialog ask = new javafx.scene.control.TextInputDialog();
        ask.setTitle("Open URL");
        ask.setHeaderText("Open a file or store where it lives");
        ask.setContentText("Address");
        ask.getEditor().setPromptText("s3://bucket/key, https://host/file.h5ad::X or a local path");
        ask.getEditor().setPrefColumnCount(42);
        ask.getEditor().setId("open-url-address");
        ask.initOwner(stage);
        ask.showAndWait().ifPresent(this::openAddress);
    }

    /**
     * Opens files given together (on the command line): they are listed in the given order
     * whichever opens first, and the first of them is selected.
     */
    public void openAll(List<Path> paths) {
        open(paths.stream().map(p -> new Request(p.toString(), () -> p, "", null)).toList());
    }

    /** As {@link #openAll}, for addresses: local paths or URLs, each perhaps with {@code ::inner/path}. */
    public void openAllAddresses(List<String> addresses) {
        open(addresses.stream().map(String::strip).map(a -> request(a, null)).toList());
    }

    private static Request request(String address, Locator locate) {
        int sep = FormatRegistry.innerSeparator(address);
        String file = sep < 0 ? address : address.substring(0, sep);
        // a URL's file system starts a network client: made in the background with the reading
        return new Request(Redact.text(file), () -> FormatRegistry.pathOf(file),
                sep < 0 ? "" : address.substring(sep + 2), locate);
    }

    /** Finds, in a tree just opened and still off the FX thread, the path to the node to select. */
    private interface Locator {
        NodeLocator.Path locate(Node root, Progress progress);
    }

    /** Opens the unit a census problem names (its file, or its Zarr chunk) and selects it. */
    void openUnit(LakeCensus census, LakeCensus.Problem p) {
        open(List.of(request(census.resolve(p.address()), (root, progress) -> census.locate(root, p, progress))));
    }

    /** Opens the array a census line counts (or, for a line of plain files, the argument they came from). */
    void openCensusLine(LakeCensus census, LakeCensus.ArrayCount a) {
        String address = census.resolve(a.array().isEmpty() ? a.origin() : a.address());
        openAddress(a.array().isEmpty() || address.contains("::") ? address : address + "::" + a.array());
    }

    /** The census windows opened, newest last (for tests). */
    private final List<CensusWindow> censusWindows = new java.util.ArrayList<>();

    public List<CensusWindow> censusWindows() { return censusWindows; }

    /**
     * What to open: the address as it may be shown, how to make its path, the inner path to
     * select, and (or null) what finds the node to select once the tree is open.
     */
    private record Request(String shown, java.util.function.Supplier<Path> path, String inner, Locator locate) {
        String name() {
            String trimmed = shown.replaceAll("[/\\\\]+$", "");
            String name = trimmed.substring(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
            return name.isEmpty() ? shown : name;
        }
    }

    /** An opened tree and the path to select in it (or null), or else a lake census. */
    private record Opened(Path path, Node root, NodeLocator.Path located, CensusWindow.Model census) { }

    /**
     * Opens each request in the background; once all have answered, their trees are listed in
     * the order given and the first is selected (with its inner path, if it names one).
     */
    private void open(List<Request> requests) {
        Opened[] opened = new Opened[requests.size()];
        int[] waiting = {requests.size()};
        Runnable arrived = () -> {
            if (--waiting[0] > 0) return;
            BrowserTree.NodeItem first = null;
            for (Opened o : opened) {
                if (o == null) continue;
                recent.add(o.path());
                if (o.census() != null) {
                    showCensus(o.census());
                    continue;
                }
                BrowserTree.NodeItem item = browser.addRoot(o.root());
                if (first == null) first = item;
            }
            refreshRecentMenu();
            if (first == null) return;
            browser.getSelectionModel().select(first);
            first.setExpanded(true);
            Opened firstOpened = java.util.Arrays.stream(opened).filter(o -> o != null && o.root() != null).findFirst().orElseThrow();
            if (firstOpened.located() != null) {
                browser.revealPath(firstOpened.located());
                return;
            }
            List<String> names = java.util.Arrays.stream(requests.get(0).inner().split("/")).filter(s -> !s.isEmpty()).toList();
            if (!names.isEmpty()) browser.revealPath(first, names, found -> browser.getSelectionModel().select(found));
        };
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            int at = i;
            runner.submit("Opening " + r.name(), p -> {
                Path path = r.path().get();
                Path census = LakeCensus.folderOf(path);
                if (census != null) {
                    try {
                        return new Opened(path, null, null, CensusWindow.Model.of(LakeCensus.read(census, p)));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                SafeOutput.protect(path);
                Node root = registry.open(path);
                return new Opened(path, root, r.locate() == null ? null : r.locate().locate(root, p), null);
            }, o -> {
                opened[at] = o;
                arrived.run();
            }, ex -> {
                status.showError("Cannot open " + r.shown() + ": "
                        + (ex instanceof java.nio.file.InvalidPathException e ? e.getReason() : TaskRunner.describe(ex)));
                arrived.run();
            });
        }
    }

    /** Shows a lake check's census in a window of its own. */
    private void showCensus(CensusWindow.Model census) {
        CensusWindow w = new CensusWindow(census, p -> openUnit(census.census(), p), a -> openCensusLine(census.census(), a));
        censusWindows.add(w);
        SteppedWindow.open(stage, w, shown -> { });
    }

        /** Releases the files of trees taken off the browser (an HDF5 file stays open while shown). */
    private void closeTrees(List<Node> roots) {
        if (roots.isEmpty()) return;
        runner.quietly(() -> {
            roots.forEach(Node::close);
            return roots.size();
        }, n -> { }, failure -> { });
    }

    private void select(Node node) {
        int gen = ++selection;
        runner.submit("Reading " + node.name(), p -> {
            // touching these runs the node's loader (and its children's) here, off the FX thread
            node.fields();
            return ValuesView.Model.of(node);
        }, model -> {
            if (gen != selection) return;
            detail.show(node, model);
            browser.refresh();
        });
    }

    /**
     * Selects a node in the tree, expanding what leads to it. Its place among its parents'
     * children is found in the background (a child list can be long), then the tree opens
     * along that path.
     */
    private void reveal(Node node) {
        if (browser.itemFor(node) != null) {
            browser.reveal(node);
            return;
        }
        runner.submit("Finding " + node.name() + " in the tree", p -> pathTo(node, p), path -> {
            if (path != null) browser.revealPath(path);
        });
    }

    /** Children scanned at most to find a node's index in its parent. */
    private static final int MAX_SCAN = 200_000;

    /** The path from the outermost ancestor down to {@code node}, or null when an index cannot be found. */
    static NodeLocator.Path pathTo(Node node, Progress progress) {
        java.util.ArrayList<Node> nodes = new java.util.ArrayList<>();
        for (Node n = node; n != null; n = n.parent()) nodes.add(0, n);
        int[] indices = new int[nodes.size() - 1];
        for (int i = 0; i + 1 < nodes.size(); i++) {
            List<Node> kids = nodes.get(i).children();
            int at = -1;
            for (int k = 0; k < Math.min(kids.size(), MAX_SCAN) && at < 0; k++) {
                if ((k & 1023) == 0) progress.checkCancelled();
                if (kids.get(k) == nodes.get(i + 1)) at = k;
            }
            if (at < 0) return null;
            indices[i] = at;
        }
        return new NodeLocator.Path(nodes, indices);
    }

    private void reveal(NodeLocator.Path path) {
        browser.revealPath(path);
    }

    private MenuBar menu() {
        MenuItem openFile = new MenuItem("_Open File…");
        openFile.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        openFile.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Open file");
            File f = chooser.showOpenDialog(stage);
            if (f != null) open(f.toPath());
        });
        MenuItem openFolder = new MenuItem("Open _Folder…");
        openFolder.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+O"));
        openFolder.setOnAction(e -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Open folder");
            File f = chooser.showDialog(stage);
            if (f != null) open(f.toPath());
        });
        MenuItem openUrl = new MenuItem("Open _URL…");
        openUrl.setAccelerator(KeyCombination.keyCombination("Shortcut+L"));
        openUrl.setOnAction(e -> askForAddress());
        MenuItem export = new MenuItem("_Export Values…");
        export.setAccelerator(KeyCombination.keyCombination("Shortcut+E"));
        export.setOnAction(e -> chooseExport());
        MenuItem compare = new MenuItem("_Compare Two Files…");
        compare.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Compare: the first file");
            File a = chooser.showOpenDialog(stage);
            if (a == null) return;
            chooser.setTitle("Compare: the second file");
            chooser.setInitialDirectory(a.getParentFile());
            File b = chooser.showOpenDialog(stage);
            if (b != null) compare(a.toPath(), b.toPath(), w -> { });
        });
        MenuItem close = new MenuItem("_Close");
        close.setAccelerator(KeyCombination.keyCombination("Shortcut+W"));
        close.setOnAction(e -> closeTrees(browser.removeRoots(false)));
        MenuItem closeAll = new MenuItem("Close All");
        closeAll.setOnAction(e -> closeTrees(browser.removeRoots(true)));
        MenuItem quit = new MenuItem("_Quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> stage.close());
        refreshRecentMenu();
        Menu file = new Menu("_File", null, openFile, openFolder, openUrl, recentMenu, new SeparatorMenuItem(), export, compare,
                new SeparatorMenuItem(), close, closeAll, quit);
        MenuItem formats = new MenuItem("Formats");
        formats.setOnAction(e -> showFormats());
        Menu tools = new Menu("_Tools");
        // one teaching window for each format that teaches itself, listed once its teacher has been asked in the background
        runner.quietly(TeachingWarmUp::syllabi, syllabi -> {
            List<MenuItem> items = new java.util.ArrayList<>();
            for (Syllabus s : syllabi) {
                MenuItem teach = new MenuItem(s.title() + ", Explained…");
                teach.setOnAction(e -> openTeaching(() -> s, w -> { }));
                items.add(teach);
            }
            tools.getItems().addAll(0, items);
        }, failure -> status.showError("Finding the formats that teach themselves failed: " + TaskRunner.describe(failure)));
        MenuItem survey = new MenuItem("How Would These Values Compress…");
        survey.setOnAction(e -> openSurvey(w -> { }));
        tools.getItems().addAll(new SeparatorMenuItem(), survey);
        MenuItem addBookmark = new MenuItem("Bookmark Selected Field");
        addBookmark.setAccelerator(KeyCombination.keyCombination("Shortcut+D"));
        addBookmark.setOnAction(e -> bookmarkSelectedField());
        bookmarksMenu.getItems().setAll(addBookmark, new SeparatorMenuItem());
        javafx.scene.control.ToggleGroup themes = new javafx.scene.control.ToggleGroup();
        javafx.scene.control.RadioMenuItem light = new javafx.scene.control.RadioMenuItem("Light");
        javafx.scene.control.RadioMenuItem dark = new javafx.scene.control.RadioMenuItem("Dark");
        light.setToggleGroup(themes);
        dark.setToggleGroup(themes);
        (Theme.current() == Theme.DARK ? dark : light).setSelected(true);
        light.setOnAction(e -> setTheme(Theme.LIGHT));
        dark.setOnAction(e -> setTheme(Theme.DARK));
        Menu view = new Menu("_View", null, light, dark);
        MenuItem keyboard = new MenuItem("_Keyboard…");
        keyboard.setAccelerator(KeyCombination.keyCombination("F1"));
        keyboard.setOnAction(e -> Shortcuts.dialog(stage).show());
        Menu help = new Menu("_Help", null, keyboard, formats);
        return new MenuBar(file, view, bookmarksMenu, tools, help);
    }

    /** Help → Formats: every format PackScope reads, and the ones it reads inside them. */
    // public: the window tests in ui.view drive the window through it
    public void showFormats() {
        StringBuilder sb = new StringBuilder();
        for (Format f : registry.formats()) {
            sb.append("• ").append(f.displayName()).append('\n');
            for (String in : f.inside()) sb.append("    ◦ ").append(in).append('\n');
        }
        Alert a = new Alert(Alert.AlertType.INFORMATION, sb.toString());
        a.setTitle("Formats PackScope reads");
        a.setHeaderText("PackScope reads these formats, recognised by content");
        formatsDialog = a;
        a.initOwner(stage);
        a.show();
    }

    /** The last Help → Formats dialog shown (for tests), or null. */
    public Alert formatsDialog() { return formatsDialog; }

    private Alert formatsDialog;

    /** Asks for a format and a file, then writes the selected node's values there. */
    private void chooseExport() {
        Node node = detail.node();
        if (node == null) return;
        List<String> formats = Export.formatsFor(node);
        if (formats.isEmpty()) {
            status.showError(node.name() + " holds no values to export");
            return;
        }
        javafx.scene.control.ChoiceDialog<String> ask = new javafx.scene.control.ChoiceDialog<>(formats.get(0), formats);
        ask.setTitle("Export values");
        ask.setHeaderText("Export the values of " + node.name());
        ask.setContentText("Format");
        ask.initOwner(stage);
        var values = node.values();
        if (values != null && values.count() > 10_000_000) {
            long bytes = values.count() * Math.max(1, values.type().byteWidth());
            ask.setContentText(String.format(java.util.Locale.ROOT,
                    "%,d values (about %s as raw bytes, several times that as text). Format", values.count(),
                    FileNames.size(bytes)));
        }
        ask.showAndWait().ifPresent(format -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Export values as " + format);
            chooser.setInitialFileName(node.name() + "." + format);
            File f = chooser.showSaveDialog(stage);
            if (f != null) exportTo(node, format, f.toPath());
        });
    }

    /** Writes a node's values in the background; the status bar tells how it went. */
    // public: the window tests in ui.view drive the window through it
    public javafx.concurrent.Task<String> exportTo(Node node, String format, Path target) {
        return runner.submit("Exporting " + node.name(), p -> {
            try {
                // never onto an opened file or into an opened folder; complete or not at all
                var written = Export.writeFile(node, format, target, java.util.List.of(), node.name(), p);
                String note = written.note();
                return "Exported " + node.name() + " to " + target + (note == null ? "" : " — " + note);
            } catch (java.io.IOException | Export.Unsuitable e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }, status::showMessage);
    }

    /** Bookmarks the field selected in the structure table (or the node, when none is). */
    // public: the window tests in ui.view drive the window through it
    public void bookmarkSelectedField() {
        Node node = detail.node();
        if (node == null) return;
        var f = detail.structure().selectedField();
        Bookmark b = new Bookmark(node, f == null ? null : f.name());
        if (bookmarks.contains(b)) return;
        bookmarks.add(b);
        MenuItem item = new MenuItem(b.label());
        // names are shown as they are: an underscore is no mnemonic marker here
        item.setMnemonicParsing(false);
        item.setOnAction(e -> goTo(b));
        bookmarksMenu.getItems().add(item);
        status.showMessage("Bookmarked " + b.label());
    }

    /** Shows a bookmarked node and selects its field. */
    // public: the window tests in ui.view drive the window through it
    public void goTo(Bookmark b) {
        browser.reveal(b.node());
        runner.submit("Reading " + b.node().name(), p -> {
            b.node().fields();
            return b.node();
        }, n -> {
            selection++;
            detail.show(n);
            if (b.field() != null) detail.selectField(b.field());
        });
    }

    // public: a window test in ui.view reads them
    public java.util.List<Bookmark> bookmarks() { return bookmarks; }

    /** Opens a window listing the structural differences of two files; {@code shown} gets it once it shows. */
    // public: the window tests in ui.view drive the window through it
    public void compare(Path left, Path right, java.util.function.Consumer<DiffWindow> shown) {
        SteppedWindow.open(stage, new DiffWindow(registry, left, right), shown);
    }

    /**
     * Opens "how would this compress?" for the values shown (a file's, an array's, a
     * column's); {@code shown} gets the window once it shows. Without numbers shown it says so.
     */
    // public: the window tests in ui.view drive the window through it
    public void openSurvey(java.util.function.Consumer<SurveyWindow> shown) {
        Node n = detail.node();
        ValueColumn values = n == null ? null : n.values();
        if (values == null || !values.type().numeric() || values.count() == 0) {
            status.showMessage("Select something that holds numbers (a file, an array, a column) to see how it would compress");
            return;
        }
        SteppedWindow.open(stage, new SurveyWindow(n.name(), values, this::open), shown);
    }

    /** Opens the teaching view of format {@code formatId} (input in, annotated encoding out); {@code shown} gets it once it shows. */
    // public: the window tests in ui.view drive the window through it
    public void openTeaching(String formatId, java.util.function.Consumer<TeachingWindow> shown) {
        openTeaching(() -> Syllabus.of(Teacher.of(formatId)), shown);
    }

    /** Opens a teaching view whose {@code syllabus} is asked for in the background. */
    // public for a window test in ui.window, which hands it a syllabus
    public void openTeaching(java.util.function.Supplier<Syllabus> syllabus, java.util.function.Consumer<TeachingWindow> shown) {
        SteppedWindow.open(stage, new TeachingWindow(syllabus, () -> {
            Node n = detail.node();
            return n == null ? null : n.values();
        }), shown);
    }

    private void refreshRecentMenu() {
        recentMenu.getItems().clear();
        List<String> addresses = recent.list();
        for (String a : addresses) {
            MenuItem item = new MenuItem(a);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> openAddress(a));
            // a remote address is not asked about here: that would wait on the network
            item.setDisable(!RemoteFileSystemProvider.isRemote(a) && !localExists(a));
            recentMenu.getItems().add(item);
        }
        recentMenu.setDisable(addresses.isEmpty());
    }

    private static boolean localExists(String path) {
        try {
            return Files.exists(Path.of(path));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    // public, as are browser(), detail() and status(): the window tests in ui.view and ui.window read them
    public Stage stage() { return stage; }
    public Menu recentMenu() { return recentMenu; }
    public Menu bookmarksMenu() { return bookmarksMenu; }
    public SplitPane mainSplit() { return mainSplit; }

    /** The node the detail pane shows (for tests outside this package). */
    public Node shownNode() { return detail.node(); }

    /** True when no background work is running. */
    public boolean idle() { return runner.running() == 0; }
    public BrowserTree browser() { return browser; }
    public DetailPane detail() { return detail; }
    public StatusBar status() { return status; }
}
