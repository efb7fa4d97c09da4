package org.packscope.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.packscope.codec.blosc.BloscEncoder;

/**
 * The small lake whose census the window's tests open (recorded under the app's test
 * resources, {@code lake-census/}): a Zarr array of 10,100 grid chunks of which seven are
 * stored (one cut short, one with a bad Blosc header), and a folder of sample files, two
 * of them damaged, and an HDF5 file of many chunks, five damaged (lake-hdf5/).
 */
final class CensusLake {
    static final int GRID = 10_100;
    static final long[] VALID = {0, 1, 2, 5_000, 10_099};
    static final long TRUNCATED = 77, BAD_HEADER = 4_242;

    private CensusLake() { }

    static void make(Path lake) throws IOException {
        Path a = ZarrLake.v2BloscArray(lake.resolve("grid.zarr"), GRID);
        for (long k : VALID) Files.write(a.resolve(Long.toString(k)), chunk(k));
        Files.write(a.resolve(Long.toString(TRUNCATED)), Arrays.copyOf(chunk(TRUNCATED), 30));
        byte[] bad = chunk(BAD_HEADER);
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(12, bad.length + 1000); // cbytes: more than there is
        Files.write(a.resolve(Long.toString(BAD_HEADER)), bad);

        Path files = lake.resolve("files");
        Files.createDirectories(files);
        Path samples = FolderLake.samplesRoot();
        for (String s : new String[] {"pco/dict_f64_10vals_nan.pco", "pco/multichunk_f32_10x1000-damaged.pco",
                "binjson/config-damaged.sj", "blosc/snappy_shuf_ts8_24000b_smooth_c5.blosc"}) {
            Path from = samples.resolve(s);
            Files.copy(from, files.resolve(from.getFileName().toString()));
        }
        // an HDF5 file whose datasets of 2,000 and 120 chunks are checked chunk by chunk, five damaged
        try (var in = CensusLake.class.getResourceAsStream("/lake-hdf5/many_chunks.h5")) {
            Files.copy(in, files.resolve("many_chunks.h5"));
        }
        byte[] whole = Files.readAllBytes(samples.resolve("pco/smooth_i64_timestamps_ms.pco"));
        Files.write(files.resolve("smooth_i64_timestamps_ms-cut.pco"), Arrays.copyOf(whole, whole.length / 2));
    }

    /** Chunk {@code k}: its 16 int32 values k*16 … k*16+15, Blosc lz4 with shuffle. */
    private static byte[] chunk(long k) {
        ByteBuffer values = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        for (int j = 0; j < 16; j++) values.putInt((int) (k * 16 + j));
        return BloscEncoder.encode(values.array(), BloscEncoder.Settings.of(BloscEncoder.Codec.named("lz4"), 5, BloscEncoder.Filter.SHUFFLE, 4));
    }
}
