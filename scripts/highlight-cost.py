#!/usr/bin/env python3
"""What highlighting fenced code costs `render --to page`, as ratios, and what the first
highlighted block of a process costs.

Runs the release `render` in-process on three documents, with highlighting on (the default)
and off (`--no-extension highlight`), alternating the order every run, and measures each
process's CPU time (user + system):
- ../shared/corpus/progit.md as it is (its code is indented, so no block is highlighted);
- progit with each indented code block fenced as ```sh (a document heavy with code);
- the READMEs of ../shared/corpus/readmes, one after the other (their own fenced blocks).
Then the first block: a document of one short Swift block (and one of JSON), on minus off,
which is the pass, the language's definition read and the block highlighted.

    swift build -c release --product render
    scripts/highlight-cost.py [--runs N]
"""
import glob
import os
import statistics
import sys
import tempfile

from process_usage import measure, summary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RENDER = os.path.join(ROOT, ".build", "release", "render")
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")


def fenced(markdown):
    """`markdown` with each indented code block after a blank line fenced as ```sh."""
    lines = markdown.split("\n")
    output = []
    index = 0
    while index < len(lines):
        line = lines[index]
        blank_before = index == 0 or lines[index - 1].strip() == ""
        if blank_before and line.startswith("    ") and line.strip():
            block = []
            while index < len(lines) and (lines[index].startswith("    ") or not lines[index].strip()):
                block.append(lines[index][4:])
                index += 1
            while block and not block[-1].strip():
                block.pop()
            output += ["```sh"] + block + ["```", ""]
            continue
        output.append(line)
        index += 1
    return "\n".join(output)


def compare(path, runs):
    variants = {"on": [], "off": ["--no-extension", "highlight"]}
    times = {name: [] for name in variants}
    for run in range(runs + 1):
        order = list(variants) if run % 2 == 0 else list(reversed(variants))
        measured = {name: measure([RENDER, path, "--to", "page", "--isolation", "in-process"]
                                  + variants[name])[0] for name in order}
        if run == 0:
            continue  # warm-up: file cache, first page faults
        for name in variants:
            times[name].append(measured[name])
    ratios = [on / off for on, off in zip(times["on"], times["off"])]
    return times, ratios


def main():
    arguments = sys.argv[1:]
    runs = 5
    if "--runs" in arguments:
        runs = int(arguments[arguments.index("--runs") + 1])
    with open(os.path.join(CORPUS, "progit.md"), encoding="utf-8") as file:
        progit = file.read()
    readmes = ""
    for path in sorted(glob.glob(os.path.join(CORPUS, "readmes", "*.md"))):
        with open(path, encoding="utf-8") as file:
            readmes += file.read() + "\n\n"
    with tempfile.TemporaryDirectory() as folder:
        documents = {"progit.md": os.path.join(CORPUS, "progit.md")}
        for name, text in [("progit, code fenced as sh", fenced(progit)),
                           ("readmes, one after the other", readmes),
                           ("one swift block", "```swift\nlet x = [1, 2].map { $0 * 2 }\n```\n"),
                           ("one json block", "```json\n{\"a\": [1, true, \"b\"]}\n```\n")]:
            path = os.path.join(folder, name.replace(" ", "-").replace(",", "") + ".md")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            documents[name] = path
        print(f"render --to page, in-process, {runs} runs: CPU seconds median (min–max), on/off")
        for name, path in documents.items():
            blocks = ("\n" + open(path, encoding="utf-8").read()).count("\n```") // 2
            times, ratios = compare(path, runs)
            first = [(on - off) * 1000 for on, off in zip(times["on"], times["off"])]
            print(f"  {name} ({os.path.getsize(path):,} bytes, ~{blocks} fenced blocks): "
                  f"on {summary(times['on'], digits=3)} s, off {summary(times['off'], digits=3)} s, "
                  f"ratio {summary(ratios)}, on − off {summary(first, digits=1)} ms")


if __name__ == "__main__":
    main()
