#!/usr/bin/env python3
"""Per-language agreement of a highlighter with Pygments on real code blocks.

Extracts the fenced code blocks of the shared READMEs (../shared/corpus/readmes) and of progit
(../shared/corpus/progit.md), highlights each block with Pygments and with the candidate(s), and
reports, per language, the share of non-space characters that both put in the same one of four
classes (comment, string, number, keyword) or both leave out of them ("none"), plus each
highlighter's speed in MB/s.

Candidates are small drivers that read blocks on stdin ("<byte count>\\n<bytes>" repeated) and
print "<start> <end> <element>" byte ranges, "#" after each block, and timings on stderr:
  --srchilite DRIVER   GNU source-highlight (scripts/highlight-eval/srchilite-driver.cpp)
  --treesitter DIR     tree-sitter drivers DIR/ts-<language>-driver, queries in
                       DIR/q/tree_sitter_<language>/queries/highlights.scm
  --render-highlight DRIVER   this package's RenderHighlight: the highlight-tokens executable
                       (swift build -c release --product highlight-tokens, which builds
                       the shim it loads into RenderHighlight's resources)

Pygments comes from PyPI into .build/peers-venv on first use (scripts/peers.py); the script
re-runs itself there. `make highlight-quality` runs this with RenderHighlight.
"""

import argparse
import os
import re
import subprocess
import sys
import time

import peers

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))

# Info-string aliases, as the renderer resolves them, to one language name.
ALIASES = {
    "sh": "bash", "shell": "bash", "zsh": "bash", "bash": "bash", "console": "console",
    "js": "javascript", "javascript": "javascript", "ts": "typescript",
    "typescript": "typescript", "py": "python", "python": "python", "rb": "ruby",
    "ruby": "ruby", "rs": "rust", "rust": "rust", "swift": "swift", "c": "c", "cpp": "cpp",
    "c++": "cpp", "go": "go", "java": "java", "json": "json", "yaml": "yaml", "yml": "yaml",
    "toml": "toml", "html": "html", "css": "css", "sql": "sql", "diff": "diff",
    "kotlin": "kotlin", "objc": "objc", "dockerfile": "dockerfile", "markdown": "markdown",
    "md": "markdown",
}

PYGMENTS_LEXER = {
    "bash": "bash", "javascript": "javascript", "typescript": "typescript", "python": "python",
    "ruby": "ruby", "rust": "rust", "swift": "swift", "c": "c", "cpp": "cpp", "go": "go",
    "java": "java", "json": "json", "yaml": "yaml", "toml": "toml", "html": "html",
    "css": "css", "sql": "sql", "diff": "diff", "kotlin": "kotlin", "objc": "objective-c",
    "dockerfile": "docker", "markdown": "markdown", "console": "console",
}

# source-highlight's language files (Debian's data directory) per language.
SRCHILITE_LANG = {
    "bash": "sh.lang", "javascript": "javascript.lang", "python": "python.lang",
    "ruby": "ruby.lang", "rust": "rust.lang", "c": "c.lang", "cpp": "cpp.lang", "go": "go.lang",
    "java": "java.lang", "json": "json.lang", "html": "html.lang", "css": "css.lang",
    "sql": "sql.lang", "diff": "diff.lang",
}

FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")


def fenced_blocks(text):
    """(info word, code) for each fenced code block, as CommonMark reads fences."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or (m.group(2)[0] == "`" and "`" in m.group(3)):
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).strip()
        body = []
        i += 1
        while i < len(lines):
            close = re.match(r"^ {0,3}(" + re.escape(fence[0]) + r"{%d,})\s*$" % len(fence), lines[i])
            if close:
                break
            line = lines[i]
            strip = len(line) - len(line.lstrip(" "))
            body.append(line[min(indent, strip):])
            i += 1
        i += 1
        word = re.split(r"[\s,{]", info, maxsplit=1)[0].lower() if info else ""
        yield word, "\n".join(body) + "\n"


def corpus_files():
    readmes = os.path.join(SHARED, "corpus", "readmes")
    files = sorted(os.path.join(readmes, f) for f in os.listdir(readmes) if f.endswith(".md"))
    return files + [os.path.join(SHARED, "corpus", "progit.md")]


def pygments_class(tokentype):
    """The four compared classes from a Pygments token type (None: none of them)."""
    from pygments import token

    if tokentype in token.Comment.Preproc or tokentype in token.Comment.PreprocFile:
        return None
    for cls, name in ((token.Comment, "comment"), (token.String, "string"),
                      (token.Number, "number"), (token.Keyword, "keyword")):
        if tokentype in cls:
            return name
    return None


FOUR = ("comment", "string", "number", "keyword")


def srchilite_class(element):
    return {"keyword": "keyword", "type": "keyword", "string": "string", "regexp": "string",
            "specialchar": "string", "comment": "comment", "todo": "comment",
            "number": "number"}.get(element)


def treesitter_class(capture):
    head = capture.split(".")[0]
    if capture == "constant.builtin":
        return "keyword"
    if head in ("keyword", "string", "comment", "number"):
        return head
    if head in ("escape", "float"):
        return "string" if head == "escape" else "number"
    return None


def byte_to_char(code):
    """Index of the character each UTF-8 byte offset falls in (offset len → len(code))."""
    table = []
    for index, ch in enumerate(code):
        table.extend([index] * len(ch.encode("utf-8")))
    table.append(len(code))
    return table


def run_driver(command, blocks):
    payload = b"".join(b"%d\n" % len(b.encode()) + b.encode() for b in blocks)
    started = time.perf_counter()
    done = subprocess.run(command, input=payload, capture_output=True, check=True)
    wall = time.perf_counter() - started
    results, current = [], []
    for line in done.stdout.decode().splitlines():
        if line == "#":
            results.append(current)
            current = []
        else:
            start, end, element = line.split(" ", 2)
            current.append((int(start), int(end), element))
    stats = dict(re.findall(r"(\w+) ([\d.]+)", done.stderr.decode()))
    return results, {k: float(v) for k, v in stats.items()}, wall


# source-highlight names the rule that matched inside an environment ("url" inside a string or
# comment, "todo" inside a comment) rather than the environment; such a token takes the class
# of the text before it, as RenderHighlight does.
INHERITING = {"url", "todo", "html_simple"}


def classes_from_ranges(code, ranges, classify):
    table = byte_to_char(code)
    classes = [None] * len(code)
    previous = None
    for start, end, element in ranges:
        cls = classify(element)
        if element in INHERITING and previous in ("comment", "string"):
            cls = previous
        previous = cls
        if cls:
            for i in range(table[start], table[min(end, len(table) - 1)]):
                classes[i] = cls
    return classes


def agreement(code, ours, theirs):
    same = total = 0
    for ch, a, b in zip(code, ours, theirs):
        if ch.isspace():
            continue
        total += 1
        same += a == b
    return same, total


def main():
    peers.enter(["pygments"], __file__)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--srchilite", help="source-highlight driver executable")
    parser.add_argument("--srchilite-data", default="/usr/share/source-highlight")
    parser.add_argument("--extra-lang-dir", help="directory of this package's .lang files")
    parser.add_argument("--treesitter", help="directory of tree-sitter drivers and queries")
    parser.add_argument("--render-highlight", help="RenderHighlight's driver executable")
    parser.add_argument("--repeat", type=int, default=20, help="speed: passes over the blocks")
    parser.add_argument("--file", action="append", default=[], metavar="LANGUAGE:PATH",
                        help="also a whole source file as one block, reported on its own row")
    args = parser.parse_args()

    from pygments.lexers import get_lexer_by_name

    if not os.path.isdir(SHARED):
        print("skipped: ../shared is missing (the corpus lives there)")
        return 0
    by_language = {}
    for path in corpus_files():
        with open(path, encoding="utf-8") as f:
            for word, code in fenced_blocks(f.read()):
                language = ALIASES.get(word)
                if language and language in PYGMENTS_LEXER:
                    by_language.setdefault(language, []).append(code)

    for spec in args.file:
        language, path = spec.split(":", 1)
        with open(path, encoding="utf-8") as f:
            by_language.setdefault("%s (%s)" % (language, os.path.basename(path)), []).append(
                f.read())

    extra = set()
    if args.extra_lang_dir:
        extra = {f for f in os.listdir(args.extra_lang_dir) if f.endswith(".lang")}

    rows = []
    for label, blocks in sorted(by_language.items()):
        language = label.split(" ")[0]
        lexer = get_lexer_by_name(PYGMENTS_LEXER[language])
        # Pygments' speed is its lexing alone, not this script's classing of its tokens.
        started = time.perf_counter()
        for _ in range(args.repeat):
            for code in blocks:
                for _ in lexer.get_tokens_unprocessed(code):
                    pass
        pygments_seconds = (time.perf_counter() - started) / args.repeat
        reference = []
        for code in blocks:
            classes = [None] * len(code)
            for index, tokentype, value in lexer.get_tokens_unprocessed(code):
                cls = pygments_class(tokentype)
                for i in range(index, min(index + len(value), len(code))):
                    classes[i] = cls
            reference.append(classes)
        size = sum(len(c.encode()) for c in blocks)
        row = {"language": label, "blocks": len(blocks), "bytes": size,
               "pygments MB/s": size / pygments_seconds / 1e6}

        candidates = []
        if args.srchilite:
            # This package's definition when it has one (by language or Debian's file name).
            file = language + ".lang" if language + ".lang" in extra else SRCHILITE_LANG.get(language)
            if file in extra:
                candidates.append(("source-highlight",
                                   [args.srchilite, args.extra_lang_dir, file], srchilite_class))
            elif file:
                candidates.append(("source-highlight",
                                   [args.srchilite, args.srchilite_data, file], srchilite_class))
        if args.treesitter:
            driver = os.path.join(args.treesitter, "ts-%s-driver" % language)
            query = os.path.join(args.treesitter, "q", "tree_sitter_%s" % language, "queries",
                                 "highlights.scm")
            if os.path.exists(driver) and os.path.exists(query):
                candidates.append(("tree-sitter", [driver, query], treesitter_class))
        if args.render_highlight:
            candidates.append(("RenderHighlight", [args.render_highlight, language],
                               lambda element: element if element in FOUR else None))

        for name, command, classify in candidates:
            if name == "source-highlight":
                command = command + ["keyword", "type", "string", "regexp", "specialchar",
                                     "comment", "todo", "number"]
            try:
                results, stats, wall = run_driver(command, blocks * args.repeat)
            except subprocess.CalledProcessError as error:
                row[name] = "failed: %s" % error.stderr.decode().strip()[:80]
                continue
            if "unknown" in stats:
                row[name] = "unknown language"
                continue
            same = total = 0
            for code, ranges, theirs in zip(blocks, results, reference):
                s, t = agreement(code, classes_from_ranges(code, ranges, classify), theirs)
                same += s
                total += t
            row[name] = "%.1f %%" % (100.0 * same / total if total else 100.0)
            if stats.get("seconds"):
                row[name + " MB/s"] = stats["bytes"] / stats["seconds"] / 1e6
            if "load_ms" in stats:
                row[name + " load ms"] = stats["load_ms"]
            if "first_ms" in stats:
                row[name + " first block ms"] = stats["first_ms"]
        rows.append(row)

    columns = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    print("| " + " | ".join(columns) + " |")
    print("|" + " --- |" * len(columns))
    for row in rows:
        cells = []
        for key in columns:
            value = row.get(key, "–")
            cells.append("%.1f" % value if isinstance(value, float) else str(value))
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
