"""Loads the public XSS payloads' outputs in headless Chromium and fails if any ran script.

Every payload of ../shared/xss/payloads.jsonl, and every URL of urls.jsonl in a link, an image,
an autolink and an attribute-like text, goes through the default configuration (cmark-gfm, raw
HTML through GitHub's allowlist) as a fragment and as `--to page`, alone and inside <details>
(also as its summary), <picture> and a table cell. A sample (every 40th payload, every 4th URL,
in the same forms, plus code-fence info strings and headings, which become page titles) goes
through every other engine and mode: the default, --unsafe --sanitize, and HTML input.

Each output is rendered alone, by `render batch` (one record each, so one payload's Markdown
cannot change how the next parses; a sample of the answers is compared with `render FILE` and
`render FILE --to page`). In Chromium, over the DevTools protocol (cdp.py, one browser),
outputs share frames (srcdoc iframes, 100 at a time): 50 fragments or 50 pages to a frame
(the pages after the first without the theme's <style> when it is the first's, byte for
byte), each followed by a marker <hr>. A marker that lands straight in the body shows the parser was
back in its ordinary state, so one output's unclosed <textarea>, <title>, <noscript>, <!--,
<template> or <svg> did not swallow or change the next; a group with a marker elsewhere, or
with any failure, is loaded again one output to a frame, and that is the verdict. In each frame
alert, confirm and prompt (and print) are hooked first, then mouse, focus, click, load, error
and toggle events are fired on every element and every javascript: link is clicked (other
links are not followed). It fails when a hook ran (in the frame or through top/parent), a
frame navigated away, a frame's last script did not run, Chromium opened any dialog (seen over
the protocol, hooked or not), or the DOM Chromium parsed holds a script vector (payloads.js
lists them).

usage: payloads.py RENDER CHROMIUM SHARED WORK"""
import json
import os
import re
import subprocess
import sys
import time

from cdp import Browser

render, chromium, shared, work = sys.argv[1:5]
here = os.path.dirname(os.path.abspath(__file__))
xss = os.path.join(shared, "xss")
if not os.path.isdir(xss):
    print("check-browser: SKIPPED the payload check: %s is missing" % xss, file=sys.stderr)
    sys.exit(0)
started = time.monotonic()


def lines(name):
    with open(os.path.join(xss, name), encoding="utf-8") as file:
        return [json.loads(line)["payload"] for line in file]


def markdown_forms(payloads, urls, extra):
    """(label, Markdown) of each payload alone and inside the elements GitHub's allowlist keeps
    open across Markdown; each URL where Markdown puts a URL; with `extra`, also in a code
    fence's info string and a heading."""
    forms = []
    for index, payload in payloads:
        line = payload.replace("\n", " ")
        forms += [
            ("payload %d" % index, payload),
            ("payload %d in <details>" % index, "<details>\n<summary>%s</summary>\n\n%s\n\n</details>" % (line, payload)),
            ("payload %d in <picture>" % index, '<picture>\n<source srcset="a.png">\n%s\n</picture>' % payload),
            ("payload %d in a table cell" % index, "| a | b |\n| --- | --- |\n| %s | <sub>x</sub> |" % line.replace("|", "\\|")),
        ]
        if extra:
            forms += [("payload %d as info string" % index, "```%s\nx\n```" % line),
                      ("payload %d as heading" % index, "# %s" % line)]
    for index, url in urls:
        forms += [("url %d" % index, "[x](%s) ![x](%s) <%s>" % (url, url, url)),
                  ("url %d in text" % index, 'x src="![a](%s)' % url)]
    return forms


def batch(name, forms, kind, flags):
    """Renders each form as a record of its own through `render batch`: {label: {to: html}}."""
    records = os.path.join(work, name + ".jsonl")
    with open(records, "w", encoding="utf-8") as file:
        for label, text in forms:
            file.write(json.dumps({"id": label, kind: text}) + "\n")
    result = subprocess.run([render, "batch", records, "--outputs", "fragment,page"] + flags, capture_output=True)
    if result.returncode != 0:
        sys.exit("check-browser: render batch failed for %s: %s" % (name, result.stderr.decode()))
    outputs = {}
    for line in result.stdout.decode().splitlines():
        answer = json.loads(line)
        if not answer["ok"]:
            sys.exit("check-browser: %s %s: %s" % (name, answer["id"], answer["error"]))
        outputs[answer["id"]] = {"fragment": answer["fragment"], "page": answer["page"]}
    return outputs


payloads = list(enumerate(lines("payloads.jsonl")))
urls = list(enumerate(lines("urls.jsonl")))
engines = [line.split("\t")[0] for line in
           subprocess.run([render, "--list-engines"], capture_output=True, text=True, check=True).stdout.splitlines()]
default_engine = json.loads(subprocess.run([render, "batch", "-"], input='{"markdown": ""}\n', capture_output=True,
                                           text=True, check=True).stdout)["engine"]
everything = markdown_forms(payloads, urls, extra=False)
sample = markdown_forms(payloads[::40], urls[::4], extra=True)
configurations = []  # (name, outputs)
for engine in engines:
    for mode, flags in [("default", []), ("sanitized", ["--unsafe", "--sanitize"])]:
        forms = (everything + [form for form in sample if "as " in form[0]]
                 if engine == default_engine and not flags else sample)
        name = "%s-%s" % (engine, mode)
        configurations.append((name, batch(name, forms, "markdown", ["--engine", engine] + flags)))
for mode, flags in [("default", []), ("sanitized", ["--unsafe", "--sanitize"])]:
    name = "html-%s" % mode
    configurations.append((name, batch(name, [("payload %d" % i, p) for i, p in payloads[::40]], "html", flags)))
rendered = time.monotonic()

# `render batch` answers what `render` writes: a few records compared with the CLI.
default_outputs = dict(configurations)["%s-default" % default_engine]
for label, text in everything[:: len(everything) // 5]:
    path = os.path.join(work, "cli.md")
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    for to in ["fragment", "page"]:
        cli = subprocess.run([render, path, "--to", to], capture_output=True, check=True).stdout.decode()
        # The page's title comes from the file's name when the document has no heading.
        if cli.replace("<title>cli.md</title>", "<title>Untitled</title>") != default_outputs[label][to]:
            sys.exit("check-browser: render batch and render --to %s differ on %s" % (to, label))

hook = ('<script data-browser-check>for (const n of ["alert", "confirm", "prompt", "print"])'
        " window[n] = () => top.ran(%s, n);"
        ' addEventListener("click", e => { const a = e.target.closest && e.target.closest("a[href], area[href]");'
        ' if (a && a.protocol !== "javascript:") e.preventDefault(); }, true);</script>')
fire = ('<script data-browser-check>for (const e of document.querySelectorAll("*")) {'
        ' for (const t of ["mouseover", "mouseenter", "focus", "click", "load", "error", "toggle"])'
        " e.dispatchEvent(new Event(t));"
        ' if (e.tagName === "A" || e.tagName === "AREA") e.click(); }'
        " window.browserCheckFired = true;</script>\n")
marker = "<hr data-browser-check>\n"
outputs = []  # (label, to, html)
for name, rendered_outputs in configurations:
    for label, output in rendered_outputs.items():
        for to, html in output.items():
            outputs.append(("%s %s: %s" % (name, to, label), to, html))


def document(group):
    """One frame's document: the hooks, each output followed by a boundary marker, the events.
    A page keeps its doctype (standards mode): the hooks go first in the first page's head."""
    label = group[0][0] if len(group) == 1 else "%s and %d more" % (group[0][0], len(group) - 1)
    script = hook % json.dumps(label)
    # Pages after the first drop the theme's <style> when it is the first page's, byte for
    # byte: one stylesheet a document, as a page has (20 copies cost 3 times the parsing).
    theme = re.search(r"<style>.*?</style>", group[0][2], re.S) if group[0][1] == "page" else None
    html = "".join((output.replace(theme.group(0), "", 1) if theme and index else output) + marker
                   for index, (_, _, output) in enumerate(group))
    html = html.replace("<head>", "<head>" + script, 1) if group[0][1] == "page" else script + html
    return label, html + fire


def load(browser, groups):
    """Loads each group in a frame of its own, 100 frames at a time: (failures, suspect groups)."""
    failures, suspects = [], []
    for start in range(0, len(groups), 100):
        chunk = [document(group) for group in groups[start:start + 100]]
        dialogs = len(browser.dialogs)
        result = browser.evaluate("load(%s, %s, 60)" % (json.dumps([html for _, html in chunk]),
                                                       json.dumps([label for label, _ in chunk])))
        for hooked in result["hooked"]:
            failures.append("ran " + hooked)
            named = [group for group, (label, _) in zip(groups[start:start + 100], chunk)
                     if hooked.startswith(label + " ")]
            # The top page's own hook (a payload calling top.alert) names no frame: all are suspect.
            suspects += named or groups[start:start + 100]
        for group, answer in zip(groups[start:start + 100], result["answers"]):
            problems = answer["ran"] + (["vectors %s" % answer["vectors"]] if answer["vectors"] else [])
            if answer["boundaries"] != len(group):
                problems.append("%d of %d outputs left the parser in its ordinary state"
                                % (answer["boundaries"], len(group)))
            failures += ["%s: %s" % (answer["label"], problem) for problem in problems]
            if problems:
                suspects.append(group)
        for dialog in browser.dialogs[dialogs:]:
            failures.append("a %s dialog %r opened in one of %s" % (dialog[0], dialog[1], chunk[0][0]))
            suspects += groups[start:start + 100]
    return failures, suspects


# 50 outputs to a frame, separated by markers: when every marker lands in the body, each
# output was parsed from the parser's ordinary state, as if alone. A group with a failure or a
# marker elsewhere is loaded again one output to a frame, which names the output and is the
# verdict. One output to a frame throughout would cost 11 ms each on a busy machine, 50 to a
# frame 0.5 ms.
groups = []
for to in ["fragment", "page"]:
    selected = [output for output in outputs if output[1] == to]
    groups += [selected[start:start + 50] for start in range(0, len(selected), 50)]
with open(os.path.join(work, "payloads.html"), "w", encoding="utf-8") as file:
    file.write('<!doctype html><body><script src="file://%s"></script>' % os.path.join(here, "payloads.js"))
with Browser(chromium) as browser:
    browser.navigate("file://" + os.path.join(work, "payloads.html"))
    grouped_failures, suspects = load(browser, groups)
    alone = [[output] for index, group in enumerate(suspects) if group not in suspects[:index] for output in group]
    failures, _ = load(browser, alone)
    if grouped_failures and not failures:
        failures = ["only together with other outputs: " + failure for failure in grouped_failures]
loaded = time.monotonic()
if failures:
    where = {}
    for failure in failures:
        key = failure.removeprefix("ran ").split(":")[0]
        where[key] = where.get(key, 0) + 1
    print("check-browser: %d failures in the payload check (%s):\n  %s"
          % (len(failures), ", ".join("%s %d" % item for item in sorted(where.items())), "\n  ".join(failures[:40])),
          file=sys.stderr)
    sys.exit(1)
print("check-browser: %d outputs of %d payloads and %d URLs (%d forms through %s), no script ran;"
      " %d frames, %d outputs loaded again alone; rendered in %.0f s, loaded in %.0f s"
      % (len(outputs), len(payloads), len(urls), len(everything), default_engine, len(groups), len(alone),
         rendered - started, loaded - rendered))
