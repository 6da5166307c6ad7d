#!/usr/bin/env bash
# `make check-consumer`: this package as an app takes it, a versioned URL dependency.
#
# A temporary clone of the committed HEAD (uncommitted changes are not checked), tagged
# 1.0.0 (its other tags removed, so that `from: "1.0.0"` resolves to it), and a clean
# consumer package beside it that depends on the RenderKit product by a file:// URL. Its `example` executable is the README's library
# example, extracted at check time (the first swift block after "**Library.**"), so the
# README cannot drift from what runs; the output it prints must hold what the example's
# `print(…)  // …` comments say. Its `highlighted` executable checks that a fenced block
# comes out highlighted, with nothing but `swift build` (the shim is RenderHighlight's
# resource). No network: file:// only, no shared dependency cache. Everything is removed
# on exit. Prints the consumer's resolve and build times.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/render-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
# SwiftPM's lock files go to the temporary folder: this one, so that they go with it.
mkdir "$work/tmp"
export TMPDIR=$work/tmp

git clone --quiet --no-hardlinks "$root" "$work/swift-render"
git -C "$work/swift-render" tag --list | xargs -r git -C "$work/swift-render" tag --delete >/dev/null
git -C "$work/swift-render" tag 1.0.0
echo "check-consumer: swift-render at $(git -C "$work/swift-render" rev-parse --short HEAD), tagged 1.0.0"

# The README of the clone: the example is the one of the code it runs against.
example=$(awk '
  /^\*\*Library\.\*\*/ { library = 1; next }
  library && /^```swift$/ { inside = 1; next }
  inside && /^```$/ { exit }
  inside { print }
' "$work/swift-render/README.md")
if [ -z "$example" ]; then
  echo "check-consumer: README.md has no swift block after **Library.**" >&2
  exit 1
fi

consumer=$work/consumer
mkdir -p "$consumer/Sources/example" "$consumer/Sources/highlighted"
cat >"$consumer/Package.swift" <<PACKAGE
// swift-tools-version: 6.0
import PackageDescription

let renderKit: Target.Dependency = .product(name: "RenderKit", package: "swift-render")
let package = Package(
  name: "consumer",
  dependencies: [.package(url: "file://$work/swift-render", from: "1.0.0")],
  targets: [
    .executableTarget(name: "example", dependencies: [renderKit]),
    .executableTarget(name: "highlighted", dependencies: [renderKit]),
  ]
)
PACKAGE
printf '%s\n' "$example" >"$consumer/Sources/example/main.swift"
cat >"$consumer/Sources/highlighted/main.swift" <<'SWIFT'
import RenderKit

WorkerService.runIfRequested()
let renderer = try Renderer(configuration: .resolve())
print(try renderer.html(.markdown("```swift\nlet answer = 42 // the answer\n```\n")).html)
SWIFT

cd "$consumer"
started=$SECONDS
$SWIFT package --disable-dependency-cache resolve
resolved=$((SECONDS - started))
started=$SECONDS
$SWIFT build --disable-dependency-cache
built=$((SECONDS - started))
bin=$($SWIFT build --show-bin-path)

output=$("$bin/example")
printf '%s\n' "$output"
failed=0
while IFS= read -r expected; do
  if ! grep -qF -- "$expected" <<<"$output"; then
    echo "check-consumer: the README example did not print: $expected" >&2
    failed=1
  fi
done < <(sed -n 's|^print(.*)  // \(.*\)$|\1|p' <<<"$example")

highlighted=$("$bin/highlighted")
printf '%s\n' "$highlighted"
for expected in '<span class="k">let</span>' '<span class="c">// the answer</span>'; do
  if ! grep -qF -- "$expected" <<<"$highlighted"; then
    echo "check-consumer: a consumer's code block was not highlighted: no $expected" >&2
    failed=1
  fi
done

echo "check-consumer: resolved in $resolved s, built in $built s (debug, clean)"
exit $failed
