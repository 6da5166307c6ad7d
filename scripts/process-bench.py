#!/usr/bin/env python3
"""Whole-process `render` against Debian's `cmark` CLI, as ratios taken in one run.

Each run executes every case once, `render` and `cmark` in alternating order, and reads each
process's own CPU time (user + system) and peak RSS from `wait4`, so load on a shared machine
slows both sides alike. Prints, per case, the median and range of each side and the median and
range of the per-run ratios:

- start-up: an empty document and a 1 KB one (the first lines of the corpus), CPU milliseconds;
- `render FILE` (HTML fragment, `--engine ENGINE`) against `cmark FILE`: MB/s and peak RSS;
- `render FILE --to terminal` (`--engine ENGINE`, no colour, 80 columns): MB/s, against cmark.

    swift build -c release --static-swift-stdlib --product render
    scripts/process-bench.py [FILE] [--runs N] [--render PATH] [--engine ENGINE]

FILE defaults to ../shared/corpus/progit.md, N to 7, PATH to .build/release/render (another
build of `render`, to set two binaries against the same `cmark`), ENGINE to cmark (the one
the CLI is; cmark-gfm, the default, parses GitHub's extensions too). Needs Debian's `cmark`
package (the CLI; `apt-get install cmark`). Exit status: 0 measured, 1 a process failed or
the `cmark` CLI is missing, 2 a usage error.
"""
import os
import shutil
import sys
import tempfile

from process_usage import measure, summary
from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RENDER = os.path.join(ROOT, ".build", "release", "render")
CMARK = "cmark"


def main():
    arguments = ScriptArguments(
        "process-bench",
        "scripts/process-bench.py [FILE] [--runs N] [--render PATH] [--engine ENGINE]", __doc__)
    runs = arguments.runs(7)
    render = arguments.option("--render", RENDER)
    engine = arguments.option("--engine", "cmark")
    if not os.access(render, os.X_OK):
        arguments.fail("%s is not an executable render; build it first (see --help)" % render)
    if shutil.which(CMARK) is None:
        sys.exit("process-bench: the cmark CLI is missing; install it (apt-get install cmark)")
    corpus = arguments.corpus()
    megabytes = os.path.getsize(corpus) / 1e6
    with open(corpus, "rb") as file:
        head = file.read(1024)
    head = head[: head.rfind(b"\n") + 1]

    scratch = tempfile.mkdtemp()
    empty = os.path.join(scratch, "empty.md")
    small = os.path.join(scratch, "small.md")
    open(empty, "wb").close()
    with open(small, "wb") as file:
        file.write(head)

    engine_arguments = ["--engine", engine]
    cases = [
        ("start-up, empty document", [render, empty] + engine_arguments, [CMARK, empty]),
        ("start-up, %d-byte document" % len(head), [render, small] + engine_arguments, [CMARK, small]),
        ("render FILE (HTML)", [render, corpus] + engine_arguments, [CMARK, corpus]),
        ("render FILE --to terminal",
         [render, corpus, "--to", "terminal", "--color", "never", "--width", "80"] + engine_arguments,
         [CMARK, corpus]),
    ]
    results = {name: ([], [], [], []) for name, _, _ in cases}
    for run in range(runs + 1):
        for name, ours, theirs in cases:
            order = [ours, theirs] if run % 2 == 0 else [theirs, ours]
            measured = {id(command): measure(command) for command in order}
            if run == 0:
                continue  # warm-up: page cache and dynamic loader caches
            ours_figures, theirs_figures = measured[id(ours)], measured[id(theirs)]
            results[name][0].append(ours_figures[0])
            results[name][1].append(theirs_figures[0])
            results[name][2].append(ours_figures[1])
            results[name][3].append(theirs_figures[1])

    print("%d runs after 1 warm-up, CPU time (user + system), %s (%.2f MB), render --engine %s" % (
        runs, corpus, megabytes, engine))
    for name, _, _ in cases:
        ours, theirs, ours_rss, theirs_rss = results[name]
        ratios = [t / o for o, t in zip(ours, theirs)]
        if name.startswith("start-up"):
            print("%s: render %s ms, cmark %s ms, render/cmark %s" % (
                name, summary(ours, 1000), summary(theirs, 1000),
                summary([o / t for o, t in zip(ours, theirs)])))
        else:
            print("%s: render %s MB/s, cmark %s MB/s, throughput ratio %s; peak RSS render %s MiB, "
                  "cmark %s MiB, ratio %s" % (
                      name, summary([megabytes / o for o in ours], digits=1),
                      summary([megabytes / t for t in theirs], digits=1), summary(ratios, digits=3),
                      summary(ours_rss, 1 / 1024, 0), summary(theirs_rss, 1 / 1024, 0),
                      summary([o / t for o, t in zip(ours_rss, theirs_rss)])))
    for path in (empty, small):
        os.remove(path)
    os.rmdir(scratch)


if __name__ == "__main__":
    main()
