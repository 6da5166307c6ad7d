#!/usr/bin/env python3
"""What one hostile record costs a batch: `render batch` over 10,000 small records (progit's
paragraphs) with one of pathological.json's cases in the middle, against the same records
without it, runs alternating, wall clock. The issue's bar: the difference is at most the
deadline, since the hostile record is stopped at its deadline and its worker replaced while
the others go on.

    scripts/batch-hostile-cost.py [--render PATH] [--records N] [--runs N] [--jobs N]
                                  [--deadline SECONDS] [--case NAME]

Defaults: the release (else debug) build's render, 10000 records, 9 runs of each, --jobs 1,
--deadline 1, the case "pattern ![[]() repeated" (cmark-gfm, the default engine, is still
working on it after a second). Prints the median and range of each run's seconds, of the
paired differences (with minus the run without just before it), and of the stall: the time
from the answer before the hostile record's to the answer after it, which the load of a
shared machine disturbs far less than whole runs. Exit status: 0 when the median stall is
within the deadline and the hostile record was answered `deadline`, 1 when not, 2 for a
usage error.
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
    plain, hostile = os.path.join(work, "plain.jsonl"), os.path.join(work, "hostile.jsonl")
    with open(plain, "w") as file:
        file.writelines(json.dumps(record) + "\n" for record in records)
    middle = count // 2
    with open(hostile, "w") as file:
        for index, record in enumerate(records):
            if index == middle:
                record = {"id": "hostile", "markdown": hostile_markdown(name)}
            file.write(json.dumps(record) + "\n")

    times = {"without": [], "with": []}
    stalls = []
    answer = None
    for _ in range(runs):
        seconds, _, _ = run(render, plain, jobs, deadline)
        times["without"].append(seconds)
        seconds, lines, stamps = run(render, hostile, jobs, deadline)
        times["with"].append(seconds)
        answer = json.loads(lines[middle])
        # From the answer before the hostile record's to the one after it: the batch's stall,
        # read from the run itself, so the machine's load between runs does not enter it.
        stalls.append(stamps[middle + 1] - stamps[middle - 1])
    print("render: %s, %d records, --jobs %d, --deadline %g, %d runs each" % (
        render, count, jobs, deadline, runs))
    for label, values in times.items():
        print("%-7s the hostile record (%s): median %.2f s (%.2f-%.2f)" % (
            label, name, statistics.median(values), min(values), max(values)))
    # Runs are paired (one without, then one with), so that a change in the machine's load
    # between pairs cancels out of each difference, if not within one.
    differences = [with_ - without for without, with_ in zip(times["without"], times["with"])]
    kind = answer.get("error", {}).get("kind") if not answer.get("ok") else "ok"
    print("difference, paired runs: median %.2f s (%.2f-%.2f)" % (
        statistics.median(differences), min(differences), max(differences)))
    stall = statistics.median(stalls)
    print("stall, from the answer before the hostile record to the one after: "
          "median %.3f s (%.3f-%.3f); the hostile record's answer: %s" % (
              stall, min(stalls), max(stalls), kind))
    return 0 if stall <= deadline and kind == "deadline" else 1


if __name__ == "__main__":
    sys.exit(main())
