#!/usr/bin/env python3
"""Checks `render preview` in a real browser: headless Chromium, driven over
--remote-debugging-pipe, opens the preview; the check scrolls down, rewrites the document (as
an editor that saves by rename does), and waits for the new text to appear in the same page:
no reload (a value set on `window` survives), the scroll position kept. Then it rewrites the
stylesheet and waits for the new colour. Python 3 standard library only.

usage: preview.py CHROMIUM RENDER WORKDIR
"""
import fcntl
import json
import os
import re
import select
import signal
import subprocess
import sys
import time

BOUND = 10.0  # seconds; stops a broken run, asserts no speed


def write(path, text):
    """Saves as editors that write a new file and rename it over the old one do."""
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".swp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.rename(temporary, path)


def document(marker):
    filler = "\n\n".join(f"Paragraph {n} of the filler that makes the page scroll." for n in range(80))
    return (
        f"# Live preview\n\n{filler}\n\nMarker: {marker}.\n\n"
        '<img src="x" onerror="window.injected = 1">\n'
    )


class DevTools:
    """The Chrome DevTools protocol over the two pipes Chromium reads (fd 3) and writes (fd 4)."""

    def __init__(self, chromium, log):
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()
        low = [fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10), fcntl.fcntl(replies_write, fcntl.F_DUPFD, 10)]

        def wire():
            os.dup2(low[0], 3)
            os.dup2(low[1], 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-pipe", "--window-size=800,600", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, close_fds=False, preexec_fn=wire)
        for descriptor in [commands_read, replies_write] + low:
            os.close(descriptor)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + BOUND
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply["result"]
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.replies], [], [], remaining)[0]:
                raise RuntimeError(f"{method}: no reply from Chromium within {BOUND} s")
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self.buffer += chunk

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result["result"].get("value")

    def wait_for(self, expression):
        """Polls every 20 ms until `expression` is true; the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < BOUND:
            if self.evaluate(expression):
                return time.monotonic() - started
            time.sleep(0.02)
        raise RuntimeError(f"never became true within {BOUND} s: {expression}")

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=BOUND)
        except subprocess.TimeoutExpired:
            self.process.kill()


def stop(server):
    """Sends Ctrl-C; whether the preview stopped with status 0."""
    server.send_signal(signal.SIGINT)
    try:
        status = server.wait(timeout=BOUND)
    except subprocess.TimeoutExpired:
        server.kill()
        print("check-browser: render preview did not stop on Ctrl-C", file=sys.stderr)
        return False
    if status != 0:
        print(f"check-browser: render preview exited with {status} on Ctrl-C", file=sys.stderr)
    return status == 0


def main():
    chromium, render, work = sys.argv[1:4]
    page = os.path.join(work, "live.md")
    stylesheet = os.path.join(work, "live.css")
    write(page, document("first save"))
    write(stylesheet, "p { color: rgb(1, 2, 3); }\n")
    log = open(os.path.join(work, "preview.log"), "w")
    server = subprocess.Popen([render, "preview", page, "--stylesheet", stylesheet],
                              stdout=subprocess.PIPE, stderr=log, text=True)
    browser = None
    try:
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not found:
            raise RuntimeError(f"render preview printed no address: {line!r}")
        browser = DevTools(chromium, log)
        target = browser.call("Target.createTarget", {"url": found.group(0)}, session=False)
        attached = browser.call("Target.attachToTarget",
                                {"targetId": target["targetId"], "flatten": True}, session=False)
        browser.session = attached["sessionId"]
        browser.wait_for("document.readyState === 'complete' && "
                         "document.body.innerText.includes('Marker: first save.')")
        scrolled = browser.evaluate("window.kept = 'same page'; window.scrollTo(0, 900); window.scrollY")
        if not scrolled:
            raise RuntimeError("the page did not scroll; the filler is too short")

        saved = time.monotonic()
        write(page, document("second save"))
        browser.wait_for("document.body.innerText.includes('Marker: second save.')")
        shown = time.monotonic() - saved
        checks = {
            "no reload (a value on window survived)": browser.evaluate("window.kept === 'same page'"),
            "scroll position kept": browser.evaluate(f"window.scrollY === {scrolled}"),
            "old text gone": browser.evaluate("!document.body.innerText.includes('first save')"),
            "no handler from the document ran": browser.evaluate("window.injected === undefined"),
        }
        write(stylesheet, "p { color: rgb(4, 5, 6); }\n")
        restyled = browser.wait_for(
            "getComputedStyle(document.querySelector('main p')).color === 'rgb(4, 5, 6)'")
        print(f"check-browser: preview showed the save after {shown * 1000:.0f} ms, "
              f"the stylesheet after {restyled * 1000:.0f} ms (polled every 20 ms)")
    finally:
        if browser:
            browser.close()
        stopped = stop(server)
    checks["stopped cleanly on Ctrl-C"] = stopped
    failed = [name for name, passed in checks.items() if not passed]
    for name in checks:
        print(f"check-browser: preview: {name}: {'ok' if name not in failed else 'FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as error:
        print(f"check-browser: preview: {error}", file=sys.stderr)
        sys.exit(1)
