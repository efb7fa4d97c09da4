package org.packscope.codec.fuzz;

import java.nio.file.Path;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.hdf5.Hdf5Format;

/** The HDF5 adaptor (jhdf underneath) on arbitrary bytes: diagnostics, never an escape. */
class Hdf5FuzzTest {

    @FuzzTest(maxDuration = "10m")
    void openAnything(byte[] data) throws Exception {
        Path f = FuzzFiles.write("fuzz.h5", data);
        FuzzFiles.walk(new Hdf5Format(java.util.List.of()).open(f, FuzzFiles.REGISTRY));
    }
}
