#!/usr/bin/env bash
# PackScope side by side with the reference decoders, on one core, on the inputs of
# ../shared/bench (or BENCH_DIR): every round runs each side once in turn (so that all meet
# the same load), and each side's best round is kept. Prints one line per input with every
# side's figure and PackScope's ratio to the strongest reference.
#
#   bench/references.sh [--rounds R] [--repeat N] [--jar PATH] [BENCH_DIR]
#
# References (what is not there is left out, saying so):
#   c-blosc 1.x   Debian's libblosc-dev, found by the compiler.
#   c-blosc2      CBLOSC2_SRC=<a c-blosc2 checkout>: built here with cmake Release and
#                 -O3 -march=native (lz4, zstd and zlib from Debian's -dev packages).
#   Rust pco      PCO_HARNESS=<the binary codec/src/test/reference/pco-harness/build.sh
#                 prints> (pco built with the flags its README recommends).
# The harnesses decode into a buffer reused between rounds, as `packscope bench` does.
# Build the jar first: mvn -B -q package -DskipTests. Needs gcc, python3 (the manifests),
# and cmake for c-blosc2. docs/references.md says how to get and build each reference.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
rounds=5
repeat=10
jar="$here/app/target/packscope.jar"
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) dir="$1"; shift ;;
  esac
done
. "$here/bench/shared-bench.sh"
[ -n "$dir" ] || dir="$(shared_bench_dir "$here")"
require_bench_dir references.sh "$dir"
require_jar references.sh "$jar"

work="${REFERENCES_BUILD:-${TMPDIR:-/tmp}/packscope-references}"
mkdir -p "$work"
harness="$here/bench/references/blosc_decode.c"

# --- build the reference harnesses that can be built here ---
blosc1=""
if echo '#include <blosc.h>' | gcc -E - >/dev/null 2>&1; then
  gcc -O2 -o "$work/blosc1_decode" "$harness" -lblosc && blosc1="$work/blosc1_decode"
else
  echo "# c-blosc 1.x left out: no blosc.h (apt-get install libblosc-dev)" >&2
fi
blosc2=""
if [ -n "${CBLOSC2_SRC:-}" ]; then
  b="$work/c-blosc2-build"
  if [ ! -f "$b/blosc/libblosc2.so" ]; then
    rm -rf "$b" && mkdir -p "$b"
    (cd "$b" && cmake "$CBLOSC2_SRC" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="-O3 -march=native" \
        -DPREFER_EXTERNAL_LZ4=ON -DPREFER_EXTERNAL_ZSTD=ON -DPREFER_EXTERNAL_ZLIB=ON -DBUILD_STATIC=OFF \
        -DBUILD_TESTS=OFF -DBUILD_FUZZERS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_BENCHMARKS=OFF -DBUILD_PLUGINS=OFF >/dev/null \
      && make -j"$(nproc)" blosc2_shared >/dev/null) || { echo "references.sh: c-blosc2 did not build in $b" >&2; exit 1; }
  fi
  gcc -O2 -DUSE_BLOSC2 -I"$CBLOSC2_SRC/include" -o "$work/blosc2_decode" "$harness" -L"$b/blosc" -lblosc2 -Wl,-rpath,"$b/blosc" \
    && blosc2="$work/blosc2_decode"
else
  echo "# c-blosc2 left out: set CBLOSC2_SRC to a c-blosc2 checkout" >&2
fi
pco="${PCO_HARNESS:-}"
[ -n "$pco" ] && [ -x "$pco" ] || { pco=""; echo "# Rust pco left out: set PCO_HARNESS (codec/src/test/reference/pco-harness/build.sh)" >&2; }

# one line per input: path<TAB>kind<TAB>Pco type<TAB>what a second of decoding is counted in (values, or bytes out)
inputs() {
  python3 - "$dir" <<'PY'
import json, os, sys
root = sys.argv[1]
for sub in ("blosc", "pco"):
    m = os.path.join(root, sub, "MANIFEST.json")
    if not os.path.isfile(m):
        continue
    man = json.load(open(m))
    for e in man.get("files", []) + man.get("chunks", []):
        print("%s\t%s\t%s\t%s" % (os.path.join(root, sub, e["file"]), sub, e.get("dtype", "-"), e.get("n") or e.get("nbytes")))
PY
}

# seconds of one decode, best of $repeat, for each side
ps_seconds() { java -jar "$jar" bench --threads 1 --repeat "$repeat" "$1" 2>&1 | grep -o 'threads=1 best_s=[0-9.]*' | head -1 | cut -d= -f3; }
blosc_seconds() { "$1" "$2" "$repeat" 1 | grep -o 'best_s=[0-9.]*' | cut -d= -f2; }
pco_seconds() { python3 -c "print($("$pco" time-decode "$2" "$1" "$repeat") / 1e9)"; }
min() { python3 -c "import sys; v=[float(x) for x in sys.argv[1:] if x]; print(min(v) if v else '')" "$@"; }

printf '%-44s %10s %10s %10s %10s  %s\n' input packscope c-blosc c-blosc2 "Rust pco" "ratio to the strongest (GB/s for Blosc, M values/s for Pco)"
inputs | while IFS=$'\t' read -r path kind arg count; do
  name="$(basename "$path")"
  ps=(); b1=(); b2=(); rp=()
  for ((r = 0; r < rounds; r++)); do
    ps+=("$(ps_seconds "$path")")
    if [ "$kind" = blosc ]; then
      [ -n "$blosc1" ] && b1+=("$(blosc_seconds "$blosc1" "$path")")
      [ -n "$blosc2" ] && b2+=("$(blosc_seconds "$blosc2" "$path")")
    elif [ -n "$pco" ]; then
      rp+=("$(pco_seconds "$path" "$arg")")
    fi
  done
  python3 - "$name" "$kind" "$count" "$(min "${ps[@]}")" "$(min "${b1[@]:-}")" "$(min "${b2[@]:-}")" "$(min "${rp[@]:-}")" <<'PY'
import sys
name, kind, count, ps, b1, b2, rp = sys.argv[1:]
# GB/s of output for Blosc, millions of values a second for Pco
rate = lambda s: int(count) / float(s) / (1e9 if kind == "blosc" else 1e6)
fig = lambda s: "%10.2f" % rate(s) if s else "%10s" % "-"
refs = [rate(s) for s in (b1, b2, rp) if s]
ratio = "%.2f" % (rate(ps) / max(refs)) if refs and ps else "-"
print("%-44s %s %s %s %s  %s" % (name, fig(ps), fig(b1), fig(b2), fig(rp), ratio))
PY
done
