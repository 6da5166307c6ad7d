#!/usr/bin/env python3
"""What linking a C library costs every process start: a C program that only returns, built
once alone and once linked against each library (`-Wl,--no-as-needed`, so the loader maps and
relocates it and its dependencies), started N times each, interleaved, CPU time (user + system)
from `wait4`. Prints the median and range per library, and the median extra over the bare program.

    scripts/library-start-cost.py [--runs N]        # default 200
"""
import os
import statistics
import subprocess
import sys
import tempfile

from process_usage import measure

# pkg-config names would add flags we do not want here; these are the -l names.
LIBRARIES = {
    "none": [],
    "libmicrohttpd": ["-lmicrohttpd"],
    "libxml2": ["-lxml2"],
    "libstdc++": ["-lstdc++"],
    "libcmark": ["-lcmark"],
    "libmarkdown": ["-lmarkdown"],
    "libmd4c-html": ["-lmd4c-html"],
    "libyaml": ["-lyaml"],
    "libmodest": ["-lmodest", "-lm"],
    "libsource-highlight": ["-lsource-highlight"],
    "all of the above": ["-lmicrohttpd", "-lxml2", "-lstdc++", "-lcmark", "-lmarkdown",
                         "-lmd4c-html", "-lyaml", "-lmodest", "-lsource-highlight"],
}


def cpu_milliseconds(program):
    return measure([program])[0] * 1000


def main():
    arguments = sys.argv[1:]
    runs = int(arguments[arguments.index("--runs") + 1]) if "--runs" in arguments else 200
    scratch = tempfile.mkdtemp()
    source = os.path.join(scratch, "main.c")
    with open(source, "w") as file:
        file.write("int main(void) { return 0; }\n")
    programs = {}
    for name, flags in LIBRARIES.items():
        program = os.path.join(scratch, "p%d" % len(programs))
        subprocess.run(["cc", source, "-o", program, "-Wl,--no-as-needed"] + flags, check=True)
        programs[name] = program
    samples = {name: [] for name in programs}
    for _ in range(runs):
        for name, program in programs.items():
            samples[name].append(cpu_milliseconds(program))
    bare = statistics.median(samples["none"])
    print("%d starts each, interleaved, CPU ms: median (min–max), extra over none" % runs)
    for name, values in samples.items():
        median = statistics.median(values)
        print("%-18s %.2f (%.2f–%.2f)  %+.2f" % (name, median, min(values), max(values), median - bare))


if __name__ == "__main__":
    main()
