#!/usr/bin/python3
"""Writes big_sparse.h5ad, an AnnData file whose two sparse matrices the Spark job checks a
range of rows (columns) at a time, and MANIFEST.json naming the damage written on purpose.

Run with Debian's python3-h5py:  /usr/bin/python3 make_big_sparse.py
(anndata is not needed: the groups are written as anndata 0.8 writes them.)

- /X: csr_matrix float32, 4,000 x 1,000, 300 entries in every row (1,200,000 entries).
  Row 100 holds column index 1500 (outside 0..999); row 2000 has two indices swapped (unsorted);
  row 3900 repeats an index (a duplicate).
- /layers/counts: csc_matrix float32, 4,000 x 1,000, 1,200 entries in every column, values 1..5.
  Column 123 holds -2 (a negative count); column 800 holds 2.5 (not a whole number).
- obs and var: dataframes with their names.
Datasets are gzip-compressed in chunks of 65,536 elements (under 64 chunks each)."""
import json, os
import h5py
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "big_sparse.h5ad")
PER = 300


def major_matrix(majors, minors, per, seed):
    step = minors / per
    base = np.floor(np.arange(per) * step).astype("<i4")
    indices = np.tile(base, majors)
    indptr = np.arange(0, majors * per + 1, per, dtype="<i8")
    data = np.tile((np.arange(per) + seed) % 5 + 1, majors).astype("<f4")
    return indices, indptr, data


def write(group, kind, shape, indices, indptr, data):
    group.attrs["encoding-type"] = kind
    group.attrs["encoding-version"] = "0.1.0"
    group.attrs["shape"] = np.array(shape, dtype="<i8")
    for name, values in (("data", data), ("indices", indices), ("indptr", indptr)):
        group.create_dataset(name, data=values, chunks=(min(65536, len(values)),), compression="gzip", compression_opts=4)


def frame(group, names):
    group.attrs["encoding-type"] = "dataframe"
    group.attrs["encoding-version"] = "0.2.0"
    group.attrs["_index"] = "_index"
    group.attrs["column-order"] = np.array([], dtype=h5py.string_dtype())
    group.create_dataset("_index", data=np.array(names, dtype=object), dtype=h5py.string_dtype())


x_idx, x_ptr, x_data = major_matrix(4000, 1000, PER, 1)
x_idx[100 * PER + 7] = 1500                       # out of bounds
a, b = 2000 * PER + 10, 2000 * PER + 11
x_idx[a], x_idx[b] = x_idx[b], x_idx[a]           # unsorted
x_idx[3900 * PER + 21] = x_idx[3900 * PER + 20]   # duplicate
C_PER = 1200
c_idx, c_ptr, c_data = major_matrix(1000, 4000, C_PER, 2)
c_data[123 * C_PER + 5] = -2.0                    # negative count
c_data[800 * C_PER + 9] = 2.5                     # not a whole number

with h5py.File(path, "w") as f:
    f.attrs["encoding-type"] = "anndata"
    f.attrs["encoding-version"] = "0.1.0"
    write(f.create_group("X"), "csr_matrix", (4000, 1000), x_idx, x_ptr, x_data)
    write(f.create_group("layers").create_group("counts"), "csc_matrix", (4000, 1000), c_idx, c_ptr, c_data)
    frame(f.create_group("obs"), ["cell%d" % i for i in range(4000)])
    frame(f.create_group("var"), ["gene%d" % i for i in range(1000)])

manifest = {
    "file": "big_sparse.h5ad",
    "matrices": {
        "X": {"majors": 4000, "entries_per_major": PER, "axis": "rows", "damaged": {"100": "index_out_of_range", "2000": "index_unsorted", "3900": "index_duplicate"}},
        "layers/counts": {"majors": 1000, "entries_per_major": C_PER, "axis": "columns", "damaged": {"123": "negative_counts", "800": "non_integer_counts"}},
    },
}
with open(os.path.join(here, "MANIFEST.json"), "w") as out:
    json.dump(manifest, out, indent=1)
    out.write("\n")
