"""numpy's ``.npy`` and ``.npz`` files read without numpy (where numpy is not installed).

An ``.npz`` file is a zip of ``.npy`` files; an ``.npy`` file is a short header (a Python
literal: dtype, order, shape) and the values in C order. This reads the kinds bluffkit ships:
little-endian whole numbers and floats of 1, 2, 4 or 8 bytes and texts, as plain Python values
(a flat array of single bytes stays ``bytes``).

>>> import io, struct
>>> header = b"{'descr': '<i8', 'fortran_order': False, 'shape': (2, 2), }"
>>> raw = b"\\x93NUMPY\\x01\\x00" + struct.pack("<H", len(header)) + header
>>> read_npy(raw + struct.pack("<4q", 1, 2, 3, -4))
[[1, 2], [3, -4]]
"""

from __future__ import annotations

import ast
import struct
import zipfile
from pathlib import Path

MAGIC = b"\x93NUMPY"
FORMATS = {"u1": "B", "i1": "b", "u2": "H", "i2": "h", "u4": "I", "i4": "i", "u8": "Q",
           "i8": "q", "f4": "f", "f8": "d", "b1": "?"}


def read_npy(raw: bytes):
    """The array of an ``.npy`` file's bytes as nested lists (``bytes`` if flat ``uint8``).

    Raises:
        ValueError: not an ``.npy`` file, or a kind of array this does not read.
    """
    if raw[:6] != MAGIC:
        raise ValueError("not a .npy file")
    size, fmt = (2, "<H") if raw[6] == 1 else (4, "<I")
    (length,) = struct.unpack(fmt, raw[8:8 + size])
    start = 8 + size + length
    header = ast.literal_eval(raw[8 + size:start].decode("latin-1"))
    descr, shape = header["descr"], tuple(header["shape"])
    count = 1
    for n in shape:
        count *= n
    if descr[:2] == "<U" and descr[2:].isdigit() and not header["fortran_order"]:
        width = 4 * int(descr[2:])  # UTF-32 characters, padded with NULs
        texts = [raw[i:i + width].decode("utf-32-le").rstrip("\0")
                 for i in range(start, start + count * width, width)]
        return texts[0] if not shape else _nested(texts, shape)
    if header["fortran_order"] or descr[0] not in "<|" or descr[1:] not in FORMATS:
        raise ValueError(f"cannot read an array of {descr!r} without numpy")
    code = FORMATS[descr[1:]]
    body = raw[start:start + count * struct.calcsize(code)]
    if code == "B" and len(shape) == 1:
        return bytes(body)
    flat = list(struct.unpack(f"<{count}{code}", body))
    return flat[0] if not shape else _nested(flat, shape)


def _nested(flat: list, shape: tuple) -> list:
    for dim in reversed(shape[1:]):
        flat = [flat[i:i + dim] for i in range(0, len(flat), dim)]
    return flat


def numpy_or_none():
    """numpy if it can be imported, else None (the fast paths check with this)."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def pairwise_sum(values: list[float]) -> float:
    """numpy's ``sum`` of a float64 array, to the last bit: pairwise, 8 accumulators per block
    of at most 128 (``loops_utils.h.src``), so that what is computed from it is the same."""
    n = len(values)
    if n < 8:
        total = -0.0
        for x in values:
            total += x
        return total
    if n <= 128:
        r = list(values[:8])
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] += values[i + j]
            i += 8
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for x in values[i:]:
            total += x
        return total
    half = n // 2 - (n // 2) % 8
    return pairwise_sum(values[:half]) + pairwise_sum(values[half:])


class NpzFile:
    """An ``.npz`` file: ``files`` (the array names) and ``f[name]`` (read when asked)."""

    def __init__(self, path: str | Path):
        self.zip = zipfile.ZipFile(path)
        self.files = [n[:-4] for n in self.zip.namelist() if n.endswith(".npy")]

    def __getitem__(self, name: str):
        return read_npy(self.zip.read(f"{name}.npy"))

    def __enter__(self) -> NpzFile:
        return self

    def __exit__(self, *exc) -> None:
        self.zip.close()


__all__ = ["NpzFile", "numpy_or_none", "pairwise_sum", "read_npy"]
