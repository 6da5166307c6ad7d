#!/usr/bin/env python3
"""What `MarkdownInput.isPrepared` (the check that lets cmark and cmark-gfm take a file's bytes
as they are) costs on a corpus, this tree's version against another revision's, as a ratio
taken in one run.

Both versions of Sources/RenderCore/Input/MarkdownInput.swift are compiled (`swiftc -O`) into
one program beside a driver that reads the corpus and times each version on it in turn, N
times, wall clock. Prints the median and range of each and of the per-round ratios.

    scripts/input-check-cost.py [FILE] [--against REV] [--runs N]

FILE defaults to ../shared/corpus/progit.md, REV to HEAD~1, N to 41. Needs git and swiftc.
Exit status: 0 measured, 1 a build or a check failed, 2 a usage error.
"""
import os
import subprocess
import sys
import tempfile

from script_arguments import ScriptArguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = "Sources/RenderCore/Input/MarkdownInput.swift"

DRIVER = """
import Foundation
let data = try! Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let runs = Int(CommandLine.arguments[2])!
var before: [Double] = [], after: [Double] = []
func seconds(_ check: (UnsafeRawBufferPointer) -> Bool) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  precondition(data.withUnsafeBytes(check), "the versions disagree with the corpus")
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}
for _ in 0..<runs {
  before.append(seconds(Before.isPrepared))
  after.append(seconds(After.isPrepared))
}
func summary(_ values: [Double]) -> String {
  let sorted = values.sorted()
  return String(format: "%.3f (%.3f–%.3f)", sorted[sorted.count / 2], sorted[0], sorted.last!)
}
print("\\(runs) rounds, \\(data.count) bytes: before \\(summary(before)) ms, "
  + "after \\(summary(after)) ms, after / before \\(summary(zip(before, after).map { $1 / $0 }))")
"""


def as_enum(source, name):
    """The file's `isPrepared` and what it uses, as the members of an enum called `name`."""
    start = source.index("public enum MarkdownInput {")
    body = source[start:].replace("public enum MarkdownInput", "enum " + name, 1)
    for access in ("package ", "private ", "public "):
        body = body.replace(access, "")
    return "import Foundation\n" + body


def main():
    arguments = ScriptArguments(
        "input-check-cost", "scripts/input-check-cost.py [FILE] [--against REV] [--runs N]",
        __doc__)
    revision = arguments.option("--against", "HEAD~1")
    runs = str(arguments.runs(41))
    corpus = arguments.corpus()
    shown = subprocess.run(["git", "-C", ROOT, "show", "%s:%s" % (revision, SOURCE)],
                           capture_output=True, text=True)
    if shown.returncode != 0:
        sys.exit("input-check-cost: git cannot show %s at %s: %s" % (
            SOURCE, revision, shown.stderr.strip()))
    with open(os.path.join(ROOT, SOURCE)) as file:
        current = file.read()
    with tempfile.TemporaryDirectory() as scratch:
        files = []
        for name, text in (("Before", as_enum(shown.stdout, "Before")),
                           ("After", as_enum(current, "After")), ("main", DRIVER)):
            path = os.path.join(scratch, name + ".swift")
            with open(path, "w") as file:
                file.write(text)
            files.append(path)
        program = os.path.join(scratch, "input-check-cost")
        if subprocess.run(["swiftc", "-O", "-o", program] + files).returncode != 0:
            sys.exit("input-check-cost: the two versions did not compile")
        if subprocess.run([program, corpus, runs]).returncode != 0:
            sys.exit(1)


if __name__ == "__main__":
    main()
