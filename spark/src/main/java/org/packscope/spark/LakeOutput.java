package org.packscope.spark;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.spark.api.java.JavaRDD;
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
 * Writes a run's three tables, each as JSON lines (one file, rows in a stable order,
 * streamed past the driver) and as Parquet (Spark's writer, a folder, written by the
 * executors from the cached results): every diagnostic, every unit, and the per-array
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
        ObjectMapper json = new ObjectMapper();
        // every unit and every diagnostic streamed past the driver, a partition at a time, never all held
        try (BufferedWriter units = Files.newBufferedWriter(out.resolve(UNITS + ".jsonl"));
             BufferedWriter diagnostics = Files.newBufferedWriter(out.resolve(DIAGNOSTICS + ".jsonl"))) {
            for (Iterator<UnitResult> it = report.stream(); it.hasNext(); ) {
                UnitResult u = it.next();
                line(json, units, unit(u));
                for (Problem p : u.problems()) line(json, diagnostics, diagnostic(u.unit(), p));
            }
        }
        List<Map<String, Object>> census = new ArrayList<>();
        for (Census.Row r : report.census()) census.add(r.fields());
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("record", CENSUS_MARK);
        head.put("format", 1);
        head.put("addresses", report.addresses());
        head.put("units", report.tally().units());
        head.put("exit_status", report.exitStatus());
        // relative addresses are relative to it
        head.put("working_directory", Path.of("").toAbsolutePath().toString());
        try (BufferedWriter w = Files.newBufferedWriter(out.resolve(CENSUS + ".jsonl"))) {
            line(json, w, head);
            for (Map<String, Object> r : census) line(json, w, r);
        }
        // the Parquet tables are written by the executors, from the results where they are
        StructType unitSchema = schema(unit(new UnitResult(LakeUnit.file("", ""), "", 0, 0, "", "", List.of())));
        StructType diagnosticSchema = schema(diagnostic(LakeUnit.file("", ""), new Problem("", "", "", "", "", "", "", "", "")));
        if (report.tally().units() > 0) {
            parquet(spark, out.resolve(UNITS + ".parquet"), report.results().map(u -> row(unitSchema, unit(u))), unitSchema);
        }
        if (report.tally().errors() + report.tally().warnings() > 0) {
            JavaRDD<Row> rows = report.results().flatMap(u -> u.problems().stream().map(p -> row(diagnosticSchema, diagnostic(u.unit(), p))).iterator());
            parquet(spark, out.resolve(DIAGNOSTICS + ".parquet"), rows, diagnosticSchema);
        }
        if (!census.isEmpty()) {
            StructType censusSchema = schema(census.get(0));
            List<Row> rows = census.stream().map(r -> row(censusSchema, r)).toList();
            spark.createDataFrame(rows, censusSchema).coalesce(1).write().mode(SaveMode.Overwrite).parquet(folder(out.resolve(CENSUS + ".parquet")));
        }
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

    private static void line(ObjectMapper json, BufferedWriter w, Map<String, Object> row) throws IOException {
        w.write(json.writeValueAsString(row));
        w.write('\n');
    }

    /** The columns of a table whose rows look like {@code sample}: its keys, typed by its values (text or 64-bit integer). */
    private static StructType schema(Map<String, Object> sample) {
        List<StructField> fields = new ArrayList<>();
        for (Map.Entry<String, Object> e : sample.entrySet()) {
            DataType t = e.getValue() instanceof Number ? DataTypes.LongType : DataTypes.StringType;
            fields.add(DataTypes.createStructField(e.getKey(), t, false));
        }
        return DataTypes.createStructType(fields);
    }

    private static Row row(StructType schema, Map<String, Object> r) {
        Object[] v = new Object[schema.fields().length];
        int i = 0;
        for (StructField f : schema.fields()) {
            Object x = r.get(f.name());
            v[i++] = f.dataType() == DataTypes.LongType ? Long.valueOf(((Number) x).longValue()) : String.valueOf(x);
        }
        return RowFactory.create(v);
    }

    private static void parquet(SparkSession spark, Path folder, JavaRDD<Row> rows, StructType schema) {
        spark.createDataFrame(rows, schema).write().mode(SaveMode.Overwrite).parquet(folder(folder));
    }

    private static String folder(Path p) { return p.toAbsolutePath().toString(); }
}
