#!/bin/sh
# Counts the public symbols of each library module, read from the symbol graphs the compiler
# emits (`swift package dump-symbol-graph`), so docs/development.md's figures can be checked by anyone.
#
#   scripts/public-symbols.sh                  # every library product
#   scripts/public-symbols.sh RenderCore       # some modules
#
# Columns: `own` counts the module's declarations (types, cases, members; synthesized members
# such as `!=` are skipped); `extensions` counts what it adds to other modules' types (e.g. the
# `AttributedString` attribute scope); `types` counts its public types. The total is the two
# symbol columns added.
set -eu
cd "$(dirname "$0")/.."
modules=${*:-RenderCore RenderStyling RenderText RenderTerminal HTMLImport HTML5Import EngineCMark \
  EngineCMarkGFM EngineDiscount EngineMD4C RenderOutline FrontMatter RenderMath RenderKit RenderPreview}

# Builds the package first; the last line it prints is "Files written to <folder>".
graphs=$(swift package dump-symbol-graph --skip-synthesized-members \
  --minimum-access-level public | sed -n 's/^Files written to //p')
[ -d "$graphs" ] || { echo "swift package dump-symbol-graph wrote no symbol graphs" >&2; exit 1; }

# Symbols are the entries with an access level; types are those whose kind is a nominal type.
count() { cat "$@" 2>/dev/null | grep -oE '"accessLevel" ?: ?"(public|open)"' | wc -l; }
types() {
  cat "$@" 2>/dev/null \
    | grep -oE '"identifier" ?: ?"swift\.(struct|class|enum|protocol|actor)"' | wc -l
}

printf '%-16s %6s %11s %6s %6s\n' module own extensions total types
for module in $modules; do
  own=$(count "$graphs/$module.symbols.json")
  extensions=$(count "$graphs/$module@"*.symbols.json)
  printf '%-16s %6d %11d %6d %6d\n' "$module" "$own" "$extensions" $((own + extensions)) \
    "$(types "$graphs/$module.symbols.json")"
done
