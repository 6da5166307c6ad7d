"""Runs `render batch` under Spark's RDD.pipe, as a Spark job would, and checks the answers.

Spark in local mode with 2 workers pipes a few thousand records through `render batch`:
progit's chapters (Markdown -> fragment), html5lib's inputs (HTML -> text), XSS payloads
(Markdown -> fragment), and the pathological inputs of ../shared/suites under a small
deadline. Checked: every record answered exactly once, in order within each partition; the
hostile ones answered as errors; a sample of the rest equal to `render` on the same file.
Usage: check-distributed.py RENDER [--shared DIR] [--work DIR]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import peers
from corpora import html5lib_inputs, progit_chapters

# The kinds a record past a guard is answered with (docs/batch.md).
GUARD_KINDS = {"deadline", "memory", "input-too-large", "output-too-large", "limit", "crash"}
# Of the records that render, how many are compared with `render` itself (one process each).
COMPARED = 240


def records(shared, work):
    """Every record, and for the ones that render the file and flags `render` checks them with."""
    docs = os.path.join(work, "docs")
    os.makedirs(docs, exist_ok=True)
    made = []

    def document(name, text, record, flags, hostile=False):
        path = os.path.join(docs, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        record = dict(record, id=name, path=path)
        made.append((record, path, flags, hostile))

    for index, chapter in enumerate(progit_chapters(os.path.join(shared, "corpus/progit.md"))):
        document(f"progit-{index:03}.md", chapter, {"outputs": ["fragment"]}, [])
    for index, html in enumerate(html5lib_inputs(os.path.join(shared, "html5lib-tests"))):
        document(f"html5lib-{index:04}.html", html, {"outputs": ["text"]}, ["--to", "text"])
    payloads = [json.loads(line) for line in open(os.path.join(shared, "xss/payloads.jsonl"))]
    for index, payload in enumerate(payloads[::6]):
        document(f"xss-{index:04}.md", payload["payload"] + "\n", {"outputs": ["fragment"]}, [])
    suite = json.load(open(os.path.join(shared, "suites/pathological.json")))
    for case in suite["cases"]:
        try:
            text = eval(case["markdown_expr"])  # the suite's own notation; hash_collisions() is not defined
        except Exception:
            continue
        if len(text) < 20_000:
            continue
        document(
            f"hostile-{case['example']:02}.md", text,
            {"outputs": ["fragment"], "settings": {"deadline": 0.001}}, [], hostile=True)
    return made


def main():
    peers.enter(["pyspark"], __file__)
    # Spark's Python workers run the venv's interpreter too.
    os.environ["PYSPARK_PYTHON"] = peers.PYTHON
    parser = argparse.ArgumentParser()
    parser.add_argument("render")
    parser.add_argument("--shared", default="../shared")
    parser.add_argument("--work", default=".build/distributed")
    arguments = parser.parse_args()
    render = os.path.abspath(arguments.render)
    made = records(arguments.shared, arguments.work)
    # Mixed, so that every partition holds some of each kind, the hostile ones included.
    random.Random(38).shuffle(made)
    lines = [json.dumps(record) for record, _, _, _ in made]
    print(f"check-distributed: {len(lines)} records "
          f"({sum(1 for m in made if m[3])} hostile)", flush=True)

    from pyspark import SparkConf, SparkContext

    started = time.time()
    conf = SparkConf().setMaster("local[2]").setAppName("render-batch-check")
    conf.set("spark.ui.enabled", "false")
    conf.set("spark.ui.showConsoleProgress", "false")
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    try:
        rdd = context.parallelize(lines, 8)
        sent = rdd.glom().collect()
        answered = rdd.pipe(f"{render} batch --jobs 1").glom().collect()
    finally:
        context.stop()
    print(f"check-distributed: Spark answered in {time.time() - started:.1f} s", flush=True)

    failures = []
    by_id = {}
    for partition, (records_sent, answers) in enumerate(zip(sent, answered)):
        if len(answers) != len(records_sent):
            failures.append(f"partition {partition}: {len(records_sent)} records, {len(answers)} answers")
            continue
        for number, (line, answer_line) in enumerate(zip(records_sent, answers), start=1):
            answer = json.loads(answer_line)
            record = json.loads(line)
            if answer.get("id") != record["id"] or answer.get("line") != number:
                failures.append(f"partition {partition} line {number}: answer out of order: {answer_line[:120]}")
            by_id[record["id"]] = answer
    compared = []
    for record, path, flags, hostile in made:
        answer = by_id.get(record["id"])
        if answer is None:
            failures.append(f"{record['id']}: no answer")
        elif hostile:
            kind = (answer.get("error") or {}).get("kind")
            if answer.get("ok") or kind not in GUARD_KINDS:
                failures.append(f"{record['id']}: a hostile record answered {json.dumps(answer)[:160]}")
        elif not answer.get("ok"):
            failures.append(f"{record['id']}: {answer.get('error')}")
        else:
            compared.append((record, path, flags, answer))
    random.Random(38).shuffle(compared)

    def check(entry):
        record, path, flags, answer = entry
        output = subprocess.run([render, path] + flags, capture_output=True).stdout.decode()
        field = record["outputs"][0]
        return None if output == answer[field] else f"{record['id']}: {field} differs from render {path} {' '.join(flags)}"

    with ThreadPoolExecutor(2) as pool:
        failures += [f for f in pool.map(check, compared[:COMPARED]) if f]
    for failure in failures[:20]:
        print("check-distributed: FAIL " + failure)
    if failures:
        print(f"check-distributed: {len(failures)} failures")
        return 1
    print(f"check-distributed: ok: {len(lines)} records answered once each, in order in "
          f"{len(sent)} partitions; hostile ones as errors; {min(COMPARED, len(compared))} "
          f"equal to render on the same file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
