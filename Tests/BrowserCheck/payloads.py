"""Loads a sample of the public XSS payloads' outputs in headless Chromium with alert, confirm
and prompt hooked, fires mouse, focus and click events on every element, and fails if any
hook ran. Each output (every engine, the default -- raw HTML through GitHub's allowlist, also
inside <details>, <picture> and table cells -- and --unsafe --sanitize, Markdown and HTML input,
fragment and page) is one frame of one page, so Chromium starts once.

usage: payloads.py RENDER CHROMIUM SHARED WORK"""
import json
import os
import subprocess
import sys

render, chromium, shared, work = sys.argv[1:5]
xss = os.path.join(shared, "xss")
if not os.path.isdir(xss):
    print("check-browser: SKIPPED the payload check: %s is missing" % xss, file=sys.stderr)
    sys.exit(0)


def payloads(name, every):
    with open(os.path.join(xss, name), encoding="utf-8") as lines:
        return [json.loads(line)["payload"] for index, line in enumerate(lines) if index % every == 0]


sample = payloads("payloads.jsonl", 40)
urls = payloads("urls.jsonl", 4)
markdown = "\n\n".join(
    sample
    + ["[x](%s) ![x](%s) <%s>" % (url, url, url) for url in urls]
    + ['x src="![a](%s)' % url for url in urls]
    + ["```%s\nx\n```" % payload.replace("\n", " ") for payload in sample[::4]]
    + ["# %s" % payload.replace("\n", " ") for payload in sample[::4]]
    # Inside the elements GitHub's allowlist keeps open across Markdown (the default profile).
    + ["<details>\n<summary>%s</summary>\n\n%s\n\n</details>" % (p.replace("\n", " "), p) for p in sample[::2]]
    + ['<picture>\n<source srcset="a.png">\n%s\n</picture>' % payload for payload in sample[1::2]]
    + ["| a | b |\n| --- | --- |\n| %s | <sub>x</sub> |" % payload.replace("\n", " ").replace("|", "\\|") for payload in sample[::2]]
)
html = "\n<hr>\n".join(sample)
with open(os.path.join(work, "sample.md"), "w", encoding="utf-8") as file:
    file.write(markdown)
with open(os.path.join(work, "sample.html"), "w", encoding="utf-8") as file:
    file.write(html)

engines = [
    line.split("\t")[0]
    for line in subprocess.run([render, "--list-engines"], capture_output=True, text=True, check=True).stdout.splitlines()
]
hook = (
    "<script>for (const n of ['alert', 'confirm', 'prompt']) window[n] = () =>"
    " console.log('SCRIPT-RAN ' + n + ' in ' + location.pathname);</script>\n"
)
fire = (
    "\n<script>for (const e of document.querySelectorAll('*')) {"
    " for (const t of ['mouseover', 'mouseenter', 'focus', 'click', 'load', 'error', 'toggle'])"
    " e.dispatchEvent(new Event(t));"
    " if (e.tagName === 'A' || e.tagName === 'AREA') e.click(); }</script>\n"
)
frames = []
for engine in engines:
    for mode in [[], ["--unsafe", "--sanitize"]]:
        for source, kind in [("sample.md", "markdown"), ("sample.html", "html")]:
            if kind == "html" and engine != engines[0]:
                continue
            for to in ["fragment", "page"]:
                name = "%s-%s-%s-%s.html" % (engine, "safe" if not mode else "sanitized", kind, to)
                result = subprocess.run(
                    [render, os.path.join(work, source), "--engine", engine, "--from", kind, "--to", to]
                    + mode,
                    capture_output=True,
                )
                if result.returncode != 0:
                    print("check-browser: render failed for %s: %s" % (name, result.stderr.decode()), file=sys.stderr)
                    sys.exit(1)
                with open(os.path.join(work, name), "wb") as file:
                    file.write(hook.encode() + result.stdout + fire.encode())
                frames.append(name)
with open(os.path.join(work, "payloads.html"), "w", encoding="utf-8") as file:
    file.write("".join('<iframe src="%s"></iframe>\n' % name for name in frames))

log = subprocess.run(
    [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
     "--virtual-time-budget=5000", "--dump-dom", "file://" + os.path.join(work, "payloads.html")],
    capture_output=True, text=True, timeout=120,
).stderr
ran = sorted({line.split('"')[1] for line in log.splitlines() if "SCRIPT-RAN" in line})
if ran:
    print("check-browser: script ran in %d outputs:\n  %s" % (len(ran), "\n  ".join(ran)), file=sys.stderr)
    sys.exit(1)
print("check-browser: %d outputs of %d payloads and %d URLs, no script ran" % (len(frames), len(sample), len(urls)))
