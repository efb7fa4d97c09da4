#!/usr/bin/python3
"""The Python side of bench/containers.sh: writes the inputs with the reference writers and
reads each whole, in this process, the way their users do.

  containers.py make DIR         DIR/table.h5 and DIR/grid.zarr as remote/python_side.py writes
                                 them (h5py gzip 2M x 4 f8; zarr-python Blosc LZ4 4000 x 4000 f4)
                                 DIR/cells.h5ad anndata, X a CSR matrix of 20000 x 5000 f4 with
                                                5,000,000 entries, gzip
  containers.py read KIND PATH [ROUNDS]
                                 KIND h5 (PATH file::dataset), zarr or h5ad (X): reads the whole
                                 array ROUNDS times (default 5) and prints
                                 first_s=<s> best_s=<s> values=<n> sum=<float sum>
Needs Debian's python3-h5py, python3-zarr, python3-numcodecs, python3-anndata.
"""
import os
import sys
import time

import numpy as np


def make(out):
    """table.h5 and grid.zarr as the remote benchmark writes them, and an AnnData file."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "remote"))
    import anndata
    import python_side
    import scipy.sparse as sp
    python_side.make(out)
    rng = np.random.default_rng(7)
    cells, genes, nnz = 20_000, 5_000, 5_000_000
    rows = np.sort(rng.integers(0, cells, nnz))
    cols = rng.integers(0, genes, nnz)
    counts = rng.poisson(2.0, nnz).astype(np.float32) + 1
    x = sp.csr_matrix((counts, (rows, cols)), shape=(cells, genes), dtype=np.float32)
    x.sum_duplicates()
    anndata.AnnData(X=x).write_h5ad(f"{out}/cells.h5ad", compression="gzip")


def read_once(kind, path):
    if kind == "h5":
        import h5py
        file, name = path.split("::", 1)
        with h5py.File(file, "r") as f:
            return f[name][:]
    if kind == "zarr":
        import zarr
        return zarr.open_array(path, mode="r")[:]
    import anndata
    return anndata.read_h5ad(path.split("::", 1)[0]).X


def read(kind, path, rounds):
    # the library imported before the clock starts: the first read times reading, not importing
    __import__({"h5": "h5py", "zarr": "zarr", "h5ad": "anndata"}[kind])
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        a = read_once(kind, path)
        times.append(time.perf_counter() - t0)
    values = a.nnz if hasattr(a, "nnz") else a.size
    total = float(a.sum(dtype=np.float64))
    print(f"first_s={times[0]:.6f} best_s={min(times):.6f} values={values} sum={total!r}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        read(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 5)
