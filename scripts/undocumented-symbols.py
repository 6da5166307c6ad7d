#!/usr/bin/env python3
"""Names every public symbol that has no doc comment, read from the compiler's symbol graphs.

    scripts/undocumented-symbols.py SYMBOL_GRAPH_DIR

Reads every `*.symbols.json` in the folder (as `swift-symbolgraph-extract` writes them with
`-skip-inherited-docs`, so a symbol only has a `docComment` when its own declaration has one).
A symbol counts when it is `public` or `open` and declared in this package's `Sources/`: the
members the compiler writes (`init(rawValue:)`, `hashValue`, `==`) and those a type takes from
a protocol's extension in the standard library or Foundation have no source location here, and
nobody could write a comment for them. Extension blocks (`-emit-extension-block-symbols`) are
skipped; their members count. Prints one `file:line: kind name` per symbol found.

Exit status: 0 every such symbol is documented, 1 some are not (or no symbol graph was found),
2 a usage error.
"""
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources") + os.sep


def source_path(symbol):
    """The symbol's file when it is one of this package's sources, else None."""
    uri = symbol.get("location", {}).get("uri", "")
    if not uri.startswith("file://"):
        return None
    path = os.path.realpath(uri[len("file://"):])
    return path if path.startswith(SOURCES) else None


def is_documented(symbol):
    lines = symbol.get("docComment", {}).get("lines", [])
    return any(line.get("text", "").strip() for line in lines)


def main(arguments):
    if len(arguments) != 1:
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    files = sorted(glob.glob(os.path.join(arguments[0], "*.symbols.json")))
    if not files:
        print(f"no symbol graphs in {arguments[0]}", file=sys.stderr)
        return 1
    missing = set()
    for name in files:
        with open(name, encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open") or is_documented(symbol):
                continue
            # An extension of another module's type is a block, not a declaration: its
            # members are checked one by one.
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            path = source_path(symbol)
            if path is None:
                continue
            line = symbol["location"].get("position", {}).get("line", 0) + 1
            kind = symbol["kind"]["displayName"].lower()
            title = ".".join(symbol["pathComponents"])
            missing.add((os.path.relpath(path, ROOT), line, kind, title))
    for path, line, kind, title in sorted(missing):
        print(f"{path}:{line}: {kind} {title} has no doc comment")
    if missing:
        print(f"{len(missing)} public symbols have no doc comment: add a /// that says what "
              "each is for", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
