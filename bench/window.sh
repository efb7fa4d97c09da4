#!/usr/bin/env bash
# The window's own timings on the 20M-value files of ../shared/bench: the real window
# (headless, on Monocle) opens each Pco file, draws its line plot of every value and its
# histogram, each checked against a recount; prints from opening to the header shown, from
# choosing Plot to every value drawn, from choosing Histogram to every value counted.
# It starts as the app on resources/ does (samples shown, start-up warm-up run); the first
# bench file is then the first file a person opens. The test JVM gets the options the
# window's own JVM is started with (VectorRelaunch: the Vector API module and its JIT option,
# a young generation of 128 MB, huge pages where Linux gives them on request): the figures
# are the window's, whose vector warm-ups run beside the first file opened. Keep them as
# VectorRelaunch.command gives them.
#
#   bench/window.sh
#
# Runs PlotBenchWindowTest through Maven (offline when the dependencies are there); needs
# ../shared/bench beside the checkout (the test is skipped without it).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
offline=""
[ -d "$HOME/.m2/repository/org/testfx" ] && offline="-o"
mvn -B -q $offline -pl app -am install -DskipTests >/dev/null
jvm="--add-modules jdk.incubator.vector -XX:PerMethodTrapLimit=1000000 -Xmn128m"
if grep -qs '\[madvise\]\|\[always\]' /sys/kernel/mm/transparent_hugepage/enabled; then
  jvm="$jvm -XX:+UseTransparentHugePages"
fi
mvn -B $offline -pl app surefire:test@default-test -Dtest=PlotBenchWindowTest "-Dbench.jvm=$jvm" 2>&1 \
  | grep -E "^window (header|line plot|histogram)|Tests run:.*Fail|Skipped: [1-9]" | sed 's/ -- in .*//'
