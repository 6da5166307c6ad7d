#!/usr/bin/env python3
"""What one hostile record costs a batch: `render batch` over 10,000 small records (progit's
paragraphs) with one of pathological.json's cases in the middle, against the same records
with a benign record of the same size there (progit's text, cut to the hostile line's length)
and without either, runs alternating, wall clock. The issue's bar: a hostile record costs what
a benign one of its size costs and at most its deadline more, since it is stopped at its
deadline and its worker replaced while the others go on. Reading, decoding and handing over a
large record is the same work for either, so it is compared, not counted against the deadline.

    scripts/batch-hostile-cost.py [--render PATH] [--records N] [--runs N] [--jobs N]
                                  [--deadline SECONDS] [--case NAME]

Defaults: the release (else debug) build's render, 10000 records, 9 runs of each, --jobs 1,
--deadline 1, the case "pattern ![[]() repeated" (cmark-gfm, the default engine, is still
working on it after a second). Prints the median and range of each run's seconds, of the
paired differences (with the hostile record minus the run without just before it), of the
stall (the longest wait between two answers within a run's length of the middle record, which
the load of a shared machine disturbs far less than whole runs) with the hostile record and with
the benign one, and of the hostile stall minus the benign one, run by run. Exit status: 0 when
that median is within the deadline and the hostile record was answered `deadline` (the benign
one `ok`), 1 when not, 2 for a usage error.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from script_arguments import CORPUS, ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
USAGE = ("scripts/batch-hostile-cost.py [--render PATH] [--records N] [--runs N] [--jobs N] "
         "[--deadline SECONDS] [--case NAME]")

# The most answers `render batch` hands over together (OrderedConcurrentMap's runLength).
RUN = 16


def hostile_markdown(name):
    suite = os.path.join(ROOT, "..", "shared", "suites", "pathological.json")
    for case in json.load(open(suite))["cases"]:
        if case["name"] == name:
            # The suite gives each input as the Python expression that makes it.
            return eval(case["markdown_expr"], {})
    raise SystemExit("batch-hostile-cost: no case named %r in %s" % (name, suite))


def paragraphs(count):
    text = open(CORPUS, encoding="utf-8").read()
    found = [part.strip() for part in text.split("\n\n") if part.strip()]
    return [found[index % len(found)] for index in range(count)]


def benign_markdown(line_bytes):
    """The longest start of progit's text (repeated) whose JSON string is `line_bytes` long
    at most: JSON escapes (quotes, line ends, non-ASCII) make it longer than its characters."""
    text = open(CORPUS, encoding="utf-8").read()
    text = text * (line_bytes // len(text) + 1)
    low, high = 0, line_bytes
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if len(json.dumps(text[:middle])) <= line_bytes else (
            low, middle - 1)
    return text[:low]


def run(render, path, jobs, deadline):
    """Seconds of one run, its answers, and when each answer came (seconds from the start)."""
    started = time.perf_counter()
    with open(path, "rb") as records:
        process = subprocess.Popen(
            [render, "batch", "--jobs", str(jobs), "--deadline", str(deadline), "-"],
            stdin=records, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        lines, stamps = [], []
        for line in process.stdout:
            lines.append(line)
            stamps.append(time.perf_counter() - started)
        if process.wait() != 0:
            raise SystemExit("batch-hostile-cost: render batch failed")
    return time.perf_counter() - started, lines, stamps


def main():
    arguments = ScriptArguments("batch-hostile-cost", USAGE, __doc__)
    render = arguments.option("--render", None) or next(
        path for path in (os.path.join(ROOT, ".build", mode, "render")
                          for mode in ("release", "debug")) if os.path.exists(path))
    count = int(arguments.option("--records", "10000"))
    runs = int(arguments.option("--runs", "9"))
    jobs = int(arguments.option("--jobs", "1"))
    deadline = float(arguments.option("--deadline", "1"))
    name = arguments.option("--case", "pattern ![[]() repeated")
    if arguments.remaining:
        arguments.fail("unexpected %s" % arguments.remaining[0])

    records = [{"id": index, "markdown": text} for index, text in enumerate(paragraphs(count))]
    work = tempfile.mkdtemp(prefix="batch-hostile-")
    middle = count // 2
    hostile_text = hostile_markdown(name)
    middles = {"without": None,
               "hostile": {"id": "hostile", "markdown": hostile_text},
               "benign": {"id": "benign", "markdown": benign_markdown(len(json.dumps(
                   hostile_text)))}}
    paths = {}
    for label, replacement in middles.items():
        paths[label] = os.path.join(work, label + ".jsonl")
        with open(paths[label], "w") as file:
            for index, record in enumerate(records):
                file.write(json.dumps(replacement if index == middle and replacement else record)
                           + "\n")

    times = {label: [] for label in middles}
    stalls = {"hostile": [], "benign": []}
    kinds = {}
    for _ in range(runs):
        for label in middles:
            seconds, lines, stamps = run(render, paths[label], jobs, deadline)
            times[label].append(seconds)
            if label in stalls:
                answer = json.loads(lines[middle])
                kinds[label] = "ok" if answer.get("ok") else answer.get("error", {}).get("kind")
                # The longest wait between two answers near the middle record: the batch's
                # stall, read from the run itself, so the machine's load between runs does not
                # enter it. Answers are handed over in runs (up to RUN records), so the wait
                # may fall before the middle record's run rather than right at it.
                near = range(max(0, middle - RUN - 1), min(len(stamps) - 1, middle + RUN + 1))
                stalls[label].append(max(stamps[index + 1] - stamps[index] for index in near))
    sizes = {label: len(json.dumps(record)) for label, record in middles.items() if record}
    print("render: %s, %d records, --jobs %d, --deadline %g, %d runs each" % (
        render, count, jobs, deadline, runs))
    print("middle record lines: hostile %d bytes (%s), benign %d bytes" % (
        sizes["hostile"], name, sizes["benign"]))

    def summary(values, digits):
        return "median %.*f s (%.*f-%.*f)" % (
            digits, statistics.median(values), digits, min(values), digits, max(values))

    for label, values in times.items():
        print("whole run, %-7s middle record: %s" % (label, summary(values, 2)))
    # Runs come in threes (without, hostile, benign), so that a change in the machine's load
    # between them cancels out of each difference, if not within one.
    differences = [with_ - without for without, with_ in zip(times["without"], times["hostile"])]
    print("difference, hostile run minus the run without: %s" % summary(differences, 2))
    for label, values in stalls.items():
        print("stall, %-7s record (answered %s): %s" % (label, kinds[label], summary(values, 3)))
    excess = [hostile - benign for hostile, benign in zip(stalls["hostile"], stalls["benign"])]
    print("hostile stall minus benign stall, run by run: %s" % summary(excess, 3))
    cost = statistics.median(excess)
    ok = cost <= deadline and kinds["hostile"] == "deadline" and kinds["benign"] == "ok"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
