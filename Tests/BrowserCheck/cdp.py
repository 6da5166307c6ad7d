"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: the
browser reads commands on fd 3 and writes answers and events on fd 4, each a JSON message
ended by a NUL), so a check loads thousands of documents in one browser and sees every
JavaScript dialog any frame opens, hooked or not. Only the standard library: no websocket.

    with Browser(chromium) as browser:
        browser.navigate("file:///tmp/x.html")
        browser.evaluate("document.title")"""
import json
import os
import subprocess


def _as_fds_3_and_4(read, write):
    # Copied high first: either pipe may already be fd 3 or 4, and dup2 onto itself would
    # keep the close-on-exec flag.
    read, write = os.dup(read), os.dup(write)
    os.dup2(read, 3)
    os.dup2(write, 4)


class Browser:
    def __init__(self, chromium, timeout=120):
        self.timeout = timeout
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()
        self._process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--disable-extensions", "--mute-audio",
             # Nothing leaves the machine: a payload's http URL fails at once instead of waiting.
             "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank"],
            # The pipes become fds 3 and 4 before exec; close_fds would close them again.
            close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: _as_fds_3_and_4(commands_read, answers_write),
        )
        os.close(commands_read)
        os.close(answers_write)
        self._buffer = b""
        self._next = 0
        self._results = {}
        self._events = []
        # Every dialog any frame opened: (type, message, frame URL).
        self.dialogs = []
        targets = self._send("Target.getTargets")["targetInfos"]
        page = next(target for target in targets if target["type"] == "page")
        self._session = self._send("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        # Closed, not killed, when it answers: the browser then waits for its own processes,
        # so none is left behind and `time` counts their CPU.
        try:
            self._write("Browser.close", None, {})
            self._process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self._process.kill()
            self._process.wait()
        os.close(self._commands)
        os.close(self._answers)

    def _message(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._answers, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _write(self, method, session, params):
        self._next += 1
        command = {"id": self._next, "method": method, "params": params}
        if session:
            command["sessionId"] = session
        os.write(self._commands, json.dumps(command).encode() + b"\0")
        return self._next

    def _read(self):
        """Reads one message: an answer is kept by its id, an event in the list of events."""
        message = self._message()
        if "id" in message:
            self._results[message["id"]] = message
        elif message.get("method") == "Page.javascriptDialogOpening":
            # Answered at once, so a dialog no hook caught cannot stall the page.
            dialog = message["params"]
            self.dialogs.append((dialog["type"], dialog["message"], dialog["url"]))
            self._write("Page.handleJavaScriptDialog", self._session, {"accept": False})
        else:
            self._events.append(message.get("method"))

    def _send(self, method, session=None, **params):
        number = self._write(method, session, params)
        while number not in self._results:
            self._read()
        message = self._results.pop(number)
        if "error" in message:
            raise RuntimeError("%s: %s" % (method, message["error"]))
        return message.get("result", {})

    def send(self, method, **params):
        """Sends a command to the page and returns its result."""
        return self._send(method, session=self._session, **params)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page, a promise awaited."""
        result = self.send("Runtime.evaluate", expression=expression, awaitPromise=True,
                           returnByValue=True, timeout=self.timeout * 1000)
        if "exceptionDetails" in result:
            raise RuntimeError("evaluation failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def navigate(self, url):
        """Loads a URL in the page and waits for its load event."""
        self._events.clear()
        self.send("Page.navigate", url=url)
        while "Page.loadEventFired" not in self._events:
            self._read()
