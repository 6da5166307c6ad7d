#!/usr/bin/env python3
"""HTML -> text, whole process, against the tools data pipelines use: `render PAGE --to text`
and `--to json` with default settings (the html5 importer, isolated in a worker), beside
Resiliparse's `extract_plain_text`, selectolax's `.text()` (lexbor) and lxml's
`text_content()`, each a process of its own that reads the input, extracts and exits.

Two inputs:
- one large page: progit rendered to one HTML page (`render progit.md --to page`, made once
  into .build/progit.html), or PAGE;
- many small pages: the #data sections of html5lib's tree-construction tests (../shared),
  repeated to about 3,000 documents; `render batch` takes them as records (`--jobs 1`), each
  peer loops over them in one process.

Each run times every tool once, in an order that alternates run after run, by the process's
own CPU time (user + system, its workers included) from `wait4`; figures are the median and
range over the runs, in MB/s of HTML and documents per second.

    swift build -c release --static-swift-stdlib --product render
    scripts/html-text-bench.py [PAGE] [--runs N] [--render PATH]

N defaults to 3, PATH to .build/release/render. The peers are installed from PyPI into
.build/peers-venv on first use (scripts/peers.py); the script re-runs itself there. Exit
status: 0 measured, 1 a process failed, 2 a usage error.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_usage import measure, summary  # noqa: E402
from script_arguments import ScriptArguments  # noqa: E402
import corpora  # noqa: E402
import peers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = ["resiliparse", "selectolax", "lxml"]
SHARED = os.path.join(ROOT, "..", "shared")

# Each peer as a program: argv[1] is a file of documents separated by NUL bytes (one for the
# large page); it extracts the text of each and prints the total length, so no work is dropped.
PEER_PROGRAMS = {
    "Resiliparse extract_plain_text": (
        "from resiliparse.extract.html2text import extract_plain_text\n"
        "from resiliparse.parse.html import HTMLTree\n"
        "extract = lambda data: extract_plain_text(HTMLTree.parse_from_bytes(data, 'utf-8'))\n"),
    "selectolax (lexbor) .text()": (
        "from selectolax.lexbor import LexborHTMLParser\n"
        "extract = lambda data: LexborHTMLParser(data).text()\n"),
    "lxml text_content()": (
        "import lxml.etree, lxml.html\n"
        "def extract(data):\n"
        "    try:\n"
        "        return lxml.html.document_fromstring(data).text_content()\n"
        "    except lxml.etree.ParserError:\n"
        "        return ''  # a document of comments only: lxml has no root for it\n"),
}
PEER_LOOP = (
    "import sys\n"
    "documents = open(sys.argv[1], 'rb').read().split(b'\\0')\n"
    "print(sum(len(extract(document)) for document in documents))\n")


def page(render):
    """progit as one HTML page, made once."""
    path = os.path.join(ROOT, ".build", "progit.html")
    if not os.path.exists(path):
        with open(path, "wb") as output:
            subprocess.run([render, os.path.join(SHARED, "corpus", "progit.md"), "--to", "page"],
                           stdout=output, check=True)
    return path


def commands(render, kind, path, records):
    """Every measured process for one input: name -> argv."""
    if kind == "page":
        tools = {
            "render --to text": [render, path, "--to", "text"],
            "render --to json": [render, path, "--to", "json"],
            "render --to text --importer libxml2": [render, path, "--to", "text",
                                                   "--importer", "libxml2"],
        }
    else:
        tools = {
            "render batch (text)": [render, "batch", "--jobs", "1", records["text"]],
            "render batch (json)": [render, "batch", "--jobs", "1", records["json"]],
        }
    for name, program in PEER_PROGRAMS.items():
        tools[name] = [sys.executable, "-c", program + PEER_LOOP, path]
    return tools


def table(title, tools, runs, size, documents):
    print(f"\n{title}: {size / 1e6:.2f} MB of HTML, {documents:,} document"
          f"{'' if documents == 1 else 's'}; CPU time, median (min–max) of {runs} runs")
    print("| tool | MB/s | documents/s |\n| --- | ---: | ---: |")
    seconds = {name: [] for name in tools}
    names = list(tools)
    for run in range(runs):
        for name in names if run % 2 == 0 else reversed(names):
            seconds[name].append(measure(tools[name])[0])
    for name in names:
        megabytes = [size / 1e6 / value for value in seconds[name]]
        rates = [documents / value for value in seconds[name]]
        print(f"| {name} | {summary(megabytes, digits=2)} | {summary(rates, digits=0)} |")


def main():
    arguments = ScriptArguments(
        "html-text-bench", "scripts/html-text-bench.py [PAGE] [--runs N] [--render PATH]",
        __doc__)
    runs = arguments.runs(3)
    render = os.path.abspath(arguments.option("--render", os.path.join(ROOT, ".build", "release",
                                                                       "render")))
    if len(arguments.remaining) > 1 or any(a.startswith("-") for a in arguments.remaining):
        arguments.fail("unexpected %s" % " ".join(arguments.remaining))
    peers.enter(PEERS, __file__)
    work = tempfile.mkdtemp(prefix="html-text-bench-")
    large = arguments.remaining[0] if arguments.remaining else page(render)
    print(f"render: {render}")
    size = os.path.getsize(large)
    table(f"One large page ({os.path.basename(large)})", commands(render, "page", large, None),
          runs, size, 1)

    inputs = list(corpora.html5lib_inputs(os.path.join(SHARED, "html5lib-tests")))
    repeat = max(1, 3000 // len(inputs))
    documents = [document.encode("utf-8") for document in inputs] * repeat
    joined = os.path.join(work, "small.bin")
    with open(joined, "wb") as file:
        file.write(b"\0".join(documents))
    records = {}
    for output in ("text", "json"):
        records[output] = os.path.join(work, f"small-{output}.jsonl")
        with open(records[output], "w") as file:
            for index, document in enumerate(inputs * repeat):
                file.write(json.dumps({"id": index, "html": document, "outputs": [output]}) + "\n")
    table(f"Many small pages (html5lib's inputs x{repeat})",
          commands(render, "small", joined, records), runs,
          sum(len(document) for document in documents), len(documents))
    return 0


if __name__ == "__main__":
    sys.exit(main())
