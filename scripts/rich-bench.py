#!/usr/bin/env python3
"""`render --to terminal` against Python's rich (`python -m rich.markdown`), as ratios taken in
one run.

Each run renders FILE once with each tool, without colour and with it (rich's `-c`), both at
80 columns, the two tools in alternating order; it reads each process's own CPU time (user +
system) and peak RSS from `wait4`, so load on a shared machine slows both sides alike. Prints,
per case, each side's median and range and the median and range of the per-run ratios
rich / render. The outputs differ in looks (each tool's own theme); both are the whole
document laid out for a terminal.

    swift build -c release --static-swift-stdlib --product render
    python3 -m venv /tmp/rich && /tmp/rich/bin/pip install rich
    scripts/rich-bench.py [FILE] [--runs N] [--render PATH] [--python PATH]

FILE defaults to ../shared/corpus/progit.md, N to 3, PATH to .build/release/render, the Python
to `python3` (one that can import rich; rich is not part of this project and is never
installed by it). Exit status: 0 measured, 1 a process failed or rich is missing, 2 a usage
error.
"""
import os
import subprocess
import sys

from process_usage import measure, summary
from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RENDER = os.path.join(ROOT, ".build", "release", "render")


def rich_version(python):
    """rich's version as `python` imports it; None when it cannot."""
    probe = subprocess.run(
        [python, "-c", "import importlib.metadata as m; print(m.version('rich'))"],
        capture_output=True, text=True)
    return probe.stdout.strip() if probe.returncode == 0 else None


def main():
    arguments = ScriptArguments(
        "rich-bench", "scripts/rich-bench.py [FILE] [--runs N] [--render PATH] [--python PATH]",
        __doc__)
    runs = arguments.runs(3)
    render = arguments.option("--render", RENDER)
    python = arguments.option("--python", "python3")
    if not os.access(render, os.X_OK):
        arguments.fail("%s is not an executable render; build it first (see --help)" % render)
    corpus = arguments.corpus()
    version = rich_version(python)
    if version is None:
        sys.exit("rich-bench: %s cannot import rich; give --python a Python that has it "
                 "(see --help)" % python)
    megabytes = os.path.getsize(corpus) / 1e6

    ours = [render, corpus, "--engine", "cmark", "--to", "terminal", "--width", "80"]
    theirs = [python, "-m", "rich.markdown", "-w", "80"]
    cases = [
        ("no colour", ours + ["--color", "never"], theirs + [corpus]),
        ("colour", ours + ["--color", "always"], theirs + ["-c", corpus]),
    ]
    results = {name: ([], [], [], []) for name, _, _ in cases}
    for run in range(runs + 1):
        for name, render_command, rich_command in cases:
            order = [render_command, rich_command] if run % 2 == 0 else [rich_command, render_command]
            measured = {id(command): measure(command) for command in order}
            if run == 0:
                continue  # warm-up: page cache, Python's bytecode cache
            for index, command in enumerate((render_command, rich_command)):
                results[name][index].append(measured[id(command)][0])
                results[name][index + 2].append(measured[id(command)][1])

    print("%d runs after 1 warm-up, CPU time (user + system), %s (%.2f MB), rich %s" % (
        runs, corpus, megabytes, version))
    for name, _, _ in cases:
        render_times, rich_times, render_rss, rich_rss = results[name]
        print("%s: render %s MB/s, rich %s MB/s, rich/render time %s; peak RSS render %s MiB, "
              "rich %s MiB" % (
                  name, summary([megabytes / t for t in render_times], digits=1),
                  summary([megabytes / t for t in rich_times], digits=2),
                  summary([r / o for o, r in zip(render_times, rich_times)], digits=1),
                  summary(render_rss, 1 / 1024, 0), summary(rich_rss, 1 / 1024, 0)))


if __name__ == "__main__":
    main()
