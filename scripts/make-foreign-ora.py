#!/usr/bin/env python3
"""Writes Tests/EndToEndTests/Fixtures/foreign-groups.ora: a 400x300 OpenRaster file in the
style of MyPaint and Krita, one rule of theirs in each part of the picture:
- a hidden group holding a red square over the whole image (nothing of it may show);
- a group at 50% opacity holding two overlapping opaque squares, blue over green, at x=40;
- a group placed at x=200, y=20, holding a black square placed at x=20 (so at 220, 20);
- a white square with svg:difference over a red one, at x=40, y=180 (cyan where they meet);
- a layer with MyPaint's background_tile: a 16x16 tile, light grey with a darker corner,
  repeated under everything.
"""
import os, struct, sys, zipfile, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fixture_png import png  # noqa: E402


def solid(w, h, rgba):
    return png(w, h, lambda x, y: rgba)


stack = """<?xml version='1.0' encoding='UTF-8'?>
<image w="400" h="300" version="0.0.5">
  <stack isolation="isolate" name="Root">
    <stack name="Hidden" visibility="hidden"><layer src="data/red-all.png" name="red"/></stack>
    <stack name="Faded" opacity="0.5" isolation="isolate">
      <layer src="data/blue.png" x="100" y="40" name="blue"/>
      <layer src="data/green.png" x="40" y="40" name="green"/>
    </stack>
    <stack name="Moved" x="200" y="20"><layer src="data/black.png" x="20" name="black"/></stack>
    <layer src="data/white.png" x="100" y="180" composite-op="svg:difference" name="difference"/>
    <layer src="data/red.png" x="40" y="180" name="red under"/>
    <layer src="data/tile.png" background_tile="data/tile.png" composite-op="mypaint:spectral-wgm" name="background"/>
  </stack>
</image>
"""

out = sys.argv[1] if len(sys.argv) > 1 else "Tests/EndToEndTests/Fixtures/foreign-groups.ora"
with zipfile.ZipFile(out, "w") as z:
    z.writestr(zipfile.ZipInfo("mimetype"), "image/openraster", compress_type=zipfile.ZIP_STORED)
    z.writestr("stack.xml", stack, compress_type=zipfile.ZIP_DEFLATED)
    pictures = {
        "red-all": solid(400, 300, (255, 0, 0, 255)),
        "blue": solid(100, 100, (0, 0, 255, 255)),
        "green": solid(100, 100, (0, 160, 0, 255)),
        "black": solid(60, 60, (0, 0, 0, 255)),
        "white": solid(100, 80, (255, 255, 255, 255)),
        "red": solid(100, 80, (255, 0, 0, 255)),
        "tile": png(16, 16, lambda x, y: (150, 150, 150, 255) if x < 4 and y < 4 else (230, 230, 230, 255)),
    }
    for name, data in pictures.items():
        z.writestr("data/%s.png" % name, data, compress_type=zipfile.ZIP_DEFLATED)
