#!/usr/bin/env bash
# Runs `packscope bench` over every input of ../shared/bench (or BENCH_DIR) and prints
# values/s on one core and on all cores next to the reference figure of each MANIFEST.json.
#
#   bench/run.sh [--repeat N] [--threads N] [--jar PATH] [BENCH_DIR]
#
# Needs java and python3 (to read the manifests); build the jar first with
#   mvn -B -q package -DskipTests
# The machine's load moves every figure: run it on a quiet machine, or compare ratios
# measured side by side with the reference in one run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repeat=10
threads=""
jar="$here/app/target/packscope.jar"
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) dir="$1"; shift ;;
  esac
done
. "$here/bench/shared-bench.sh"
[ -n "$dir" ] || dir="$(shared_bench_dir "$here")"
require_bench_dir run.sh "$dir"
require_jar run.sh "$jar"
command -v python3 >/dev/null || { echo "run.sh: python3 is needed to read the manifests" >&2; exit 2; }

# one line per input: path<TAB>values-per-second of the reference<TAB>the reference's own words
inputs() {
  python3 - "$dir" <<'PY'
import json, os, re, sys
root = sys.argv[1]
for sub in sorted(os.listdir(root)):
    m = os.path.join(root, sub, "MANIFEST.json")
    if not os.path.isfile(m):
        continue
    man = json.load(open(m))
    for e in man.get("files", []) + man.get("chunks", []):
        ref = e.get("reference_1_core", "")
        per_s = ""
        g = re.search(r"([0-9.]+)\s*GB/s", ref)
        if g and e.get("typesize"):
            per_s = "%.0f" % (float(g.group(1)) * 1e9 / e["typesize"])
        else:
            g = re.search(r"([0-9.]+)(?:\s*-\s*([0-9.]+))?\s*M (?:numbers|nnz)/s", ref)
            if g:
                per_s = "%.0f" % (float(g.group(2) or g.group(1)) * 1e6)
        who = ref.split(":")[0].split(",")[0].split(" built")[0]
        print("%s\t%s\t%s" % (os.path.join(root, sub, e["file"]), per_s, who))
PY
}

printf '%-46s %14s %14s %14s %7s  %s\n' input "1 core /s" "all cores /s" "reference /s" ratio reference
inputs | while IFS=$'\t' read -r path ref who; do
  args=(bench --repeat "$repeat")
  [ -n "$threads" ] && args+=(--threads "$threads")
  out="$(java -jar "$jar" "${args[@]}" "$path" 2>&1)" || { echo "$(basename "$path"): bench failed: $out" >&2; continue; }
  one="$(grep -o 'threads=1 .*values_per_s=[0-9]*' <<<"$out" | grep -o '[0-9]*$' | tail -1)"
  all="$(grep 'values_per_s=' <<<"$out" | tail -1 | grep -o '[0-9]*$')"
  ratio="-"
  [ -n "$ref" ] && [ -n "$one" ] && ratio="$(python3 -c "print('%.2f' % ($one / $ref))")"
  printf '%-46s %14s %14s %14s %7s  %s\n' "$(basename "$path")" "$one" "$all" "${ref:--}" "$ratio" "$who"
done
