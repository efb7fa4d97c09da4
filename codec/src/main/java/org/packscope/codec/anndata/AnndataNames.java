package org.packscope.codec.anndata;

import java.util.List;

import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5Object;
import org.packscope.codec.sparse.H5Text;

/**
 * Where an AnnData matrix takes its row and column names from, by its place in the
 * file: {@code X} and {@code layers/*} are obs × var, {@code raw/X} is obs × raw var,
 * {@code obsm/*} and {@code varm/*} have names on rows only, {@code obsp/*} and
 * {@code varp/*} on both sides. Indexes come from dataframe groups ({@code _index}
 * attribute) or, in files before anndata 0.7, compound datasets with an {@code index} field.
 */
final class AnndataNames {
    private AnndataNames() { }

    /** The dataframes naming rows and columns ({@code null} for none), or null when the path (as {@link H5Text#path}) is not an AnnData matrix place. */
    static String[] frames(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        if (p.equals("X")) return new String[] {"obs", "var"};
        if (p.equals("raw/X")) return new String[] {"obs", "raw/var"};
        if (p.equals("raw.X")) return new String[] {"obs", "raw.var"};
        int slash = p.lastIndexOf('/');
        if (slash <= 0 || p.indexOf('/') != slash && !p.startsWith("raw/")) return null;
        String parent = p.substring(0, slash);
        return switch (parent) {
            case "layers" -> new String[] {"obs", "var"};
            case "obsm" -> new String[] {"obs", null};
            case "varm" -> new String[] {"var", null};
            case "raw/varm" -> new String[] {"raw/var", null};
            case "obsp" -> new String[] {"obs", "obs"};
            case "varp" -> new String[] {"var", "var"};
            default -> null;
        };
    }

    /** The index of the dataframe at {@code path} in the file, or an empty list. */
    static List<String> index(Hdf5Group root, String path) {
        if (path == null) return List.of();
        Hdf5Object df = root.at(path);
        if (df instanceof Hdf5Group g) {
            String name = H5Text.attr(g, "_index");
            return H5Text.strings(H5Text.child(g, name == null ? "_index" : name), null);
        }
        return H5Text.strings(df, "index");
    }

    /** True when the file looks like AnnData: the root says so, or it has obs and var. */
    static boolean isAnndata(Hdf5Group root) {
        if ("anndata".equals(H5Text.attr(root, "encoding-type"))) return true;
        return H5Text.child(root, "obs") != null && H5Text.child(root, "var") != null;
    }
}
