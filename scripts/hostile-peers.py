#!/usr/bin/env python3
"""The hostile inputs through the engines a user would compare with, in-process.

Runs every case of cmark's suite (../shared/suites/pathological.json) and of the published
advisories and issue reports (Tests/Fixtures/Hostile/published.json) through three peers from
PyPI, each rendering HTML with GitHub's extensions on:

- comrak (`comrak`): tables, strikethrough, autolinks, task lists, footnotes, tagfilter;
- pulldown-cmark (`pyromark`): tables, strikethrough, task lists, footnotes (it has no
  autolink extension);
- cmark-gfm as released now (`cmarkgfm`, which bundles its own libcmark-gfm): the GitHub
  extensions and footnotes.

Prints, per case and peer, the median CPU seconds (`time.process_time()` around the one render
call) of N runs. Each run is a child process with a wall-clock limit and an address-space cap,
so a hang prints "timeout" and an output explosion "error" instead of stalling the machine.

    scripts/hostile-peers.py [--runs N] [--timeout SECONDS] [--json FILE]

N defaults to 3, SECONDS to 30. --json also writes the figures as
{"peers": {name: version}, "cases": [{"suite", "example", "name", "bytes", "seconds"}]},
where a second count is a number or the string "timeout" or "error: ...".

The peers live in a private virtual environment, .build/peers-venv, made on first use
(`python3 -m venv`, then `pip install comrak pyromark cmarkgfm`); the script re-runs itself
inside it. Exit status: 0 measured, 1 skipped (PyPI unreachable, or no suite found), 2 a usage
error.
"""
import json
import multiprocessing
import os
import resource
import statistics
import sys
import time

import peers
from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = ["comrak", "pyromark", "cmarkgfm"]
SUITES = [
    ("pathological", os.path.join(ROOT, "..", "shared", "suites", "pathological.json")),
    ("published", os.path.join(ROOT, "Tests", "Fixtures", "Hostile", "published.json")),
]
# A peer that writes an exploded table should fail inside its child, not push the shared
# machine into swap.
ADDRESS_SPACE = 4 << 30


def hash_collisions():
    """The reference-collision input as this project builds it (PythonStringExpression):
    the labels x0 … x49999 whose cmark 0.30 reference-map hash falls in bucket 0 of 16, each
    defined and then used, so the peers and the engines measure the same bytes."""
    def collides(label):
        value = 0
        for byte in label.encode():
            value = (byte + (value << 6) + (value << 16) - value) & 0xFFFFFFFF
        return value % 16 == 0
    labels = [label for label in ("x%d" % i for i in range(50000)) if collides(label)]
    return ("\n".join("[%s]: /url" % label for label in labels) + "\n\n"
            + "\n".join("[%s]" % label for label in labels))


def build(recipe):
    """The Markdown a suite's Python recipe builds; only `range`, `str` and `hash_collisions`
    are in reach, as the recipes need nothing else."""
    # Globals, not locals: a generator expression's body sees only the globals.
    return eval(recipe, {"__builtins__": {}, "range": range, "str": str,
                         "hash_collisions": hash_collisions})


def renderers():
    """name → a function from Markdown to HTML, each with GitHub's extensions on."""
    import cmarkgfm
    import comrak
    import pyromark

    extensions = comrak.ExtensionOptions()
    for name in ["table", "strikethrough", "autolink", "tasklist", "footnotes", "tagfilter"]:
        setattr(extensions, name, True)
    pulldown = (pyromark.Options.ENABLE_TABLES | pyromark.Options.ENABLE_STRIKETHROUGH
                | pyromark.Options.ENABLE_TASKLISTS | pyromark.Options.ENABLE_FOOTNOTES)
    return {
        "comrak": lambda text: comrak.render_markdown(text, extension_options=extensions),
        "pyromark": lambda text: pyromark.html(text, options=pulldown),
        "cmarkgfm": lambda text: cmarkgfm.github_flavored_markdown_to_html(
            text, options=cmarkgfm.Options.CMARK_OPT_FOOTNOTES),
    }


def versions():
    from importlib.metadata import version

    found = {peer: "%s %s (PyPI)" % (peer, version(peer)) for peer in PEERS}
    try:
        from cmarkgfm._cmark import ffi, lib

        found["cmarkgfm"] += ", libcmark-gfm " + ffi.string(lib.cmark_version_string()).decode()
    except (ImportError, AttributeError):
        pass
    return found


def render_once(render, text, connection):
    """In the child: one render, its CPU seconds sent back (or the error it raised)."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    try:
        start = time.process_time()
        render(text)
        connection.send(time.process_time() - start)
    except BaseException as error:  # the child reports whatever stopped the render
        connection.send("error: %s" % type(error).__name__)


def measure(render, text, runs, timeout):
    """The median CPU seconds of `runs` renders, each in a child of its own; "timeout" or
    "error: …" at the first run that does not finish."""
    context = multiprocessing.get_context("fork")
    seconds = []
    for _ in range(runs):
        receiver, sender = context.Pipe(duplex=False)
        child = context.Process(target=render_once, args=(render, text, sender))
        child.start()
        sender.close()
        ready = receiver.poll(timeout)
        if not ready:
            child.kill()
            child.join()
            return "timeout"
        try:
            result = receiver.recv()
        except EOFError:
            result = "error: the child died (exit %s)" % child.exitcode
        child.join()
        if isinstance(result, str):
            return result
        seconds.append(result)
    return statistics.median(seconds)


def cases():
    """Every case of every suite there is, built; a missing suite is said, loudly."""
    found = []
    for suite, path in SUITES:
        if not os.path.exists(path):
            print("skipped: %s is missing, so its cases are not measured" % path, file=sys.stderr)
            continue
        with open(path, encoding="utf-8") as file:
            for entry in json.load(file)["cases"]:
                found.append((suite, entry["example"], entry["name"], build(entry["markdown_expr"])))
    if not found:
        sys.exit("skipped: no suite found")
    return found


def cell(value):
    return "%.3f" % value if isinstance(value, float) else value


def main():
    arguments = ScriptArguments(
        "hostile-peers", "scripts/hostile-peers.py [--runs N] [--timeout SECONDS] [--json FILE]",
        __doc__)
    runs = arguments.runs(3)
    timeout = arguments.option("--timeout", "30")
    json_path = arguments.option("--json", None)
    if arguments.remaining:
        arguments.fail("unexpected %s" % " ".join(arguments.remaining))
    try:
        timeout = float(timeout)
    except ValueError:
        arguments.fail("--timeout takes a number of seconds, not %r" % timeout)
    peers.enter(PEERS, __file__)

    peers = renderers()
    report = {"peers": versions(), "cases": []}
    for name, version in report["peers"].items():
        print("# %s: %s" % (name, version))
    print("%-13s %3s %-48s %8s  %s" % ("suite", "ex", "case", "bytes",
                                        "  ".join("%10s" % peer for peer in peers)))
    for suite, example, name, text in cases():
        size = len(text.encode("utf-8"))
        seconds = {peer: measure(render, text, runs, timeout) for peer, render in peers.items()}
        report["cases"].append({"suite": suite, "example": example, "name": name, "bytes": size,
                                "seconds": seconds})
        print("%-13s %3d %-48s %8d  %s" % (
            suite, example, name[:48], size,
            "  ".join("%10s" % cell(seconds[peer]) for peer in peers)), flush=True)
    if json_path:
        with open(json_path, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=1)
            file.write("\n")


if __name__ == "__main__":
    main()
