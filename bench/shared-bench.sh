# Sourced by the bench scripts: shared_bench_dir TOP prints ../shared/bench beside the
# checkout TOP, or beside any folder above it (where the tests look for it), or nothing.
shared_bench_dir() {
  local d="$1"
  while [ "$d" != "/" ]; do
    if [ -d "$(dirname "$d")/shared/bench" ]; then echo "$(dirname "$d")/shared/bench"; return; fi
    d="$(dirname "$d")"
  done
}
