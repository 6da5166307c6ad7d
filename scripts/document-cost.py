#!/usr/bin/env python3
"""What the `Document` route costs against the CLIs a user would pick instead: instructions
counted by callgrind (which a busy machine does not change) and peak RSS, in one run.

Every `render` case runs `--isolation in-process` on the release binary (a copy stripped of
debug info, which valgrind 3.19 needs):
- the default fragment (every `gfm` default), against `cmark-gfm -e table -e strikethrough
  -e autolink -e tasklist -e tagfilter` (the goal: 1.15x);
- the same with the passes that take it off the engine's own HTML turned off;
- `--engine md4c`, against the `cmark` CLI (the goal: 1.0x);
- `--to page` and `--to text`, against the default fragment (the goals: 1.1x and 2x);
- peak RSS of the default fragment against the `cmark` CLI's (the goal: 1.5x), and of the
  fragment, the page and plain text of FILE four times over (the goal: 6x its size).

    swift build -c release --static-swift-stdlib --product render
    scripts/document-cost.py [FILE] [--render PATH]

Needs valgrind, GNU time and Debian's `cmark` and `cmark-gfm` CLIs. Exit status: 0 measured, 1 a process
failed or a tool is missing, 2 a usage error.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from process_usage import peak_rss
from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GFM_CLI = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist",
           "-e", "tagfilter"]
OFF_DOCUMENT = ["--no-extension", "headingAnchors", "--no-extension", "allowedHTML",
                "--no-extension", "emoji"]


def instructions(command, folder):
    """The instructions callgrind counts for one run of `command`."""
    out = os.path.join(folder, "callgrind.out")
    with open(os.devnull, "wb") as sink:
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + command,
                       check=True, stdout=sink, stderr=subprocess.DEVNULL)
    with open(out) as handle:
        return int(re.search(r"^summary: (\d+)", handle.read(), re.M).group(1))


def main():
    arguments = ScriptArguments("document-cost.py", "scripts/document-cost.py [FILE] [--render PATH]",
                                __doc__)
    render = arguments.option("--render", os.path.join(ROOT, ".build", "release", "render"))
    corpus = arguments.corpus()
    for tool in ["valgrind", "cmark", "cmark-gfm", "strip"]:
        if shutil.which(tool) is None:
            sys.exit("document-cost.py: %s is not installed (apt-get install %s)" % (tool, tool))
    if not os.path.exists(render):
        sys.exit("document-cost.py: no %s; build it first (see --help)" % render)
    with tempfile.TemporaryDirectory() as folder:
        binary = os.path.join(folder, "render")
        subprocess.run(["strip", "--strip-debug", render, "-o", binary], check=True)
        own = [binary, "--isolation", "in-process"]
        counted = {}
        cases = [
            ("cmark-gfm CLI", GFM_CLI + [corpus]),
            ("cmark CLI", ["cmark", corpus]),
            ("render (gfm defaults)", own + [corpus]),
            ("render, engine's own HTML", own + OFF_DOCUMENT + [corpus]),
            ("render --engine md4c", own + ["--engine", "md4c", corpus]),
            ("render --to page", own + ["--to", "page", corpus]),
            ("render --to text", own + ["--to", "text", corpus]),
        ]
        for name, command in cases:
            counted[name] = instructions(command, folder)
        against = {
            "render (gfm defaults)": ("cmark-gfm CLI", 1.15),
            "render, engine's own HTML": ("cmark-gfm CLI", None),
            "render --engine md4c": ("cmark CLI", 1.0),
            "render --to page": ("render (gfm defaults)", 1.1),
            "render --to text": ("render (gfm defaults)", 2.0),
        }
        print("%s, instructions (callgrind, M), one run each" % os.path.basename(corpus))
        for name, _ in cases:
            line = "  %-28s %9.1f M" % (name, counted[name] / 1e6)
            if name in against:
                base, goal = against[name]
                ratio = counted[name] / counted[base]
                line += "  %.2fx %s" % (ratio, base)
                if goal is not None:
                    line += "  (goal <= %.2fx: %s)" % (goal, "met" if ratio <= goal else "missed")
            print(line)

        size = os.path.getsize(corpus)
        fourfold = os.path.join(folder, "four.md")
        with open(fourfold, "wb") as target:
            for _ in range(4):
                with open(corpus, "rb") as source:
                    shutil.copyfileobj(source, target)
        cli = min(peak_rss(["cmark", corpus]) for _ in range(3))
        fragment = min(peak_rss(own + [corpus]) for _ in range(3))
        print("peak RSS, least of 3 runs")
        print("  render fragment %.1f MiB, cmark CLI %.1f MiB: %.2fx (goal <= 1.5x: %s)" % (
            fragment / 1024, cli / 1024, fragment / cli, "met" if fragment <= 1.5 * cli else "missed"))
        for name, extra in [("fragment", []), ("page", ["--to", "page"]), ("text", ["--to", "text"])]:
            peak = min(peak_rss(own + extra + [fourfold]) for _ in range(3)) * 1024
            print("  %s of the input x4 (%.1f MB): %.0f MB, %.1fx its size (goal <= 6x: %s)" % (
                name, 4 * size / 1e6, peak / 1e6, peak / (4 * size),
                "met" if peak <= 6 * 4 * size else "missed"))


if __name__ == "__main__":
    main()
