#!/bin/sh
# Builds the evaluation drivers of docs/highlighting.md under .build/hl-eval: source-highlight's
# (Debian's libsource-highlight-dev) and tree-sitter's for the grammars PyPI has at ABI 14, the
# newest Debian's libtree-sitter 0.20.7 reads. The grammar sdists carry src/parser.c but not the
# runtime headers parser.c includes, and their highlights.scm ships only in the wheels; the
# headers come from the py-tree-sitter sdist, which vendors the runtime.
# Then: python3 scripts/highlight-quality.py --srchilite \
#   .build/hl-eval/srchilite-driver --treesitter .build/hl-eval \
#   --extra-lang-dir Sources/RenderHighlight/Languages
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/.build/hl-eval
mkdir -p "$out"
[ -x "$root/.build/peers-venv/bin/python" ] || python3 -m venv "$root/.build/peers-venv"
pip="$root/.build/peers-venv/bin/pip"
g++ -O2 -std=c++17 "$root/scripts/highlight-eval/srchilite-driver.cpp" -o "$out/srchilite-driver" \
  $(pkg-config --cflags --libs source-highlight)
cd "$out"
"$pip" download -q --no-deps --no-binary :all: tree-sitter==0.23.2
tar xzf tree-sitter-0.23.2.tar.gz
mkdir -p tsinc/tree_sitter
cp tree-sitter-0.23.2/tree_sitter/core/lib/src/parser.h tree-sitter-0.23.2/tree_sitter/core/lib/src/alloc.h \
  tree-sitter-0.23.2/tree_sitter/core/lib/src/array.h tree-sitter-0.23.2/tree_sitter/core/lib/src/ts_assert.h \
  tsinc/tree_sitter/
for spec in python:0.23.1 bash:0.23.3 rust:0.23.2 javascript:0.23.1; do
  lang=${spec%%:*}; version=${spec#*:}; dir=tree_sitter_$lang-$version
  "$pip" download -q --no-deps --no-binary :all: "tree-sitter-$lang==$version"
  "$pip" download -q --no-deps --only-binary :all: "tree-sitter-$lang==$version"
  tar xzf "$dir.tar.gz"
  unzip -o -q tree_sitter_$lang-$version-*.whl "*/queries/*" -d q
  start=$(date +%s.%N)
  gcc -O2 -w -c "$dir/src/parser.c" -Itsinc -I"$dir/src" -o "$lang-parser.o"
  gcc -O2 -w -c "$dir/src/scanner.c" -Itsinc -I"$dir/src" -o "$lang-scanner.o"
  echo "$lang: grammar compiled in $(echo "$(date +%s.%N) - $start" | bc) s"
  gcc -O2 -w -Dtree_sitter_LANG=tree_sitter_$lang "$root/scripts/highlight-eval/treesitter-driver.c" \
    "$lang-parser.o" "$lang-scanner.o" -ltree-sitter -o "ts-$lang-driver"
done
