package org.packscope.codec.bpcells;

import java.io.IOException;
import java.nio.file.Path;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5GroupOpener;
import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;

/**
 * BPCells matrices inside HDF5 files: a group whose {@code version} attribute says
 * {@code …-matrix-vN}, or that has idxptr and shape datasets.
 */
public final class BpcellsHdf5Opener implements Hdf5GroupOpener {

    @Override public String displayName() { return "BPCells matrix (HDF5 group)"; }

    @Override
    public boolean accepts(Hdf5Group group) {
        String v = Hdf5ArrayStore.readVersion(group);
        if (v != null) return MatrixVersion.looksLikeMatrixVersion(v);
        // two members by name: a root group of 50,000 members is not read whole to say it is not a matrix
        return group.member(ArrayNames.IDXPTR) instanceof Hdf5Dataset && group.member(ArrayNames.SHAPE) instanceof Hdf5Dataset;
    }

    @Override
    public Node open(Hdf5Group group, Path file) {
        return Node.lazy(group.name(), "bpcells-matrix", n -> fill(n, group, file));
    }

    @Override
    public void fill(Node n, Hdf5Group group, Path file) {
        {
            ByteSource src = null;
            try {
                src = ByteSource.open(file);
            } catch (IOException e) {
                // without the file's bytes only the hex view is lost
            }
            Hdf5ArrayStore store = new Hdf5ArrayStore(group, file.getFileName() + "::" + group.path(), src);
            String version = Hdf5ArrayStore.readVersion(group);
            BpcellsDocs.field(n, "matrix.hdf5_group", "hdf5 group", null, group.path(), "group holding the matrix arrays; version in its 'version' attribute");
            if (store.groupProblem() != null) {
                n.diagnose(Diagnostic.error(null, Hdf5Rules.UNREADABLE, store.groupProblem()));
                n.summary("unreadable HDF5 group");
                return;
            }
            MatrixNodeBuilder.fill(n, store, version, file);
        }
    }
}
