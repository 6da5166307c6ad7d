"""Documents per second of `render batch` on many small documents, against one `render`
process per file and against peers from PyPI, in-process in one Python thread:

- Markdown -> HTML on progit cut into chapters: comrak, pyromark.
- HTML -> text on html5lib's inputs: Resiliparse, selectolax (lexbor).

Also `render batch` with --jobs 1 and 2 (scaling), and its peak resident size over the
records and over ten times as many (it should not grow with their number).

The peers (comrak, pyromark, resiliparse, selectolax) come from PyPI into .build/peers-venv
on first use (scripts/peers.py); the script re-runs itself there.
Usage: batch-bench.py [--render PATH] [--shared DIR] [--per-file N]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import corpora
import peers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = ["comrak", "pyromark", "resiliparse", "selectolax"]


def corpus(shared):
    """progit's chapters and html5lib's inputs, as check-distributed reads them."""
    markdown = list(corpora.progit_chapters(os.path.join(shared, "corpus/progit.md")))
    html = list(corpora.html5lib_inputs(os.path.join(shared, "html5lib-tests")))
    return markdown, html


def rate(count, seconds):
    return count / seconds if seconds > 0 else float("inf")


def in_process(function, documents, repeat):
    started = time.perf_counter()
    for _ in range(repeat):
        for document in documents:
            function(document)
    return rate(len(documents) * repeat, time.perf_counter() - started)


def batch(render, records_path, jobs):
    """Documents per second of one `render batch` run."""
    started = time.perf_counter()
    with open(records_path, "rb") as records, open(os.devnull, "wb") as null:
        subprocess.run([render, "batch", "--jobs", str(jobs), "-"], stdin=records, stdout=null,
                       stderr=subprocess.DEVNULL, check=True)
    seconds = time.perf_counter() - started
    return rate(sum(1 for _ in open(records_path, "rb")), seconds)


def peak_kilobytes(render, records_path):
    """The peak resident size of `render batch` (not its workers) over the records, in KB,
    read by a child that runs nothing else, so that no earlier child's peak counts."""
    probe = (
        "import resource, subprocess, sys\n"
        "with open(sys.argv[2], 'rb') as records:\n"
        "    subprocess.run([sys.argv[1], 'batch', '--jobs', '2', '-'], stdin=records,\n"
        "                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    result = subprocess.run([sys.executable, "-c", probe, render, records_path],
                            capture_output=True, check=True)
    return int(result.stdout)


def per_file(render, paths, flags):
    started = time.perf_counter()
    for path in paths:
        subprocess.run([render, path] + flags, stdout=subprocess.DEVNULL, check=True)
    return rate(len(paths), time.perf_counter() - started)


def main():
    peers.enter(PEERS, __file__)
    parser = argparse.ArgumentParser()
    parser.add_argument("--render", default=None)
    parser.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    parser.add_argument("--per-file", type=int, default=150)
    arguments = parser.parse_args()
    render = arguments.render or next(
        path for path in (os.path.join(ROOT, ".build", mode, "render") for mode in ("release", "debug"))
        if os.path.exists(path))
    import comrak
    import pyromark
    from resiliparse.extract.html2text import extract_plain_text
    from selectolax.lexbor import LexborHTMLParser

    markdown, html = corpus(arguments.shared)
    work = tempfile.mkdtemp(prefix="batch-bench-")
    sets = {
        "Markdown -> HTML (progit chapters)": (
            markdown, "markdown", "fragment", ".md", [],
            {"comrak": comrak.render_markdown, "pyromark": pyromark.html}),
        "HTML -> text (html5lib inputs)": (
            html, "html", "text", ".html", ["--to", "text"],
            {"Resiliparse": extract_plain_text,
             "selectolax": lambda text: LexborHTMLParser(text).text(separator="\n")}),
    }
    print(f"render: {render}")
    for title, (documents, key, output, suffix, flags, rivals) in sets.items():
        # Small sets are repeated so that each run lasts long enough to time.
        repeat = max(1, 3000 // len(documents))
        records = os.path.join(work, key + ".jsonl")
        with open(records, "w") as file:
            for _ in range(repeat):
                for index, document in enumerate(documents):
                    file.write(json.dumps({"id": index, key: document, "outputs": [output]}) + "\n")
        paths = []
        for index, document in enumerate(documents[: arguments.per_file]):
            paths.append(os.path.join(work, f"{key}-{index}{suffix}"))
            with open(paths[-1], "w") as file:
                file.write(document)
        print(f"\n{title}: {len(documents)} documents, x{repeat}")
        print("| run | documents/s |\n|---|---:|")
        one = batch(render, records, 1)
        two = batch(render, records, 2)
        print(f"| render batch --jobs 1 | {one:,.0f} |")
        print(f"| render batch --jobs 2 | {two:,.0f} ({two / one:.2f}x) |")
        print(f"| render, one process per file ({len(paths)} files) | {per_file(render, paths, flags):,.0f} |")
        for name, function in rivals.items():
            print(f"| {name} (in-process, one thread) | {in_process(function, documents, repeat):,.0f} |")
        tenfold = records + ".x10"
        with open(tenfold, "wb") as file:
            for _ in range(10):
                file.write(open(records, "rb").read())
        small, large = peak_kilobytes(render, records), peak_kilobytes(render, tenfold)
        print(f"\npeak resident size of render batch: {small / 1024:.1f} MiB over the records, "
              f"{large / 1024:.1f} MiB over ten times as many")
    return 0


if __name__ == "__main__":
    sys.exit(main())
