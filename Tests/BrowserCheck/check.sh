#!/bin/sh
# Renders the fixture Markdown to a page with the fixture stylesheet, screenshots it in
# headless Chromium in the light and the dark scheme, and checks colours from the pixels:
# the page background, the heading colour, the code-block background; then, with the dark
# scheme forced, the dark background. Then `render preview` in Chromium: a save of the
# document and of the stylesheet appear in the open page without a reload (preview.py); the
# README's page fits the viewport; alerts show GitHub's colours in both forced schemes and a
# wide table scrolls in its own box; every public XSS payload (all 6,906 and the URLs through
# the default configuration, fragment and page, alone and inside <details>, <picture> and
# table cells; a sample through the other engines and modes) loaded with its hooks and events
# runs no script and parses to no script vector (payloads.py); and every in-page link of the
# real READMEs, rendered as pages, lands on an element (anchors.py).
# Run through `make check-browser`.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
fixtures="$root/Tests/Fixtures/Browser"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "check-browser: chromium is not installed (make check-browser installs it)" >&2
  exit 1
fi

cd "$root"
${SWIFT:-swift} run ${SWIFT_FLAGS:-} render --to page --stylesheet "$fixtures/page.css" \
  "$fixtures/page.md" -o "$work/page.html" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; exit 1; }
grep -q '<title>Browser check</title>' "$work/page.html" ||
  { echo "check-browser: the page has no title from its first heading" >&2; exit 1; }

screenshot() { # OUTPUT.png [extra chromium flags...]
  output=$1
  shift
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=800,600 "$@" --screenshot="$output" "file://$work/page.html" \
    >"$work/chromium.log" 2>&1 || { cat "$work/chromium.log" >&2; exit 1; }
}

screenshot "$work/light.png"
screenshot "$work/dark.png" --force-dark-mode --blink-settings=preferredColorScheme=0

pixels="$root/Tests/BrowserCheck/pixels.py"
status=0
python3 "$pixels" "$work/light.png" background=#fdf6e3 present=#b3261e present=#1e3a5f ||
  status=1
python3 "$pixels" "$work/dark.png" background=#121a24 present=#ff8a80 present=#1e3a5f ||
  status=1
bin=$(${SWIFT:-swift} build ${SWIFT_FLAGS:-} --show-bin-path)
timeout 120 python3 "$root/Tests/BrowserCheck/preview.py" "$chromium" "$bin/render" "$work" ||
  { status=1; tail -20 "$work/preview.log" >&2; }
# The project's README as a page fits the viewport: no table or code line widens it, so it
# never scrolls sideways. The measuring script is added to a copy here, not by render.
"$bin/render" README.md --to page -o "$work/readme.html"
sed 's#</body>#<script>document.title = document.documentElement.scrollWidth + "x" + innerWidth</script></body>#' \
  "$work/readme.html" >"$work/readme-measured.html"
for viewport in 1000 800; do
  widths=$(timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=$viewport,800 --dump-dom "file://$work/readme-measured.html" 2>/dev/null |
    sed -n 's#.*<title>\([0-9]*\)x\([0-9]*\)</title>.*#\1 \2#p')
  set -- $widths
  if [ "$#" != 2 ] || [ "$1" -gt "$2" ]; then
    echo "check-browser: README page at $viewport px is ${1:-?} px wide (viewport ${2:-?})" >&2
    status=1
  fi
done
# Alerts in the default theme: each kind's bar in GitHub's colour, light by default and dark
# when --color-scheme dark forces it (the browser itself is left in its light scheme); the
# page's wide table scrolls in its own box, so the page stays as wide as the viewport.
for scheme in light dark; do
  "$bin/render" "$fixtures/alerts.md" --to page --color-scheme "$scheme" -o "$work/alerts.html"
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=800,1400 --screenshot="$work/alerts-$scheme.png" "file://$work/alerts.html" \
    >"$work/chromium.log" 2>&1 || { cat "$work/chromium.log" >&2; exit 1; }
done
python3 "$pixels" "$work/alerts-light.png" background=#ffffff present=#0969da present=#1a7f37 \
  present=#8250df present=#9a6700 present=#d1242f || status=1
python3 "$pixels" "$work/alerts-dark.png" background=#0d1117 present=#4493f8 present=#3fb950 \
  present=#ab7df8 present=#d29922 present=#f85149 || status=1
sed 's#</body>#<script>document.title = document.documentElement.scrollWidth + "x" + innerWidth</script></body>#' \
  "$work/alerts.html" >"$work/alerts-measured.html"
widths=$(timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --window-size=800,800 --dump-dom "file://$work/alerts-measured.html" 2>/dev/null |
  sed -n 's#.*<title>\([0-9]*\)x\([0-9]*\)</title>.*#\1 \2#p')
set -- $widths
if [ "$#" != 2 ] || [ "$1" -gt "$2" ]; then
  echo "check-browser: the wide table's page is ${1:-?} px wide (viewport ${2:-?})" >&2
  status=1
fi
# The public XSS payloads: all of them through the default configuration, a sample through
# every other engine and safe configuration, each output loaded in a frame with alert,
# confirm and prompt hooked and events fired: no output may run script (payloads.py says how
# outputs share frames without hiding one another). Then the READMEs' in-page links.
shared=${RENDER_SHARED_DIR:-$root/../shared}
python3 "$root/Tests/BrowserCheck/payloads.py" "$bin/render" "$chromium" "$shared" "$work" || status=1
python3 "$root/Tests/BrowserCheck/anchors.py" "$bin/render" "$chromium" "$shared" "$work" || status=1
if [ "$status" = 0 ]; then echo "check-browser: ok"; else echo "check-browser: FAILED" >&2; fi
exit "$status"
