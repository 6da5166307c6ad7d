#!/usr/bin/env python3
"""What heading anchors, a table of contents and front matter cost `render`, as ratios.

Runs the release `render` on one Markdown file (default ../shared/corpus/progit.md) to an HTML
fragment: plain, with --heading-anchors, and with --table-of-contents, alternating the order
every run, and measures each process's CPU time (user + system). Prints, per variant, the median
and range of the CPU seconds and the median of the per-run ratios to the plain render.

    swift build -c release --product render
    scripts/outline-cost.py [FILE] [--runs N]
"""
import os
import statistics
import sys

from process_usage import measure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RENDER = os.path.join(ROOT, ".build", "release", "render")
VARIANTS = {
    "plain": [],
    "anchors": ["--heading-anchors"],
    "contents": ["--table-of-contents"],
}


def cpu_seconds(arguments):
    return measure([RENDER] + arguments)[0]


def main():
    arguments = sys.argv[1:]
    runs = 5
    if "--runs" in arguments:
        index = arguments.index("--runs")
        runs = int(arguments[index + 1])
        del arguments[index:index + 2]
    path = arguments[0] if arguments else os.path.join(ROOT, "..", "shared", "corpus", "progit.md")
    names = list(VARIANTS)
    times = {name: [] for name in names}
    for run in range(runs + 1):
        order = names if run % 2 == 0 else list(reversed(names))
        measured = {name: cpu_seconds([path, "--isolation", "in-process"] + VARIANTS[name])
                    for name in order}
        if run == 0:
            continue  # warm-up: file cache, first page faults
        for name in names:
            times[name].append(measured[name])
    print(f"{os.path.basename(path)}, {runs} runs, CPU seconds (median, min-max), ratio to plain")
    for name in names:
        ratios = [value / plain for value, plain in zip(times[name], times["plain"])]
        print(f"  {name:9} {statistics.median(times[name]):.3f} s "
              f"({min(times[name]):.3f}-{max(times[name]):.3f})  "
              f"ratio {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
