package org.packscope.spark;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import org.packscope.codec.format.LakeCensus;

/**
 * Writes a run's three tables, each as JSON lines (one file, rows in a stable order) and
 * as Parquet (Spark's writer, a folder): every diagnostic, every unit, and the per-array
 * census, whose first line says what the file is.
 */
final class LakeOutput {
    // the names and the mark the window reads the folder by
    static final String DIAGNOSTICS = LakeCensus.DIAGNOSTICS;
    static final String UNITS = LakeCensus.UNITS;
    static final String CENSUS = LakeCensus.CENSUS;
    static final String CENSUS_MARK = LakeCensus.MARK;

    private LakeOutput() { }

    static void write(SparkSession spark, Path out, LakeReport report) throws IOException {
        Files.createDirectories(out);
        List<Map<String, Object>> diagnostics = new ArrayList<>();
        List<Map<String, Object>> units = new ArrayList<>();
        for (UnitResult u : report.results()) {
            units.add(unit(u));
            for (Problem p : u.problems()) diagnostics.add(diagnostic(u.unit(), p));
        }
        List<Map<String, Object>> census = new ArrayList<>();
        for (Census.Row r : report.census()) census.add(r.fields());
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("record", CENSUS_MARK);
        head.put("format", 1);
        head.put("addresses", report.addresses());
        head.put("units", report.results().size());
        head.put("exit_status", report.exitStatus());
        // relative addresses are relative to it
        head.put("working_directory", Path.of("").toAbsolutePath().toString());
        List<Map<String, Object>> censusFile = new ArrayList<>();
        censusFile.add(head);
        censusFile.addAll(census);
        jsonLines(out.resolve(DIAGNOSTICS + ".jsonl"), diagnostics);
        jsonLines(out.resolve(UNITS + ".jsonl"), units);
        jsonLines(out.resolve(CENSUS + ".jsonl"), censusFile);
        parquet(spark, out.resolve(DIAGNOSTICS + ".parquet"), diagnostics);
        parquet(spark, out.resolve(UNITS + ".parquet"), units);
        parquet(spark, out.resolve(CENSUS + ".parquet"), census);
    }

    private static Map<String, Object> unit(UnitResult u) {
        Map<String, Object> m = new LinkedHashMap<>();
        LakeUnit k = u.unit();
        m.put("id", k.id());
        m.put("kind", k.kind().name().toLowerCase(java.util.Locale.ROOT));
        m.put("origin", k.origin());
        m.put("address", k.address());
        m.put("array", k.array());
        m.put("unit", k.label());
        m.put("chunk", k.chunk());
        m.put("status", u.status());
        m.put("previous", u.previous());
        m.put("bytes", u.bytes());
        m.put("values", u.values());
        m.put("fingerprint", u.fingerprint());
        m.put("errors", u.problems().stream().filter(Problem::error).count());
        m.put("warnings", u.problems().stream().filter(p -> !p.error()).count());
        return m;
    }

    private static Map<String, Object> diagnostic(LakeUnit u, Problem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unit_id", u.id());
        m.put("kind", u.kind().name().toLowerCase(java.util.Locale.ROOT));
        m.put("chunk", u.chunk());
        m.put("address", p.address());
        m.put("array", p.array());
        m.put("unit", p.unit());
        m.put("severity", p.severity());
        m.put("rule", p.rule());
        m.put("offset", p.offset());
        m.put("place", p.place());
        m.put("message", p.message());
        m.put("line", p.line());
        return m;
    }

    private static void jsonLines(Path file, List<Map<String, Object>> rows) throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (Map<String, Object> r : rows) {
                w.write(json.writeValueAsString(r));
                w.write('\n');
            }
        }
    }

    /** The rows as a Parquet folder; the columns are the rows' keys, typed by their values (text or 64-bit integer). */
    private static void parquet(SparkSession spark, Path folder, List<Map<String, Object>> rows) {
        if (rows.isEmpty()) return;
        List<StructField> fields = new ArrayList<>();
        for (Map.Entry<String, Object> e : rows.get(0).entrySet()) {
            DataType t = e.getValue() instanceof Number ? DataTypes.LongType : DataTypes.StringType;
            fields.add(DataTypes.createStructField(e.getKey(), t, false));
        }
        StructType schema = DataTypes.createStructType(fields);
        List<Row> data = new ArrayList<>(rows.size());
        for (Map<String, Object> r : rows) {
            Object[] v = new Object[fields.size()];
            int i = 0;
            for (StructField f : fields) {
                Object x = r.get(f.name());
                v[i++] = f.dataType() == DataTypes.LongType ? Long.valueOf(((Number) x).longValue()) : String.valueOf(x);
            }
            data.add(RowFactory.create(v));
        }
        spark.createDataFrame(data, schema).coalesce(1).write().mode(SaveMode.Overwrite).parquet(folder.toAbsolutePath().toString());
    }
}
