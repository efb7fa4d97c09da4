#!/usr/bin/python3
"""The Python side of RemoteVsPythonBench: writes the inputs with the reference writers,
and reads them back over HTTP the way their users do.

  python_side.py make DIR            zarr store DIR/grid.zarr (Blosc lz4, 4000x4000 f4,
                                     500x500 chunks) DIR/table.h5 (gzip, 2M x 4 f8, chunks 64k x 4)
                                     and DIR/plain.h5 (the same table, chunked, no filter)
  python_side.py make-big DIR        10 GB-class inputs for the header measurement: DIR/big.h5 (a
                                     10 GB contiguous f8 dataset, written at its two ends, so the
                                     file is 10 GB but sparse on disk, plus a gzip dataset) and
                                     DIR/big.zarr (50000x50000 f4 = 10 GB of values in 2,500
                                     zstd chunks, every chunk written)
  python_side.py zarr URL            zarr-python over fsspec's HTTP file system: read the whole array
  python_side.py h5 URL DATASET      h5py over an fsspec HTTP file object: read the whole dataset

Each read prints one line: seconds=<s> sum=<float sum of every value>.
"""
import sys
import time

import numpy as np


def make(out):
    import h5py
    import numcodecs
    import zarr
    rng = np.random.default_rng(7)
    r = np.arange(4000, dtype=np.float32)[:, None]
    c = np.arange(4000, dtype=np.float32)[None, :]
    grid = (np.sin(r / 90) * np.cos(c / 140) * 100).astype(np.float32) + rng.normal(0, 0.1, (4000, 4000)).astype(np.float32)
    z = zarr.open(f"{out}/grid.zarr", mode="w", shape=grid.shape, chunks=(500, 500), dtype="<f4",
                  compressor=numcodecs.Blosc(cname="lz4", clevel=5, shuffle=numcodecs.Blosc.SHUFFLE))
    z[:] = grid
    t = np.cumsum(rng.normal(0, 1, (2_000_000, 4)), axis=0)
    with h5py.File(f"{out}/table.h5", "w") as f:
        f.create_dataset("table", data=t, chunks=(65536, 4), compression="gzip", compression_opts=4)
    # the same numbers stored plainly: what reading costs when no codec sets the pace
    with h5py.File(f"{out}/plain.h5", "w") as f:
        f.create_dataset("table", data=t, chunks=(65536, 4))


def make_big(out):
    import h5py
    import numcodecs
    import zarr
    n = 1_342_177_280  # 10 GiB of f8
    with h5py.File(f"{out}/big.h5", "w") as f:
        d = f.create_dataset("big", shape=(n,), dtype="<f8")
        d[:1024] = np.arange(1024)
        d[n - 1024:] = np.arange(1024)
        f.create_dataset("small", data=np.arange(100_000, dtype="<i4").reshape(1000, 100), chunks=(100, 100), compression="gzip")
        f.attrs["title"] = "a 10 GB-class file"
    z = zarr.open(f"{out}/big.zarr", mode="w", shape=(50_000, 50_000), chunks=(1000, 1000), dtype="<f4",
                  compressor=numcodecs.Zstd(level=1))
    block = (np.arange(1000, dtype=np.float32)[:, None] + np.arange(1000, dtype=np.float32)[None, :])
    for i in range(50):
        z[i * 1000:(i + 1) * 1000, :] = np.tile(block, (1, 50)) + i


def read_zarr(url):
    import fsspec
    import zarr
    t0 = time.perf_counter()
    a = zarr.open_array(fsspec.get_mapper(url), mode="r")[:]
    s = time.perf_counter() - t0
    print(f"seconds={s:.3f} sum={float(np.sum(a, dtype=np.float64))!r}")


def read_h5(url, name):
    import fsspec
    import h5py
    t0 = time.perf_counter()
    with fsspec.open(url, "rb") as raw, h5py.File(raw, "r") as f:
        a = f[name][:]
    s = time.perf_counter() - t0
    print(f"seconds={s:.3f} sum={float(np.sum(a, dtype=np.float64))!r}")


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "make":
        make(sys.argv[2])
    elif what == "make-big":
        make_big(sys.argv[2])
    elif what == "zarr":
        read_zarr(sys.argv[2])
    else:
        read_h5(sys.argv[2], sys.argv[3])
