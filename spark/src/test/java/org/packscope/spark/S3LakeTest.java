package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.remote.LocalS3;
import org.packscope.codec.remote.RemoteSettings;

/**
 * The same lake through the S3-compatible server: a Zarr store of 10,050 chunks with
 * known damage and a folder of every sample format, read by the executors over HTTP.
 * The census is the known damage, the lines are single-machine check's on the same
 * s3:// addresses, and they are the lines of the local copy with its address changed.
 */
class S3LakeTest extends LocalSparkTest {
    private static final String BUCKET = "lake";
    private static LocalS3 s3;

    @BeforeAll
    static void start() throws Exception {
        s3 = new LocalS3();
        s3.signIn();
    }

    @AfterAll
    static void stop() throws Exception {
        LocalS3.signOut();
        RemoteSettings.endpoint(null);
        s3.close();
    }

    @Test
    void censusThroughS3IsTheKnownDamageAndCheck(@TempDir Path dir) throws Exception {
        Path local = dir.resolve("lake");
        ZarrLake.Truth crc = ZarrLake.v3Crc(local.resolve("store.zarr"), "counts", 10_050, 20, 15, 5, 4);
        FolderLake files = FolderLake.make(local.resolve("files"), 1, 1);
        s3.upload(BUCKET, local);
        List<String> remote = List.of("s3://" + BUCKET + "/store.zarr", "s3://" + BUCKET + "/files");
        LakeCheck.Options o = new LakeCheck.Options(null, dir.resolve("out"), null, new LakeJob.Remote(s3.endpoint(), null, false), remote);
        LakeReport r = LakeJob.run(spark, o.addresses(), o.previous(), o.remote());
        LakeOutput.write(spark, o.out(), r);

        Census.Row array = r.census().stream().filter(c -> c.array.equals("counts")).findFirst().orElseThrow();
        assertEquals(crc.missing.size(), array.missing);
        assertEquals(crc.damaged.size(), array.damaged);
        assertEquals(crc.stored() - crc.damaged.size(), array.valid);
        Set<String> damaged = r.collected().stream().filter(u -> u.status().equals(UnitResult.DAMAGED))
                .map(u -> u.unit().kind() == LakeUnit.Kind.CHUNK ? u.unit().key() : u.unit().address().replace("s3://" + BUCKET, local.toString()))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = new TreeSet<>(crc.damaged.keySet());
        expected.addAll(files.damaged);
        assertEquals(expected, damaged);
        assertFalse(r.collected().stream().anyMatch(u -> u.fingerprint().isEmpty() && u.unit().kind() == LakeUnit.Kind.CHUNK),
                "every chunk has its ETag and size recorded");

        Set<String> lines = SparkTests.lines(r);
        // check's addresses: the store, and each file of the folder (the job's units)
        List<String> checked = new java.util.ArrayList<>(List.of(remote.get(0)));
        files.entries.forEach(a -> checked.add(a.replace(local.toString(), "s3://" + BUCKET)));
        assertEquals(SparkTests.checkLines(checked), lines, "single-machine check on the same s3:// addresses");
        LakeReport locally = SparkTests.run(spark, dir.resolve("out-local"), null,
                List.of(local.resolve("store.zarr").toString(), local.resolve("files").toString()));
        Set<String> asRemote = SparkTests.lines(locally).stream().map(l -> l.replace(local.toString(), "s3://" + BUCKET))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(asRemote, lines, "the same lines as the local copy's");
    }
}
