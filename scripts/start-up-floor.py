#!/usr/bin/env python3
"""What any Swift program on this toolchain costs to start, set against `cmark` and `render`.

Builds three static release programs (`swiftc -O -static-stdlib`) that each print one line:
one with the standard library only, one that imports FoundationEssentials (and uses it: a
`URL`), one that imports Foundation (and uses what only Foundation has: `String(format:)`).
Then starts, N times each and interleaved, those three, the `cmark` CLI on an empty file,
`render --help` and `render` on an empty file (`--engine cmark`), and reads each process's
CPU time (user + system) from `wait4`. Prints the median and range per program and the
median of the per-round ratios to `cmark`: the floor under `render`'s start-up that no change
inside `render` can lower.

    swift build -c release --static-swift-stdlib --product render
    scripts/start-up-floor.py [--runs N] [--render PATH]

N defaults to 40, PATH to .build/release/render. Needs Debian's `cmark` package (the CLI).
Exit status: 0 measured, 1 a build or a process failed, 2 a usage error.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from process_usage import measure
from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RENDER = os.path.join(ROOT, ".build", "release", "render")

# Each program prints one line, so none is only a call to exit; each uses what it imports.
PROGRAMS = {
    "Swift, standard library only": 'print("ready")\n',
    "Swift + FoundationEssentials": (
        'import FoundationEssentials\n'
        'print(URL(fileURLWithPath: "/tmp").lastPathComponent)\n'),
    "Swift + Foundation": (
        'import Foundation\n'
        'print(String(format: "%.1f", 1.5))\n'),
}


def cpu_milliseconds(command):
    return measure(command)[0] * 1000


def main():
    arguments = ScriptArguments(
        "start-up-floor", "scripts/start-up-floor.py [--runs N] [--render PATH]", __doc__)
    runs = arguments.runs(40)
    render = arguments.option("--render", RENDER)
    if arguments.remaining:
        arguments.fail("unexpected %s" % " ".join(arguments.remaining))
    if not os.access(render, os.X_OK):
        arguments.fail("%s is not an executable render; build it first (see --help)" % render)
    if shutil.which("cmark") is None:
        sys.exit("start-up-floor: the cmark CLI is missing; install it (apt-get install cmark)")

    scratch = tempfile.mkdtemp()
    empty = os.path.join(scratch, "empty.md")
    open(empty, "wb").close()
    commands = {"cmark (empty file)": ["cmark", empty]}
    for index, (name, source) in enumerate(PROGRAMS.items()):
        path = os.path.join(scratch, "program%d.swift" % index)
        with open(path, "w") as file:
            file.write(source)
        program = os.path.join(scratch, "program%d" % index)
        # The toolchain's static Foundation draws a linker warning about mktemp: shown only
        # when the build fails.
        built = subprocess.run(["swiftc", "-O", "-static-stdlib", path, "-o", program],
                               capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit("start-up-floor: swiftc failed on %s:\n%s" % (name, built.stderr))
        commands[name] = [program]
    commands["render --help"] = [render, "--help"]
    commands["render (empty file)"] = [render, empty, "--engine", "cmark"]

    samples = {name: [] for name in commands}
    for round_index in range(runs + 1):
        for name, command in commands.items():
            milliseconds = cpu_milliseconds(command)
            if round_index > 0:  # the first round warms the page cache
                samples[name].append(milliseconds)
    baseline = samples["cmark (empty file)"]
    print("%d starts each after 1 warm-up, interleaved, CPU ms (user + system): "
          "median (min–max), median ratio to cmark" % runs)
    for name, values in samples.items():
        ratio = statistics.median([value / base for value, base in zip(values, baseline)])
        print("%-30s %6.2f (%.2f–%.2f)  %5.2f×" % (
            name, statistics.median(values), min(values), max(values), ratio))
    shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
