#!/usr/bin/env bash
# A full read of a container's array, PackScope against the Python libraries its users read
# it with, on the same files (written by those libraries: bench/containers.py make):
#   table.h5::table   gzip HDF5, 2M x 4 f8          h5py     f["table"][:]
#   grid.zarr         Blosc LZ4 Zarr, 4000 x 4000 f4 zarr     zarr.open_array(p)[:]
#   cells.h5ad::X     AnnData CSR, 4.9M entries, gzip anndata  read_h5ad(p).X
# Both sides read in their own process, the time of the read alone (not the start of the
# interpreter or the JVM, nor the library's import): Python's first and best of three reads;
# PackScope's first read in a fresh JVM (the opening plus `bench --warmup 0 --repeat 1`), its
# best after the warm-up on one core and on all cores (`bench --repeat 5`). Each side runs
# --rounds times in turn; the best round is shown.
#
#   bench/containers.sh [--rounds R] [--jar PATH] [WORK_DIR]
#
# WORK_DIR (default /tmp/packscope-containers) receives the inputs when they are not there.
# Needs Debian's python3-h5py, python3-zarr, python3-numcodecs, python3-anndata.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
rounds=5
jar="$here/app/target/packscope.jar"
work="${TMPDIR:-/tmp}/packscope-containers"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) work="$1"; shift ;;
  esac
done
. "$here/bench/shared-bench.sh"
require_jar containers.sh "$jar"
py=/usr/bin/python3
mkdir -p "$work"
[ -f "$work/cells.h5ad" ] || "$py" "$here/bench/containers.py" make "$work"

export ROUNDS="$rounds" JAR="$jar" WORK="$work" PY="$py" HERE="$here"
"$py" - <<'PY'
import os, re, subprocess, sys

rounds, jar, work, py, here = int(os.environ["ROUNDS"]), os.environ["JAR"], os.environ["WORK"], os.environ["PY"], os.environ["HERE"]
inputs = [("table.h5::table (gzip HDF5)", "h5", "table.h5::table", "h5py"),
          ("grid.zarr (Blosc LZ4 Zarr)", "zarr", "grid.zarr", "zarr-python"),
          ("cells.h5ad::X (AnnData CSR, gzip)", "h5ad", "cells.h5ad::X", "anndata")]

def figures(cmd, pattern):
    r = subprocess.run(cmd, capture_output=True, text=True)
    found = dict(re.findall(pattern, r.stdout))
    if not found:
        sys.exit("containers.sh: no figure from %s: %s" % (" ".join(cmd), (r.stdout + r.stderr)[-400:]))
    return found

print("%-36s %9s %9s | %9s %9s %9s | %6s %6s  %s" % ("read", "py first", "py best", "ps first", "ps 1 core", "ps all", "first", "best",
                                                   "(seconds; ratios: the Python library's over PackScope's)"))
for name, kind, rel, lib in inputs:
    path = os.path.join(work, rel)
    pf, pb, sf, s1, sa = [], [], [], [], []
    for _ in range(rounds):
        p = figures([py, os.path.join(here, "bench", "containers.py"), "read", kind, path, "3"], r"(first_s|best_s)=([0-9.]+)")
        pf.append(float(p["first_s"])); pb.append(float(p["best_s"]))
        # PackScope's first read: opening the array (which may read values, as a matrix's counts) and one decode
        f = figures(["java", "-jar", jar, "bench", "--threads", "1", "--warmup", "0", "--repeat", "1", path],
                    r"(open_s|threads=1 best_s)=([0-9.]+)")
        sf.append(float(f["open_s"]) + float(f["threads=1 best_s"]))
        s = figures(["java", "-jar", jar, "bench", "--repeat", "5", path], r"threads=(\d+) best_s=([0-9.]+)")
        s1.append(float(s["1"])); sa.append(float(s[max(s, key=int)]))
    print("%-36s %9.3f %9.3f | %9.3f %9.3f %9.3f | %6.2f %6.2f  %s" % (name, min(pf), min(pb), min(sf), min(s1), min(sa),
                                                                    min(pf) / min(sf), min(pb) / min(sa), lib))
print("(first: the first read in a fresh process, PackScope's with the opening; best: the best later read, PackScope's on all")
print(" cores, as the Python libraries use them. PackScope keeps decoded chunks, up to 64 MB a dataset: a later read of a")
print(" small dataset comes from them, so compare the first reads there.)")
PY
