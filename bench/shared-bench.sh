# Sourced by the bench scripts: shared_bench_dir TOP prints ../shared/bench beside the
# checkout TOP, or beside any folder above it (where the tests look for it), or nothing.
shared_bench_dir() {
  local d="$1"
  while [ "$d" != "/" ]; do
    if [ -d "$(dirname "$d")/shared/bench" ]; then echo "$(dirname "$d")/shared/bench"; return; fi
    d="$(dirname "$d")"
  done
}

# require_bench_dir SCRIPT DIR and require_jar SCRIPT JAR: exit 2, saying what is missing,
# when DIR is not a folder or JAR is not built.
require_bench_dir() {
  [ -n "$2" ] && [ -d "$2" ] || { echo "$1: no bench folder (give BENCH_DIR)" >&2; exit 2; }
}
require_jar() {
  [ -f "$2" ] || { echo "$1: no jar at $2 (mvn -B -q package -DskipTests)" >&2; exit 2; }
}
