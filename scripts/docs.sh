#!/bin/sh
# Builds the documentation into .build/docs: the DocC site (static hosting) of the catalog
# Sources/RenderKit/RenderKit.docc, and `render`'s man page, render.1. Toolchain only:
# swift-symbolgraph-extract and docc ship with Swift.
#
#   scripts/docs.sh      # make docs runs it
#
# It builds only what it reads: the `render` product, whose modules include RenderKit's and
# RenderPreview's (their .swiftmodule files feed the symbol graphs) and whose --help-man is the
# man page; not the benchmarks, the worker, the examples or the tests.
#
# RenderKit's symbol graph includes every module it re-exports, so the site shows the API as
# `import RenderKit` gives it, one page per type under RenderKit; RenderPreview, linked on its
# own, is a second module of the same site. Fails, naming each, on a public symbol without a
# doc comment and on a link DocC cannot resolve (catalog articles and doc comments alike).
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
tools=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")
DOCC=${DOCC:-$tools/docc}
EXTRACT=${EXTRACT:-$tools/swift-symbolgraph-extract}
REEXPORTED=RenderCore,RenderStyling,RenderText,RenderTerminal,EngineCMark,EngineCMarkGFM,\
EngineDiscount,EngineMD4C,HTMLImport,HTML5Import,RenderOutline,FrontMatter

# shellcheck disable=SC2086 # SWIFT_FLAGS is a list of flags
$SWIFT build ${SWIFT_FLAGS:-} --product render

# The build's modules, and the C modules they import: the same module maps the build passes.
bin=$($SWIFT build --show-bin-path)
modules=$bin/Modules
[ -d "$modules" ] || modules=$bin  # SwiftPM before 6 kept them beside the products
triple=$(basename "$(dirname "$(readlink -f "$bin")")")
set --
for map in Sources/C*/module.modulemap "$bin"/C*.build/module.modulemap; do
  [ -f "$map" ] && set -- "$@" -Xcc "-fmodule-map-file=$(readlink -f "$map")"
done
for include in Sources/C*/include; do
  [ -d "$include" ] && set -- "$@" -Xcc "-I$(readlink -f "$include")"
done

graphs=.build/docs-symbol-graphs
rm -rf "$graphs"
mkdir -p "$graphs"
# -skip-inherited-docs: a symbol has a doc comment in the graph only when it has one itself.
for module in RenderKit RenderPreview; do
  "$EXTRACT" -module-name "$module" -I "$modules" "$@" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -skip-inherited-docs \
    -emit-extension-block-symbols \
    -experimental-allowed-reexported-modules="$REEXPORTED" -output-dir "$graphs"
done
python3 scripts/undocumented-symbols.py "$graphs"

"$DOCC" convert Sources/RenderKit/RenderKit.docc --additional-symbol-graph-dir "$graphs" \
  --output-path .build/docs --transform-for-static-hosting --warnings-as-errors \
  --fallback-display-name RenderKit --fallback-bundle-identifier org.swift-render.RenderKit

"$bin/render" --help-man >.build/docs/render.1
echo "documentation: .build/docs (open documentation/renderkit/ through a web server);" \
  "man page: .build/docs/render.1"
