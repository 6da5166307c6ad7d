"""Every in-page link of the real READMEs lands in Chromium: each Markdown file of
../shared/corpus/readmes rendered with `render FILE --to page` (the default: GitHub's
`user-content-` ids, and `#x` links rewritten to `#user-content-x`), opened in headless
Chromium, and for every `a[href^="#"]` the page's fragment set to the link's: the browser
itself then says whether an element is the target (`:target`, found by id or by `<a name>`).
`#` and `#top` land on the top of the page. Links whose heading the author's own document
lacks (GitHub does not land them either) are listed below with the reason and only reported.

usage: anchors.py RENDER CHROMIUM SHARED WORK"""
import json
import os
import subprocess
import sys

from cdp import Browser

render, chromium, shared, work = sys.argv[1:5]
folder = os.path.join(shared, "corpus", "readmes")
if not os.path.isdir(folder):
    print("check-browser: SKIPPED the README anchor check: %s is missing" % folder, file=sys.stderr)
    sys.exit(0)

# The author's links to headings the document does not have (read in the files): file#href.
missing_in_source = {
    "alamofire-README.md#user-content-donations": "the README lists Donations but has no such heading",
    "alamofire-Usage.md#user-content-configuring-the-sorting-of-encoded-parameters":
        "the heading is now \"Configuring the Sorting of Encoded Values\"",
}

# For each in-page link: its href and whether the browser found a target for it.
landing = """(() => {
  const answers = [];
  for (const link of document.querySelectorAll('a[href^="#"]')) {
    const href = link.getAttribute("href");
    location.hash = href === "#" ? "" : href;
    const top = href === "#" || href.toLowerCase() === "#top";
    answers.push([href, top || document.querySelector(":target") !== null]);
  }
  return answers;
})()"""

failures, reported, links = [], [], 0
with Browser(chromium) as browser:
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".md"):
            continue
        page = os.path.join(work, name + ".html")
        subprocess.run([render, os.path.join(folder, name), "--to", "page", "-o", page], check=True)
        browser.navigate("file://" + page)
        for href, lands in browser.evaluate(landing):
            links += 1
            if lands:
                continue
            key = name + href
            if key in missing_in_source:
                reported.append("%s: %s" % (key, missing_in_source[key]))
            else:
                failures.append(key)
for line in reported:
    print("check-browser: README link without a target in its source: " + line)
if failures or links < 200:
    print("check-browser: %d of %d in-page README links land nowhere:\n  %s"
          % (len(failures), links, "\n  ".join(failures)), file=sys.stderr)
    sys.exit(1)
print("check-browser: %d in-page links of the READMEs, each lands on an element in Chromium (%d reported)"
      % (links, len(reported)))
