#!/usr/bin/env python3
"""Reads the cost passes of scripts/latency's rounds ("round N APP  cost, START: C us of CPU
per motion event, X server X us per motion, ...") and prints each round's ratios of
DrawingBoard's figures to Xournal++'s in the same round, their medians, and the issue's
targets beside them: at most 100 us of CPU per motion event, at most 0.15x Xournal++'s, and
the X server's share at most half of Xournal++'s; and the floors (`drawingboard-latency
--floor-app`, a bare Xlib window; `--floor-app cairo`, the same window stroking with Cairo; and
`--floor-app sdl`, that stroke from an SDL window) when their passes are there."""
import re
import statistics
import sys

LINE = re.compile(r"^round (\d+) (.+?)  cost, (first|later) start: (\d+) us of CPU per motion event, "
                  r"X server (\d+) us per motion")


def main(path):
    figures = {}
    for line in open(path):
        m = LINE.match(line.strip())
        if m:
            rnd, app, start, cpu, server = m.groups()
            figures[(int(rnd), app, start)] = (int(cpu), int(server))
    for start in ("first", "later"):
        rows = []
        for rnd in sorted({k[0] for k in figures}):
            ours, theirs = figures.get((rnd, "DrawingBoard", start)), figures.get((rnd, "Xournal++", start))
            if ours and theirs and theirs[0] > 0 and theirs[1] > 0:
                rows.append((rnd, ours, theirs, ours[0] / theirs[0], ours[1] / theirs[1]))
        if not rows:
            print(f"cost, {start} starts: no complete round")
            continue
        for rnd, ours, theirs, cpu, server in rows:
            print(f"cost, {start} start, round {rnd}: DrawingBoard {ours[0]} / {ours[1]} us, "
                  f"Xournal++ {theirs[0]} / {theirs[1]} us (CPU / X server): {cpu:.2f}x / {server:.2f}x")
        ours_cpu = statistics.median(r[1][0] for r in rows)
        cpu = statistics.median(r[3] for r in rows)
        server = statistics.median(r[4] for r in rows)
        def met(ok):
            return "met" if ok else "not met"
        print(f"cost, {start} starts, median of {len(rows)} rounds: DrawingBoard {ours_cpu:.0f} us of CPU per motion "
              f"(target 100: {met(ours_cpu <= 100)}), {cpu:.3f}x Xournal++'s (target 0.15x: {met(cpu <= 0.15)}), "
              f"X server {server:.3f}x (target 0.5x: {met(server <= 0.5)})")
        ours_server = statistics.median(r[1][1] for r in rows)
        for floor, what in (("X11 floor", "a bare Xlib window, one put per motion"),
                            ("Cairo floor", "the same window stroking each motion with Cairo"),
                            ("SDL floor", "that stroke from an SDL window, SDL's own wait and present")):
            floors = [figures[(rnd, floor, start)] for rnd, *_ in rows if (rnd, floor, start) in figures]
            if floors:
                floor_cpu = statistics.median(f[0] for f in floors)
                floor_server = statistics.median(f[1] for f in floors)
                print(f"cost, {start} starts: the {floor} ({what}) {floor_cpu:.0f} / "
                      f"{floor_server:.0f} us (CPU / X server); DrawingBoard above it {ours_cpu - floor_cpu:.0f} / "
                      f"{ours_server - floor_server:.0f} us")


if __name__ == "__main__":
    main(sys.argv[1])
