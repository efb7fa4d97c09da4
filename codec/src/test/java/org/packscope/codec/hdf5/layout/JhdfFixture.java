package org.packscope.codec.hdf5.layout;

import java.nio.file.Path;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.DatasetCreationOptions;
import io.jhdf.api.WritableDataset;
import io.jhdf.api.WritableGroup;

/**
 * Writes fixtures/hdf5-structure/jhdf.h5 with jhdf's own writer (not a test): a third
 * HDF5 writer beside h5py and PyTables, whose choices (object header versions, heaps,
 * chunk index) PackScope's structure reading must take as the format allows them.
 * MANIFEST.json's entry for it comes from HDF5's own library:
 * {@code make_fixtures.py describe jhdf.h5}.
 * <p>
 * Run: {@code java -cp codec/target/test-classes:JHDF_JAR:SLF4J_JAR
 * org.packscope.codec.hdf5.layout.JhdfFixture codec/src/test/resources/fixtures/hdf5-structure/jhdf.h5}
 */
public final class JhdfFixture {
    private JhdfFixture() { }

    public static void main(String[] args) {
        try (WritableHdfFile f = HdfFile.write(Path.of(args[0]))) {
            f.putAttribute("title", "written by jhdf");
            f.putAttribute("numbers", new int[] {3, 1, 4, 1, 5});
            f.putDataset("ints", new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
            double[][] grid = new double[4][6];
            for (int i = 0; i < 4; i++) for (int j = 0; j < 6; j++) grid[i][j] = i * 0.5 - j;
            f.putDataset("grid", grid);
            int[] counts = new int[1000];
            for (int i = 0; i < counts.length; i++) counts[i] = (i * 7919) % 97;
            f.putDataset("chunked", counts, DatasetCreationOptions.builder().chunkDimensions(128).build());
            f.putDataset("deflated", counts, DatasetCreationOptions.builder().chunkDimensions(250).shuffle().deflate(6).build());
            WritableGroup g = f.putGroup("group");
            g.putAttribute("units", "metres");
            g.putDataset("floats", new float[] {1.5f, -2.25f, 3e8f});
            WritableDataset longs = g.putDataset("longs", new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE});
            longs.putAttribute("scale", 2.5);
            WritableGroup nested = g.putGroup("nested");
            nested.putDataset("bytes", new byte[] {-128, 0, 127});
        }
    }
}
