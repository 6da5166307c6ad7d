"""The command line the measuring scripts share: `--help` prints the script's docstring,
options take one value each, an optional FILE defaults to the shared corpus, and a usage
error goes to stderr with exit status 2."""
import os
import sys

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "..", "shared", "corpus", "progit.md")


class ScriptArguments:
    """`sys.argv` of the script `name`, whose one-line usage is `usage`."""

    def __init__(self, name, usage, help_text):
        self.name = name
        self.usage = usage
        self.remaining = sys.argv[1:]
        if "--help" in self.remaining or "-h" in self.remaining:
            print(help_text.strip())
            sys.exit(0)

    def fail(self, problem):
        sys.stderr.write("%s: %s\nusage: %s (--help for more)\n" % (self.name, problem, self.usage))
        sys.exit(2)

    def option(self, name, default):
        """The value after `name`, taken out of the arguments; `default` when it is absent."""
        if name not in self.remaining:
            return default
        position = self.remaining.index(name)
        if position + 1 >= len(self.remaining):
            self.fail("%s needs a value" % name)
        value = self.remaining[position + 1]
        del self.remaining[position:position + 2]
        return value

    def runs(self, default):
        """`--runs N`: a whole number of at least 1."""
        runs = self.option("--runs", str(default))
        if not runs.isdigit() or int(runs) < 1:
            self.fail("--runs takes a whole number of at least 1, not %r" % runs)
        return int(runs)

    def corpus(self):
        """The one FILE left once every option is taken (the shared corpus without one); a
        missing file skips the measurement, loudly."""
        unknown = [argument for argument in self.remaining if argument.startswith("-")]
        if unknown or len(self.remaining) > 1:
            self.fail("unexpected %s" % " ".join(unknown or self.remaining[1:]))
        corpus = self.remaining[0] if self.remaining else CORPUS
        if not os.path.exists(corpus):
            sys.exit("skipped: %s is missing" % corpus)
        return corpus
