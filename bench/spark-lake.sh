#!/usr/bin/env bash
# Units checked per second by the Spark job (issue 31) with 1 and 2 executor cores, from
# local files and through an S3-compatible server on 127.0.0.1 (s3proxy), next to
# single-machine check on the same lake. The lake is made here: a Zarr v2 store of
# CHUNKS Blosc chunks (default 50000) and a folder of the repository's samples; then, on
# their own, the row ranges of a sparse matrix of 2.4M entries, the column ranges of a
# BPCells C++ matrix of 5M entries and the chunks of
# ../shared/bench/pco/i64_ts_20m.pco (77 chunks), each line with the core time and stored
# bytes of one unit, from which the time on E executors of C cores is about
# units x cost / (E x C) plus the driver's listing.
#
#   bench/spark-lake.sh [CHUNKS]
#
# Needs Maven's local repository filled (one build of the spark module). The machine's
# load moves every figure; compare the lines of one run with each other.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
mvn -B -q -o -pl spark -am test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file" >/dev/null
opens="$(sed -n 's:.*<spark.opens>\(--.*\)</spark.opens>.*:\1:p' spark/pom.xml)"
# shellcheck disable=SC2086
java -Xmx3g $opens -cp "spark/target/test-classes:spark/target/classes:codec/target/test-classes:codec/target/classes:$(cat "$cp_file")" \
    org.packscope.spark.LakeBench "${1:-50000}" 2> >(grep -v -E ' (INFO|WARN) ' >&2)
