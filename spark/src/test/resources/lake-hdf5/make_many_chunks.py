#!/usr/bin/python3
"""Writes many_chunks.h5, the HDF5 file whose chunks the Spark job checks one by one, and
MANIFEST.json naming the chunks damaged here on purpose.

Run with Debian's python3-h5py:  /usr/bin/python3 make_many_chunks.py

- /temperature: int32, 32,000 values in 2,000 gzip chunks of 16; chunks 7, 500, 1234 and
  1999 have their first 8 stored bytes overwritten with 0xFF (no zlib stream starts so).
- /grid: float64, 120 x 100 in 120 gzip chunks of 10 x 10; the chunk at [50, 30] is damaged
  the same way.
- /small: int16, 100 values in 10 gzip chunks of 10, none damaged (too few chunks to split).

The damage is written in place, at the byte offsets HDF5 itself gives for each chunk
(get_chunk_info), so the file's structure stays sound."""
import json, os
import h5py
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "many_chunks.h5")
damage = {"/temperature": [[7 * 16], [500 * 16], [1234 * 16], [1999 * 16]], "/grid": [[50, 30]]}

with h5py.File(path, "w", libver="earliest") as f:
    f.create_dataset("temperature", data=np.arange(32000, dtype="<i4"), chunks=(16,), compression="gzip", compression_opts=1)
    f.create_dataset("grid", data=np.arange(12000, dtype="<f8").reshape(120, 100) / 7.0, chunks=(10, 10),
                     compression="gzip", compression_opts=1)
    f.create_dataset("small", data=np.arange(100, dtype="<i2"), chunks=(10,), compression="gzip", compression_opts=1)
    places = {}
    for name, origins in damage.items():
        ds = f[name]
        info = {tuple(int(x) for x in ds.id.get_chunk_info(i).chunk_offset): ds.id.get_chunk_info(i)
                for i in range(ds.id.get_num_chunks())}
        places[name] = [(info[tuple(o)].byte_offset, info[tuple(o)].size) for o in origins]

with open(path, "r+b") as raw:
    for name, spots in places.items():
        for offset, size in spots:
            raw.seek(offset)
            raw.write(b"\xff" * min(8, size))

with open(os.path.join(here, "MANIFEST.json"), "w") as m:
    json.dump({"file": "many_chunks.h5", "writer": "h5py %s, HDF5 %s" % (h5py.version.version, h5py.version.hdf5_version),
               "chunks": {"/temperature": 2000, "/grid": 120, "/small": 10},
               "damaged": {k: ["[" + ", ".join(str(x) for x in o) + "]" for o in v] for k, v in damage.items()}}, m, indent=1)
    m.write("\n")
