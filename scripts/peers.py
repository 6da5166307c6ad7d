"""The Python peers the measuring scripts compare with, from PyPI, in one private virtual
environment (.build/peers-venv): made on first use, given what each script asks for."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "peers-venv")
PYTHON = os.path.join(VENV, "bin", "python")


def enter(packages, script):
    """Re-executes `script` with the venv's interpreter once every package of `packages` (PyPI
    names, which are also their module names) imports there, installing the missing ones.
    Exits with "skipped: ..." when PyPI cannot be reached."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(PYTHON):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    missing = [package for package in packages
               if subprocess.run([PYTHON, "-c", "import " + package],
                                 capture_output=True).returncode != 0]
    if missing:
        install = subprocess.run(
            [PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"] + missing,
            capture_output=True, text=True)
        if install.returncode != 0:
            sys.exit("skipped: could not install %s from PyPI (is it reachable?)\n%s"
                     % (" ".join(missing), install.stderr.strip()[-2000:]))
    os.execv(PYTHON, [PYTHON, os.path.abspath(script)] + sys.argv[1:])
