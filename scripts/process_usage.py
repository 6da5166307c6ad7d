"""What the measuring scripts read of a process they run, and how they print the figures: the
process's own CPU time (user + system) and peak RSS from `wait4`, so that load on a shared
machine slows every side of a comparison alike."""
import os
import statistics
import subprocess
import sys


def measure(arguments):
    """CPU seconds and peak RSS (KiB) of one process writing to /dev/null; exits when it fails.

    The RSS is at least this Python process's own high-water mark: Linux counts the memory of
    the process that execs into a child's peak. Use `peak_rss` where the peak is the figure."""
    with open(os.devnull, "wb") as sink:
        process = subprocess.Popen(arguments, stdout=sink)
        _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit("failed: " + " ".join(arguments))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def peak_rss(arguments):
    """Peak RSS (KiB) of one process writing to /dev/null, as GNU time reads it: a small C
    parent, so nothing of this script's memory is counted; exits when it fails or time is
    missing (apt-get install time)."""
    with open(os.devnull, "wb") as sink:
        try:
            process = subprocess.run(["/usr/bin/time", "-f", "%M"] + arguments, stdout=sink,
                                     stderr=subprocess.PIPE, text=True)
        except FileNotFoundError:
            sys.exit("failed: /usr/bin/time is missing (apt-get install time)")
    if process.returncode != 0:
        sys.exit("failed: " + " ".join(arguments))
    return int(process.stderr.strip().splitlines()[-1])


def summary(values, scale=1.0, digits=2):
    """`median (min–max)` of `values`, each times `scale`."""
    values = [value * scale for value in values]
    return "%.*f (%.*f–%.*f)" % (
        digits, statistics.median(values), digits, min(values), digits, max(values))
