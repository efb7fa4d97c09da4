package org.packscope.codec.hdf5;

import java.nio.file.Path;
import java.util.List;

import io.jhdf.HdfFile;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.hdf5.layout.StructureNodes;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;

/** HDF5 files through jhdf: groups, datasets, attributes and dataset values. */
public final class Hdf5Format implements Format {
    static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    private final List<Hdf5GroupOpener> groupOpeners;

    /** With every group opener on the class path (see {@link Hdf5GroupOpener}). */
    public Hdf5Format() {
        this(java.util.ServiceLoader.load(Hdf5GroupOpener.class, Hdf5Format.class.getClassLoader())
                .stream().map(java.util.ServiceLoader.Provider::get).toList());
    }

    /** With exactly these group openers, asked in this order. */
    public Hdf5Format(List<Hdf5GroupOpener> groupOpeners) {
        this.groupOpeners = groupOpeners;
    }

    @Override public String id() { return "hdf5"; }

    @Override public String displayName() { return "HDF5"; }

    @Override public List<String> inside() {
        List<String> out = new java.util.ArrayList<>();
        out.add("netCDF-4 (netCDF / CF conventions applied to values)");
        for (Hdf5GroupOpener o : groupOpeners) out.add(o.displayName());
        return out;
    }

    @Override
    public int probe(Probe probe) {
        // the superblock may also sit at 512, 1024, ... after a user block
        if (!probe.isRegularFile()) return 0;
        byte[] head = probe.head();
        for (int at = 0; at + SIGNATURE.length <= head.length; at = at == 0 ? 512 : at * 2) {
            if (matches(head, at)) return 100;
        }
        return 0;
    }

    private static boolean matches(byte[] b, int at) {
        for (int i = 0; i < SIGNATURE.length; i++) if (b[at + i] != SIGNATURE[i]) return false;
        return true;
    }

    @Override
    public Node open(Path path, Opener opener) {
        return Node.lazy(FileNames.of(path), "hdf5-file", n -> {
            ByteSource src = ByteSource.open(path);
            n.source(src).span(Span.bytes(0, src.size()));
            HdfFile file;
            // here, where every HdfFile PackScope reads is made (so before jhdf or ChunkFilters resolves a
            // filter), not when the format is made: registering loads jhdf's filters and its logging,
            // tens of ms a command that opens no HDF5 file has no use for
            Hdf5Filters.register();
            try {
                file = new HdfFile(path);
                n.closeWith(file);
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                n.diagnose(Hdf5Failure.diagnostic("the file's superblock and root group", e));
                // PackScope's own reading shows what is left, and where the damage is
                n.add(StructureNodes.fileStructure(src));
                return;
            }
            long base = file.getUserBlockSize();
            n.field("user block", null, base + " bytes", "bytes before the superblock, free for other use");
            n.field("signature", Span.bytes(base, 8), "\\x89HDF\\r\\n\\x1a\\n", "HDF5 format signature");
            if (src.has(base + 8, 1)) {
                n.field("superblock version", Span.bytes(base + 8, 1), src.u8(base + 8),
                        "layout of the superblock that follows (0-3)");
            }
            n.field("file size", null, FileNames.size(src.size()), "bytes on disk");
            Hdf5Nodes nodes = new Hdf5Nodes(path, src, groupOpeners, file, opener);
            for (Hdf5GroupOpener o : groupOpeners) {
                // a format that fills the whole file (a BPCells matrix in the root group, addressed as file.h5::/)
                boolean root;
                try {
                    root = nodes.headerFits(Node.of("", "probe"), file.getAddress(), () -> "the root group")
                            && GroupMembers.namesFit(file, file) && o.accepts(nodes.group(file));
                } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                    // not recognised; the plain listing below reports what is damaged
                    root = false;
                }
                if (root) {
                    nodes.guard(n, "the root group", () -> nodes.fillClaimed(n, o, file, List.of()));
                    return;
                }
            }
            nodes.guard(n, "the root group", () -> nodes.fillGroup(n, file, StructureNodes.fileStructure(src)));
        });
    }
}
