package org.packscope.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Spark session of the test classes, local[2]: one for the whole test JVM (starting
 * one costs seconds), stopped by Spark's own shutdown hook when the JVM ends.
 */
abstract class LocalSparkTest {
    static SparkSession spark;

    @BeforeAll
    static void startSpark() { spark = SparkTests.session(); }
}
