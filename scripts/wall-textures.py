#!/usr/bin/env python3
"""Writes the textured-maze sample's wall textures (assets/walls/*.png, 64 x 64, CC0): stone
blocks, wooden planks and floor flagstones, drawn from formulas and a seeded hash (no
photographs), so the files are reproducible: python3 scripts/wall-textures.py assets/walls"""
import struct
import sys
import zlib
from pathlib import Path

SIZE = 64


def noise(x, y, seed):
    """A repeatable value in [0, 1) per texel (an integer hash)."""
    h = (x * 374761393 + y * 668265263 + seed * 2147483647) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFF) / 65536.0


def blocks(x, y, width, height, base, mortar, seed):
    """Staggered blocks (rows offset by half a block) with 2-texel mortar joints and speckle."""
    row = y // height
    shift = (width // 2) * (row % 2)
    col = (x + shift) // width
    if y % height < 2 or (x + shift) % width < 2:
        return mortar
    shade = 0.85 + 0.3 * noise(col, row, seed) + 0.12 * (noise(x, y, seed + 1) - 0.5)
    return tuple(min(255, int(c * shade)) for c in base)


def planks(x, y):
    """Vertical planks 16 texels wide with a grain that runs up them."""
    if x % 16 == 0:
        return (52, 30, 14)
    grain = 0.8 + 0.25 * noise(x, y // 8, 7) + 0.1 * noise(x, y, 8)
    return tuple(min(255, int(c * grain)) for c in (150, 92, 48))


TEXTURES = {
    "stone.png": lambda x, y: blocks(x, y, 32, 16, (96, 110, 160), (40, 44, 60), 3),
    "planks.png": planks,
    "flagstones.png": lambda x, y: blocks(x, y, 16, 16, (140, 136, 128), (70, 68, 64), 5),
}


def png(pixel):
    rows = b"".join(b"\0" + bytes(c for x in range(SIZE) for c in pixel(x, SIZE - 1 - y)) for y in range(SIZE))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "assets/walls")
    out.mkdir(parents=True, exist_ok=True)
    for name, pixel in TEXTURES.items():
        (out / name).write_bytes(png(pixel))
