#!/usr/bin/env python3
"""What `MarkdownStream` costs against rendering once, as ratios of instructions counted by
callgrind (which a busy machine does not change), in one run.

Runs the release `renderbench stream FILE cmark-gfm 1 CASE` under callgrind for each case and
subtracts the `none` case (start-up, reading the corpus, creating the renderer):
- 64 and 16: the corpus's first 2 MiB (cut at a line end) streamed in 64-byte and 16-byte
  writes, each block rendered by the write that makes it final, over one render (`once`);
- twice64: the first 4 MiB in 64-byte writes, over the 2 MiB in 64-byte writes;
- open64: the 2 MiB with the open block rendered on every write, over one render;
- split64: splitting and the stream's own work alone (no block rendered), over one render.

    swift build -c release --product renderbench
    scripts/stream-cost.py [FILE]
"""
import os
import re
import subprocess
import sys
import tempfile

from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".build", "release", "renderbench")
CASES = ["none", "once", "64", "16", "twice64", "split64", "open64"]


def instructions(bench, corpus, case):
    """The instructions callgrind counts for one case."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
             bench, "stream", corpus, "cmark-gfm", "1", case],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as handle:
            return int(re.search(r"^summary: (\d+)", handle.read(), re.M).group(1))


def main():
    arguments = ScriptArguments("stream-cost.py", "scripts/stream-cost.py [FILE]", __doc__)
    corpus = arguments.corpus()
    if not os.path.exists(BENCH):
        arguments.fail("build it first: swift build -c release --product renderbench")
    counts = {}
    with tempfile.TemporaryDirectory() as folder:
        # Valgrind cannot read the debug information Swift writes: it counts a stripped copy.
        bench = os.path.join(folder, "renderbench")
        subprocess.run(["strip", "-o", bench, BENCH], check=True)
        for case in CASES:
            counts[case] = instructions(bench, corpus, case)
            sys.stderr.write("%s: %d instructions\n" % (case, counts[case]))
    net = {case: counts[case] - counts["none"] for case in CASES}
    print("stream, instructions (callgrind), %s, first 2 MiB:" % os.path.basename(corpus))
    print("64-byte writes, blocks:   %.2fx one render" % (net["64"] / net["once"]))
    print("16-byte writes, blocks:   %.2fx one render" % (net["16"] / net["once"]))
    print("twice the text, 64-byte:  %.2fx the 2 MiB" % (net["twice64"] / net["64"]))
    print("splitting alone, 64-byte: %.2fx one render" % (net["split64"] / net["once"]))
    print("open block every write:   %.2fx one render" % (net["open64"] / net["once"]))


if __name__ == "__main__":
    main()
