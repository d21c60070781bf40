#!/usr/bin/env python3
"""Reads the cost passes of scripts/latency's rounds ("round N APP  cost, START: C us of CPU
per motion event, X server X us per motion, ...") and prints, round by round and as medians:
DrawingBoard's CPU per motion event at 100% and at 400% against the SDL floor's in the same
round (`drawingboard-latency --floor-app sdl`: one Cairo stroke per motion from an SDL window,
the least an app on DrawingBoard's stack does; the target is at most 1.5x), and against
Xournal++'s; the X server's share beside Xournal++'s; and the other floors (a bare Xlib window,
the same window stroking with Cairo) when their passes are there."""
import re
import statistics
import sys

LINE = re.compile(r"^round (\d+) (.+?)  cost, (first|later) start: (\d+) us of CPU per motion event, "
                  r"X server (\d+) us per motion(?:, peak resident memory (\d+) MB)?")
OURS = (("DrawingBoard", "100%"), ("DrawingBoard at 400%", "400%"))


def main(path):
    figures = {}
    for line in open(path):
        m = LINE.match(line.strip())
        if m:
            rnd, app, start, cpu, server, memory = m.groups()
            figures[(int(rnd), app, start)] = (int(cpu), int(server), int(memory) if memory else None)
    rounds = sorted({k[0] for k in figures})
    for start in ("first", "later"):
        for app, zoom in OURS:
            ratios, xournal, memories = [], [], []
            for rnd in rounds:
                ours, floor = figures.get((rnd, app, start)), figures.get((rnd, "SDL floor", start))
                theirs = figures.get((rnd, "Xournal++", start))
                if not ours:
                    continue
                memories.append(ours[2])
                line = f"cost, {start} start, round {rnd}, {zoom}: DrawingBoard {ours[0]} / {ours[1]} us (CPU / X server)"
                if floor and floor[0] > 0:
                    ratios.append(ours[0] / floor[0])
                    line += f"; SDL floor {floor[0]} / {floor[1]} us: {ours[0] / floor[0]:.2f}x its CPU"
                if theirs and theirs[0] > 0 and theirs[1] > 0:
                    xournal.append((ours[0] / theirs[0], ours[1] / theirs[1]))
                    line += f"; Xournal++ {theirs[0]} / {theirs[1]} us: {ours[0] / theirs[0]:.2f}x / {ours[1] / theirs[1]:.2f}x"
                print(line)
            if ratios:
                median = statistics.median(ratios)
                print(f"cost, {start} starts, {zoom}, median of {len(ratios)} rounds: {median:.2f}x the SDL floor's CPU "
                      f"(target 1.5x: {'met' if median <= 1.5 else 'not met'})")
            if xournal:
                print(f"cost, {start} starts, {zoom}: {statistics.median(r[0] for r in xournal):.3f}x Xournal++'s CPU, "
                      f"X server {statistics.median(r[1] for r in xournal):.3f}x its")
            known = [m for m in memories if m is not None]
            if known:
                print(f"cost, {start} starts, {zoom}: peak resident memory {max(known)} MB at most (target 60 MB: "
                      f"{'met' if max(known) <= 60 else 'not met'})")
        for floor, what in (("X11 floor", "a bare Xlib window, one put per motion"),
                            ("Cairo floor", "the same window stroking each motion with Cairo"),
                            ("SDL floor", "that stroke from an SDL window, SDL's own wait and present")):
            floors = [figures[(rnd, floor, start)] for rnd in rounds if (rnd, floor, start) in figures]
            if floors:
                print(f"cost, {start} starts: the {floor} ({what}) {statistics.median(f[0] for f in floors):.0f} / "
                      f"{statistics.median(f[1] for f in floors):.0f} us (CPU / X server)")


if __name__ == "__main__":
    main(sys.argv[1])
