#!/usr/bin/env python3
"""Writes the script of a heavy page (1920x1080, 1,600 strokes, 40 photos) into FOLDER: the
page scripts/latency saves while it draws. The strokes and photos fill the top of the page; the
bottom stays blank, to draw on. Usage: heavy-page.py FOLDER"""
import json, math, os, random, struct, sys, zlib

folder = sys.argv[1]
rng = random.Random(7)

def png(path, w, h):
    rows = b"".join(b"\x00" + bytes((rng.randrange(256) if (x * y) % 7 else (x * 3) % 256) for x in range(w * 3)) for y in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

png(os.path.join(folder, "photo.png"), 320, 240)
steps = []
colors = ["#000000", "#d01010", "#1030c0", "#207020"]
for i in range(1600):
    steps.append({"tool": "pencil", "color": colors[i % 4], "width": 3})
    x, y = rng.uniform(40, 1880), rng.uniform(20, 440)
    points = []
    for k in range(24):
        points.append([round(x + k * 4, 1), round(y + 12 * math.sin(k / 3 + i), 1)])
    steps.append({"stroke": points})
    if i % 40 == 20:
        steps.append({"place": {"image": "photo.png", "center": [rng.uniform(120, 1800), rng.uniform(90, 380)], "width": 160}})
json.dump({"version": 1, "canvas": {"width": 1920, "height": 1080}, "steps": steps}, open(os.path.join(folder, "heavy.json"), "w"))
