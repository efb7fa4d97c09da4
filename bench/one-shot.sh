#!/usr/bin/env bash
# What a person who runs PackScope once waits for, side by side with the reference tools:
#
#  1. One-shot commands as whole processes (JVM start included), median of --runs interleaved
#     runs, outputs compared byte for byte:
#       decode F --format raw --out O   against  Rust pco's harness `decode` (PCO_HARNESS) for
#                                       Pco, python-blosc for Blosc chunks, h5dump -b for HDF5
#       check F                          against  h5dump reading every dataset (-b, to /dev/null)
#  2. The first decode in a fresh JVM against the steady state, and how far launches differ:
#     --runs launches of `bench --warmup 0 --repeat 1` (the first decode) and of
#     `bench --repeat 10` (after its 2 s warm-up: the steady figure of that launch).
#
#   bench/one-shot.sh [--runs N] [--plain | --jar PATH] [BENCH_DIR]
#
# PackScope runs as README's command line does, through app/packscope (its JVM options: the
# class-data sharing archive, C1 alone for the first JVM, huge pages); --plain runs
# `java -jar app/target/packscope.jar` instead, --jar PATH `java -jar PATH`.
#
# The reference's own spread over as many launches is shown beside PackScope's: Rust pco's
# harness (PCO_HARNESS) and for Blosc BLOSC_HARNESS, the harness bench/references.sh builds
# (its blosc2_decode, say). BENCH_DIR is ../shared/bench by default; the HDF5 input is
# written by bench/containers.py into $ONE_SHOT_WORK (default /tmp/packscope-one-shot). Needs java, Debian's python3 with
# python3-blosc, python3-h5py, python3-zarr, python3-anndata, and hdf5-tools (h5dump).
# What is missing is left out, saying so. Build the jar first: mvn -B -q package -DskipTests.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
runs=5
jar="$here/app/target/packscope.jar"
via="launcher"
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --jar) jar="$2"; via="plain"; shift 2 ;;
    --plain) via="plain"; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) dir="$1"; shift ;;
  esac
done
. "$here/bench/shared-bench.sh"
[ -n "$dir" ] || dir="$(shared_bench_dir "$here")"
require_bench_dir one-shot.sh "$dir"
require_jar one-shot.sh "$jar"
py=/usr/bin/python3
work="${ONE_SHOT_WORK:-${TMPDIR:-/tmp}/packscope-one-shot}"
mkdir -p "$work"
[ -f "$work/table.h5" ] || "$py" "$here/bench/containers.py" make "$work" \
  || echo "# HDF5 left out: bench/containers.py could not write its inputs" >&2

export RUNS="$runs" JAR="$jar" VIA="$via" LAUNCHER="$here/app/packscope" BENCH="$dir" WORK="$work" PCO_HARNESS="${PCO_HARNESS:-}" BLOSC_HARNESS="${BLOSC_HARNESS:-}" PY="$py"
"$py" - <<'PY'
import json, os, re, shutil, statistics, subprocess, sys, time

runs, jar, bench, work = int(os.environ["RUNS"]), os.environ["JAR"], os.environ["BENCH"], os.environ["WORK"]
harness, py = os.environ["PCO_HARNESS"], os.environ["PY"]
java = [os.environ["LAUNCHER"]] if os.environ["VIA"] == "launcher" else ["java", "-jar", jar]

def wall(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    s = time.perf_counter() - t0
    if r.returncode not in (0, 1):
        sys.exit("one-shot.sh: %s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.decode()[-400:]))
    return s

def side_by_side(name, ours, ref, ref_name, out_ours=None, out_ref=None):
    a, b = [], []
    for _ in range(runs):  # interleaved: both sides meet the same load
        a.append(wall(ours))
        b.append(wall(ref))
    same = ""
    if out_ours and out_ref:
        same = " same bytes" if open(out_ours, "rb").read() == open(out_ref, "rb").read() else " OUTPUTS DIFFER"
    ma, mb = statistics.median(a), statistics.median(b)
    print("%-52s %8.3f s %8.3f s %6.2f  %s%s" % (name, ma, mb, ma / mb, ref_name, same))

print("## One-shot commands, whole process, median of %d runs; PackScope run as: %s" % (runs, " ".join(java)))
print("%-52s %10s %10s %6s  %s" % ("command", "packscope", "reference", "ratio", "reference"))
o1, o2 = os.path.join(work, "ours.raw"), os.path.join(work, "ref.raw")
pco = json.load(open(os.path.join(bench, "pco", "MANIFEST.json")))
for e in pco["files"]:
    f = os.path.join(bench, "pco", e["file"])
    if harness:
        side_by_side("decode " + e["file"], java + ["decode", f, "--format", "raw", "--out", o1],
                     [harness, "decode", e["dtype"], f, o2], "Rust pco 1.0.3 (harness decode)", o1, o2)
if not harness:
    print("# Rust pco left out: set PCO_HARNESS (codec/src/test/reference/pco-harness/build.sh)", file=sys.stderr)
blosc = json.load(open(os.path.join(bench, "blosc", "MANIFEST.json")))
ok = subprocess.run([py, "-c", "import blosc"], stderr=subprocess.DEVNULL).returncode == 0
for e in blosc.get("chunks", []) + blosc.get("files", []):
    f = os.path.join(bench, "blosc", e["file"])
    if ok:
        side_by_side("decode " + e["file"], java + ["decode", f, "--format", "raw", "--out", o1],
                     [py, "-c", "import blosc,sys; open(sys.argv[2],'wb').write(blosc.decompress(open(sys.argv[1],'rb').read()))", f, o2],
                     "python-blosc", o1, o2)
if not ok:
    print("# python-blosc left out: apt-get install python3-blosc", file=sys.stderr)
h5 = os.path.join(work, "table.h5")
if shutil.which("h5dump") and os.path.isfile(h5):
    side_by_side("decode table.h5::table (gzip, 65 MB)", java + ["decode", h5 + "::table", "--format", "raw", "--out", o1],
                 ["h5dump", "-d", "/table", "-b", "LE", "-o", o2, h5], "h5dump -b", o1, o2)
    side_by_side("check table.h5", java + ["check", h5], ["h5dump", "-b", "LE", "-o", "/dev/null", h5], "h5dump -b (every dataset)")
else:
    print("# HDF5 left out: apt-get install hdf5-tools", file=sys.stderr)

print()
print("## First decode in a fresh JVM against steady state, one core, %d launches each" % runs)
print("%-44s %10s %10s %8s %8s %10s" % ("input", "first", "steady", "ratio", "spread", "ref spread"))
def ref_best(f, kind, dtype):
    # the reference decoding the same input in as many launches of its own: the machine's share of the spread
    if kind == "pco" and harness:
        out = subprocess.run([harness, "time-decode", dtype, f, "10"], capture_output=True, text=True).stdout
        return int(out.split()[0]) / 1e9
    if kind == "blosc" and blosc_harness:
        out = subprocess.run([blosc_harness, f, "10", "1"], capture_output=True, text=True).stdout
        m = re.search(r"best_s=([0-9.]+)", out)
        return float(m.group(1)) if m else None
    return None
def best(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"threads=1 best_s=([0-9.]+)", r.stdout)
    if not m:
        sys.exit("one-shot.sh: no figure from %s: %s" % (" ".join(cmd), (r.stdout + r.stderr)[-400:]))
    return float(m.group(1))
blosc_harness = os.environ.get("BLOSC_HARNESS", "")
inputs = [(os.path.join(bench, "pco", e["file"]), "pco", e["dtype"]) for e in pco["files"]]
inputs += [(os.path.join(bench, "blosc", e["file"]), "blosc", "-") for e in blosc.get("chunks", []) + blosc.get("files", [])]
for f, kind, dtype in inputs:
    first, steady, ref = [], [], []
    for _ in range(runs):
        first.append(best(java + ["bench", "--threads", "1", "--warmup", "0", "--repeat", "1", f]))
        steady.append(best(java + ["bench", "--threads", "1", "--repeat", "10", f]))
        r = ref_best(f, kind, dtype)
        if r: ref.append(r)
    print("%-44s %8.1f ms %8.2f ms %8.1f %8.2f %10s" % (os.path.basename(f), statistics.median(first) * 1e3, min(steady) * 1e3,
                                                statistics.median(first) / min(steady), max(steady) / min(steady),
                                                "%.2f" % (max(ref) / min(ref)) if ref else "-"))
print("(first: median over the launches; steady: the best launch; spread: the slowest launch's best over the fastest's;")
print(" ref spread: the same for the reference, launched as often in the same rounds: Rust pco, or BLOSC_HARNESS for Blosc)")
PY
