#!/usr/bin/python3
"""Hostile HDF5 inputs for the promise tests (issue 28), written with h5py and, where the
damage is structural, by patching what h5py wrote. Usage:
    /usr/bin/python3 make_hostile.py OUT_DIR CASE...
Each case writes OUT_DIR/CASE.h5 (CASE.h5ad for AnnData). The big ones (millions of rows,
a million chunks) are made by the tests at run time; none of them is committed.
"""
import bz2
import zlib
import os
import shutil
import struct
import sys

import h5py
import numpy as np

OUT = sys.argv[1]


def path(name, ext=".h5"):
    return os.path.join(OUT, name + ext)


def unwritten(name="unwritten", libver="earliest"):
    """Chunked datasets never written: legal, every value reads as the fill value. With
    libver "latest" the chunk indexes are the newer kinds (fixed and extensible arrays)."""
    with h5py.File(path(name), "w", libver=libver) as f:
        f.create_dataset("filled", shape=(1000, 1000), chunks=(100, 100), dtype="f4", fillvalue=3.5)
        f.create_dataset("gzip", shape=(5000,), chunks=(100,), dtype="i4", compression="gzip", fillvalue=-7)
        d = f.create_dataset("some", shape=(1000,), chunks=(100,), dtype="i2", fillvalue=9)
        d[200:300] = np.arange(100, dtype="i2")


def csr_empty_rows(rows=30_000_000):
    """AnnData CSR X with 30M rows and no entries: indptr of 30M+1 zeros, gzip-chunked."""
    with h5py.File(path("csr_30m_rows", ".h5ad"), "w") as f:
        f.attrs["encoding-type"] = "anndata"
        f.attrs["encoding-version"] = "0.1.0"
        x = f.create_group("X")
        x.attrs["encoding-type"] = "csr_matrix"
        x.attrs["encoding-version"] = "0.1.0"
        x.attrs["shape"] = np.array([rows, 10], dtype=np.int64)
        x.create_dataset("data", shape=(0,), dtype="f4", maxshape=(None,), chunks=(1024,))
        x.create_dataset("indices", shape=(0,), dtype="i4", maxshape=(None,), chunks=(1024,))
        x.create_dataset("indptr", data=np.zeros(rows + 1, dtype=np.int64), chunks=(1 << 18,), compression="gzip")


def tenx_barcodes(cells=30_000_000):
    """10x v3 matrix with 30M barcodes and no entries."""
    with h5py.File(path("tenx_30m_barcodes"), "w") as f:
        f.attrs["filetype"] = "matrix"
        f.attrs["version"] = 2
        g = f.create_group("matrix")
        bc = g.create_dataset("barcodes", shape=(cells,), dtype="S18", chunks=(1 << 16,), compression="gzip")
        block = np.array([b"AAACCTGAGAAACCAT-1"] * (1 << 20), dtype="S18")
        for i in range(0, cells, 1 << 20):
            n = min(1 << 20, cells - i)
            bc[i:i + n] = block[:n]
        g.create_dataset("data", shape=(0,), dtype="i4", maxshape=(None,), chunks=(1024,))
        g.create_dataset("indices", shape=(0,), dtype="i8", maxshape=(None,), chunks=(1024,))
        g.create_dataset("indptr", data=np.zeros(cells + 1, dtype=np.int64), chunks=(1 << 18,), compression="gzip")
        g.create_dataset("shape", data=np.array([3, cells], dtype=np.int32))
        ft = g.create_group("features")
        ft.create_dataset("_all_tag_keys", data=np.array([b"genome"]))
        ft.create_dataset("id", data=np.array([b"ENSG0", b"ENSG1", b"ENSG2"]))
        ft.create_dataset("name", data=np.array([b"A", b"B", b"C"]))
        ft.create_dataset("feature_type", data=np.array([b"Gene Expression"] * 3))
        ft.create_dataset("genome", data=np.array([b"GRCh38"] * 3))


def many_chunks(n, name, poke=None):
    """One int8 dataset of n one-element chunks (a chunk B-tree of n entries), element i
    holding i % 127; {@code poke} sets element poke to -1."""
    with h5py.File(path(name), "w") as f:
        d = f.create_dataset("d", shape=(n,), chunks=(1,), dtype="i1")
        step = 1 << 16
        for i in range(0, n, step):
            d[i:i + step] = (np.arange(i, min(n, i + step)) % 127).astype("i1")
        if poke is not None:
            d[poke] = -1


def dag(raw, root, node_bytes, key, fanout):
    """Rewrites the B-tree whose only node is at {@code root} into 4 levels where each
    internal node lists the next one {@code fanout} times: the copied original leaf is
    appended, then a level 1 and a level 2 node, and the root becomes level 3 in place.
    Returns the bytes and the address of the level 2 node (the first one reached twice)."""
    body = 8 + 16  # signature, type, level, entries; two 8-byte sibling addresses
    leaf = bytes(raw[root:root + node_bytes])
    last_key = bytes(raw[root + body + fanout * (key + 8):root + body + fanout * (key + 8) + key])

    def internal(level, child):
        b = bytearray(leaf)
        b[5] = level
        struct.pack_into("<H", b, 6, fanout)
        for i in range(fanout):
            struct.pack_into("<Q", b, body + i * (key + 8) + key, child)
        b[body + fanout * (key + 8):body + fanout * (key + 8) + key] = last_key
        return bytes(b)

    l0 = len(raw); raw += leaf
    l1 = len(raw); raw += internal(1, l0)
    l2 = len(raw); raw += internal(2, l1)
    raw[root:root + node_bytes] = internal(3, l2)
    struct.pack_into("<Q", raw, 40, len(raw))  # the superblock's end-of-file address (version 0)
    return raw, l2


def only_node(raw, signature):
    at = raw.find(signature)
    assert at > 0 and raw.find(signature, at + 1) < 0
    return at


def chunk_btree_dag():
    """A chunk B-tree whose root lists one node 64 times, that node another 64 times, 4
    levels down to the real leaf: 64^3 paths to one leaf of 64 chunks."""
    p = path("chunk_btree_dag")
    with h5py.File(p, "w") as f:
        d = f.create_dataset("d", shape=(64,), chunks=(1,), dtype="i1")
        d[:] = np.arange(64, dtype="i1")
    raw = bytearray(open(p, "rb").read())
    root = only_node(raw, b"TREE\x01")
    assert struct.unpack_from("<H", raw, root + 6)[0] == 64
    key = 4 + 4 + 2 * 8  # chunk size, filter mask, offsets of rank 1 + the element dimension
    raw, _ = dag(raw, root, 24 + 64 * (key + 8) + key, key, 64)
    open(p, "wb").write(raw)


def group_btree_dag():
    """The root group's B-tree: its root lists one node 32 times, that one another 32
    times, 4 levels deep, down to the real symbol table node."""
    p = path("group_btree_dag")
    with h5py.File(p, "w") as f:
        for i in range(8):
            f.create_dataset("d%d" % i, data=np.arange(4, dtype="i4"))
    raw = bytearray(open(p, "rb").read())
    root = only_node(raw, b"TREE\x00")
    key = 8  # an offset into the local heap of names
    raw, _ = dag(raw, root, 24 + 32 * (key + 8) + key, key, 32)
    open(p, "wb").write(raw)


def bzip2_bomb():
    """A float32 dataset of 4 KB chunks through bzip2 (filter 307, optional), one chunk
    inflating to 190 MB."""
    p = path("bzip2_bomb")
    with h5py.File(p, "w") as f:
        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
        dcpl.set_chunk((1024,))
        dcpl.set_filter(307, h5py.h5z.FLAG_OPTIONAL, (9,))
        space = h5py.h5s.create_simple((4096,))
        h5py.h5d.create(f.id, b"d", h5py.h5t.NATIVE_FLOAT, space, dcpl)
        d = f["d"]
        good = bz2.compress(np.arange(1024, dtype="<f4").tobytes())
        bomb = bz2.compress(bytes(190 << 20))
        for i, c in enumerate([good, bomb, good, good]):
            d.id.write_direct_chunk((i * 1024,), c, 0)


def gzip_bomb():
    """A float32 dataset of 4 KB chunks through gzip (deflate, filter 1), one chunk a zlib
    stream of 300 MB of zeros in 300 KB."""
    p = path("gzip_bomb")
    with h5py.File(p, "w") as f:
        d = f.create_dataset("d", shape=(4096,), chunks=(1024,), dtype="<f4", compression="gzip")
        good = zlib.compress(np.arange(1024, dtype="<f4").tobytes(), 6)
        z = zlib.compressobj(9)
        bomb = b"".join(z.compress(bytes(1 << 20)) for _ in range(300)) + z.flush()
        for i, c in enumerate([good, bomb, good, good]):
            d.id.write_direct_chunk((i * 1024,), c, 0)


def root_matrix_with_groups():
    """A BPCells matrix in the root group, with two more matrices elsewhere in the file."""
    def matrix(g):
        g.attrs["version"] = "unpacked-float-matrix-v2"
        g.create_dataset("idxptr", data=np.array([0, 2, 2, 4, 6], dtype="<u8"))
        g.create_dataset("index", data=np.array([0, 2, 0, 1, 1, 2], dtype="<u4"))
        g.create_dataset("val", data=np.array([1.5, -7, -2.25, 3e-3, 1e10, 0.1], dtype="<f4"))
        g.create_dataset("shape", data=np.array([3, 4], dtype="<u4"))
        g.create_dataset("storage_order", data=np.array([b"col"], dtype=object), dtype=h5py.string_dtype("ascii"))
        g.create_dataset("row_names", shape=(0,), dtype=h5py.string_dtype("utf-8"))
        g.create_dataset("col_names", shape=(0,), dtype=h5py.string_dtype("utf-8"))
    with h5py.File(path("root_matrix"), "w") as f:
        matrix(f)
        matrix(f.create_group("extra/m"))
        matrix(f.create_group("a/b/c/d/mat"))


def extra_entry(name, how):
    """The AnnData fixture pbmc_csr.h5ad (whose X equals the BPCells fixture
    hdf5_gzip4_packed_uint_col) with damage that hides one entry from a reader that drops
    what it cannot place: an extra entry with a column index out of range ("range") or
    negative ("negative"). The fixture's path is the environment variable PBMC_CSR."""
    src = os.environ["PBMC_CSR"]
    dst = path(name, ".h5ad")
    shutil.copyfile(src, dst)
    with h5py.File(dst, "r+") as f:
        x = f["X"]
        data, indices, indptr = x["data"][()], x["indices"][()], x["indptr"][()]
        row = 7
        at = indptr[row + 1]
        col = {"range": 50, "negative": -1}[how]
        data = np.insert(data, at, 5).astype(data.dtype)
        indices = np.insert(indices, at, col).astype(indices.dtype)
        indptr = indptr.copy()
        indptr[row + 1:] += 1
        for k, v in (("data", data), ("indices", indices), ("indptr", indptr)):
            opts = {"compression": x[k].compression} if x[k].compression else {}
            del x[k]
            x.create_dataset(k, data=v, **opts)


def big_contiguous(n=25_000_000):
    """200 MB of float64 0, 1, 2, ... stored contiguously (read through a mapped file)."""
    with h5py.File(path("big_contiguous"), "w") as f:
        d = f.create_dataset("d", shape=(n,), dtype="<f8")
        step = 1 << 22
        for i in range(0, n, step):
            d[i:min(n, i + step)] = np.arange(i, min(n, i + step), dtype="<f8")


def many_groups(n=50_000):
    with h5py.File(path("groups_50k"), "w") as f:
        for i in range(n):
            f.create_group("g%06d" % i)


def bpcells_names_2m(n=2_000_000):
    """A valid BPCells matrix (3 x 2M, no entries) whose 2M column names are variable-length
    strings, as BPCells writes names: each one an object in the global heap."""
    with h5py.File(path("bpcells_names_2m"), "w") as f:
        g = f.create_group("mat")
        g.attrs.create("version", "unpacked-uint-matrix-v2", dtype=h5py.string_dtype())
        chunked = dict(chunks=(1024,), maxshape=(None,))
        g.create_dataset("idxptr", data=np.zeros(n + 1, dtype="<u8"), **chunked)
        g.create_dataset("index", shape=(0,), dtype="<u4", **chunked)
        g.create_dataset("val", shape=(0,), dtype="<u4", **chunked)
        g.create_dataset("shape", data=np.array([3, n], dtype="<u4"), **chunked)
        text = h5py.string_dtype("utf-8")
        g.create_dataset("col_names", data=np.array(["cell%07d" % i for i in range(n)], dtype=object), dtype=text)
        g.create_dataset("row_names", data=np.array(["a", "b", "c"], dtype=object), dtype=text)
        g.create_dataset("storage_order", data=np.array(["col"], dtype=object), dtype=text)


def dense_x_two_chunks():
    """An AnnData file whose dense X is 2^26 x 2^20 float32 in 1024 x 1024 chunks, two of
    them written (a diagonal of 3s at the origin; 7s down one column of a chunk far out):
    valid, every other cell reads as the fill value 0."""
    with h5py.File(path("dense_x", ".h5ad"), "w") as f:
        f.attrs["encoding-type"] = "anndata"
        f.attrs["encoding-version"] = "0.1.0"
        x = f.create_dataset("X", shape=(1 << 26, 1 << 20), chunks=(1024, 1024), dtype="<f4")
        x[0:1024, 0:1024] = np.eye(1024, dtype="<f4") * 3
        block = np.zeros((1024, 1024), dtype="<f4")
        block[:, 5] = 7
        x[5_000 * 1024:5_001 * 1024, 700 * 1024:701 * 1024] = block


CASES = {
    "unwritten": unwritten,
    "csr_30m_rows": csr_empty_rows,
    "tenx_30m_barcodes": tenx_barcodes,
    "chunks_1m": lambda: many_chunks(1_000_000, "chunks_1m"),
    "chunks_300k": lambda: many_chunks(300_000, "chunks_300k"),
    "chunks_300k_poked": lambda: many_chunks(300_000, "chunks_300k_poked", poke=123_456),
    "unwritten_latest": lambda: unwritten("unwritten_latest", "latest"),
    "chunk_btree_dag": chunk_btree_dag,
    "group_btree_dag": group_btree_dag,
    "bzip2_bomb": bzip2_bomb,
    "gzip_bomb": gzip_bomb,
    "root_matrix": root_matrix_with_groups,
    "groups_50k": many_groups,
    "bpcells_names_2m": bpcells_names_2m,
    "dense_x": dense_x_two_chunks,
    "big_contiguous": big_contiguous,
    "x_index_out_of_range": lambda: extra_entry("x_index_out_of_range", "range"),
    "x_index_negative": lambda: extra_entry("x_index_negative", "negative"),
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for c in sys.argv[2:]:
        CASES[c]()
