#!/usr/bin/env python3
"""Per-character style agreement between `render --from html --to json` and headless Chromium.

For each page, Chromium (driven over --remote-debugging-pipe, the page's JavaScript off) gives
every visible text node with its computed style; `render` gives its styled text, once per
importer. The non-whitespace characters of both are aligned (equal runs, resynchronised on
16-character windows where one side shows text the other does not), and for each aligned
character six attributes are compared: bold (weight >= 600), italic, monospace (Chromium: the
font actually used has equal widths for "i" and "M"; render: its `monospace` flag), link (inside
`a[href]` / a `link` run), colour (RGB, alpha ignored; render's unset colour is black) and font
size (within 0.5 px).

Three modes:
- `bare`: as `theme`, but render's author stylesheet is empty (`--stylesheet empty.css`), so
  both sides show only their user-agent layer: HTML's own defaults against the browser's.
- `theme`: the page's own stylesheets are off on both sides (Chromium: every author style sheet
  disabled; render: `<style>` elements removed before the import), `style=""` attributes and
  presentational attributes stay. Chromium then shows its user-agent styles, render its default
  theme: this measures the default theme against a browser's defaults.
- `own`: the page as it is. Chromium applies `<style>` and `<link rel="stylesheet">`; render
  applies `<style>` elements after its default theme and, with `--linked-stylesheets`, the
  linked sheets inside the page's folder.

The page set (default): every `*.html` under /usr/share/doc of this machine (Debian's packaged
documentation: nodejs, valgrind, libxslt, libffi, cmark-gfm, …); pass files or folders to
choose others. Python 3 standard library only.

usage: styles.py [--render PATH] [--chromium PATH] [--limit N] [--json OUT] [--without-links]
                 [PAGE_OR_FOLDER ...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview  # noqa: E402  (the DevTools pipe client of the preview check)

preview.BOUND = 120.0  # seconds per DevTools call: the largest pages take a few

ATTRIBUTES = ["bold", "italic", "monospace", "link", "colour", "size"]
IMPORTERS = ["html5", "libxml2"]
MODES = ["bare", "theme", "own"]
EMPTY_STYLESHEET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "empty.css")
WINDOW = 16
HORIZON = 4000

# Runs in the page through DevTools (the page's own scripts stay off). Returns, for every text
# node the page shows, [text, bold, italic, monospace, link, "r,g,b", size px].
EXTRACT = r"""
(() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const fixed = new Map();
  const isFixed = (style) => {
    const font = `${style.fontStyle} ${style.fontWeight} 16px ${style.fontFamily}`;
    if (!fixed.has(font)) {
      canvas.font = font;
      fixed.set(font, Math.abs(canvas.measureText('iiiiiiiiii').width -
                               canvas.measureText('MMMMMMMMMM').width) < 0.5);
    }
    return fixed.get(font);
  };
  const rgb = (value) => (value.match(/[\d.]+/g) || ['0', '0', '0']).slice(0, 3)
    .map((n) => Math.round(+n)).join(',');
  const out = [];
  const root = document.body || document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    if (!/\S/.test(node.data)) continue;
    const element = node.parentElement;
    if (!element || !element.checkVisibility({visibilityProperty: true})) continue;
    if (element.closest('select, script, style, template')) continue;
    const style = getComputedStyle(element);
    out.push([node.data, +style.fontWeight >= 600, style.fontStyle !== 'normal',
              isFixed(style), !!element.closest('a[href], area[href]'), rgb(style.color),
              parseFloat(style.fontSize)]);
  }
  return JSON.stringify(out);
})()
"""

DISABLE_SHEETS = "for (const sheet of document.styleSheets) sheet.disabled = true; true"
STYLE_ELEMENT = re.compile(rb"<style\b.*?</style\s*>", re.IGNORECASE | re.DOTALL)


def pages(arguments):
    found = []
    for argument in arguments or ["/usr/share/doc"]:
        if os.path.isdir(argument):
            for folder, _, names in os.walk(argument):
                found += [os.path.join(folder, n) for n in names if n.endswith(".html")]
        else:
            found.append(argument)
    return sorted(found)


def browser_characters(browser, path, mode):
    """The page's visible non-whitespace characters and a style tuple for each."""
    browser.call("Page.navigate", {"url": "file://" + path})
    browser.wait_for("document.readyState === 'complete'")
    if mode != "own":
        browser.evaluate(DISABLE_SHEETS)
    nodes = json.loads(browser.evaluate(EXTRACT))
    text, styles = [], []
    for data, *style in nodes:
        style[4] = tuple(int(n) for n in style[4].split(","))
        style = tuple(style)
        for character in data:
            if not character.isspace():
                text.append(character)
                styles.append(style)
    return "".join(text), styles


def hex_rgb(value):
    if not value:
        return (0, 0, 0)
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def render_characters(render, path, importer, mode, linked=True):
    command = [render, "--from", "html", "--to", "json", "--unsafe", "--importer", importer,
               "--isolation", "in-process"]
    if mode == "own":
        # The file itself, so that its folder is known: linked sheets load from there.
        html = None
        command += ["--linked-stylesheets", path] if linked else [path]
    else:
        with open(path, "rb") as handle:
            html = STYLE_ELEMENT.sub(b"", handle.read())
    if mode == "bare":
        command += ["--stylesheet", EMPTY_STYLESHEET]
    result = subprocess.run(command, input=html, capture_output=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"render failed on {path}: {result.stderr.decode()[:300]}")
    document = json.loads(result.stdout)
    scalars = document["text"]
    per_scalar = [None] * len(scalars)
    for run in document["runs"]:
        attributes = run["attributes"]
        style = (attributes.get("fontWeight", 400) >= 600, bool(attributes.get("italic")),
                 bool(attributes.get("monospace")), "link" in attributes,
                 hex_rgb(attributes.get("foregroundColor")), float(attributes["fontSize"]))
        for offset in range(run["start"], run["start"] + run["length"]):
            per_scalar[offset] = style
    default = (False, False, False, False, (0, 0, 0), 16.0)
    text, styles = [], []
    for character, style in zip(scalars, per_scalar):
        if not character.isspace():
            text.append(character)
            styles.append(style or default)
    return "".join(text), styles


def aligned_pairs(ours, theirs):
    """Index pairs of equal characters, in order; where the texts part, the shorter skip to a
    16-character window found again on the other side resynchronises them."""
    i = j = 0
    while i < len(ours) and j < len(theirs):
        if ours[i] == theirs[j]:
            yield i, j
            i += 1
            j += 1
            continue
        ahead = theirs.find(ours[i:i + WINDOW], j, j + HORIZON + WINDOW)
        behind = ours.find(theirs[j:j + WINDOW], i, i + HORIZON + WINDOW)
        skips = [(ahead - j, 0) if ahead >= 0 else None, (behind - i, 1) if behind >= 0 else None]
        skips = [s for s in skips if s is not None]
        if not skips:
            i += 1
            j += 1
        elif min(skips)[1] == 0:
            j = ahead
        else:
            i = behind


def same(attribute, ours, theirs):
    index = ATTRIBUTES.index(attribute)
    if attribute == "size":
        return abs(ours[5] - theirs[5]) <= 0.5
    return ours[index] == theirs[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--render", default=".build/debug/render")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--limit", type=int, default=0, help="only the first N pages")
    parser.add_argument("--json", help="write the per-page counts here")
    parser.add_argument("--without-links", action="store_true",
                        help="for a render without --linked-stylesheets: `own` reads <style> only")
    parser.add_argument("pages", nargs="*")
    options = parser.parse_args()
    chosen = pages(options.pages)
    if options.limit:
        chosen = chosen[:options.limit]
    # totals[mode][importer] = {"browser": n, "aligned": n, attribute: agreeing}
    totals = {m: {i: {"browser": 0, "aligned": 0, **{a: 0 for a in ATTRIBUTES}} for i in IMPORTERS}
              for m in MODES}
    per_page = []
    log = open(os.devnull, "w")
    browser = preview.DevTools(options.chromium, log)
    started = time.monotonic()
    try:
        target = browser.call("Target.createTarget", {"url": "about:blank"}, session=False)
        attached = browser.call("Target.attachToTarget",
                                {"targetId": target["targetId"], "flatten": True}, session=False)
        browser.session = attached["sessionId"]
        browser.call("Emulation.setScriptExecutionDisabled", {"value": True})
        for path in chosen:
            entry = {"page": path}
            seen = {}
            for mode in MODES:
                sheets = mode == "own"
                if sheets not in seen:
                    seen[sheets] = browser_characters(browser, path, mode)
                theirs, their_styles = seen[sheets]
                for importer in IMPORTERS:
                    ours, our_styles = render_characters(
                        options.render, path, importer, mode, not options.without_links)
                    counts = {"browser": len(theirs), "aligned": 0, **{a: 0 for a in ATTRIBUTES}}
                    for i, j in aligned_pairs(ours, theirs):
                        counts["aligned"] += 1
                        for attribute in ATTRIBUTES:
                            counts[attribute] += same(attribute, our_styles[i], their_styles[j])
                    entry[f"{mode}/{importer}"] = counts
                    for key, value in counts.items():
                        totals[mode][importer][key] += value
            per_page.append(entry)
    finally:
        browser.close()
    elapsed = time.monotonic() - started
    print(f"{len(chosen)} pages, {elapsed:.0f} s; per aligned character, % agreeing with Chromium")
    print("| mode | importer | characters shown | aligned | " + " | ".join(ATTRIBUTES) + " |")
    print("| --- | --- | --- | --- |" + " --- |" * len(ATTRIBUTES))
    for mode in MODES:
        for importer in IMPORTERS:
            t = totals[mode][importer]
            aligned = max(t["aligned"], 1)
            cells = [f"{100 * t[a] / aligned:.1f}" for a in ATTRIBUTES]
            print(f"| {mode} | {importer} | {t['browser']:,} | "
                  f"{100 * t['aligned'] / max(t['browser'], 1):.1f} % | " + " | ".join(cells) + " |")
    if options.json:
        with open(options.json, "w") as handle:
            json.dump({"totals": totals, "pages": per_page}, handle, indent=1)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as error:
        print(f"styles: {error}", file=sys.stderr)
        sys.exit(1)
