"""Headless Chromium for the picture and replay tests: found or installed, then driven over DevTools.

`find_or_install` returns the browser's path, installing Debian's ``chromium`` package with apt
when it is missing and the tests run as root (as CI does on a fresh machine). `Browser` speaks the
DevTools protocol over a pipe (``--remote-debugging-pipe``): no network, no extra package, no
browser download.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _which() -> str | None:
    return next((p for p in map(shutil.which, NAMES) if p), None)


def apt_install(packages: list[str], command: str) -> tuple[str | None, str]:
    """Install Debian ``packages`` with apt (as root, as CI runs on a fresh machine) for the program
    ``command``: its path, or None and why not."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return (
            None,
            f"{command} is not installed and the tests do not run as root: apt-get install {' '.join(packages)}",
        )
    if not shutil.which("apt-get"):
        return None, f"{command} is not installed and there is no apt-get to install it"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *packages]):
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1200)
        except (OSError, subprocess.TimeoutExpired) as e:
            return None, f"installing {command} failed: {' '.join(cmd)}: {e}"
        if done.returncode != 0:
            log = done.stdout[-2000:] + done.stderr[-2000:]
            return None, f"installing {command} failed: {' '.join(cmd)} exited {done.returncode}:\n{log}"
    found = shutil.which(command)
    return (found, "") if found else (None, f"apt-get installed {' '.join(packages)} but no {command} is on PATH")


def find_or_install() -> tuple[str | None, str]:
    """The path of a Chromium (installing Debian's package as root if needed), or None and why not.

    DejaVu fonts come with it: the pictures name them first, and their suit symbols are checked.
    """
    found = _which()
    if found:
        return found, ""
    path, why = apt_install(["chromium", "fonts-dejavu-core"], "chromium")
    return (_which(), "") if path else (None, why)


def _above_4(fd: int) -> int:
    """The same file as ``fd`` on a descriptor number above 4 (fds 3 and 4 are the browser's pipe)."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD, 5)
    os.close(fd)
    return high


class BrowserError(RuntimeError):
    """The browser answered a command with an error, or did not answer in time."""


class Browser:
    """One headless Chromium with one page, driven over the DevTools protocol on a pipe."""

    def __init__(self, executable: str, *, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="canfield-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        to_browser_r, from_browser_w = _above_4(to_browser_r), _above_4(from_browser_w)
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--remote-debugging-pipe",
            f"--user-data-dir={self._profile.name}",
            "about:blank",
        ]

        def protocol_pipe_on_3_and_4() -> None:  # in the browser's process, before it starts
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self._proc = subprocess.Popen(
            [executable, *flags],
            close_fds=False,  # fds 3 and 4; Python's own descriptors are not inherited anyway
            preexec_fn=protocol_pipe_on_3_and_4,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        #: Every event received, in order: ``(method, params)``.
        self.events: list[tuple[str, dict[str, Any]]] = []
        target = self._call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self._call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    # -- the protocol ------------------------------------------------------------------------

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def _call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self.events.append((answer["method"], answer.get("params", {})))

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """Send a command to the page and return its result."""
        return self._call(method, params, self._session)

    def wait_for(self, method: str, since: int = 0) -> dict[str, Any]:
        """The first event ``method`` received after ``self.events[since]``, waiting for it."""
        deadline = time.monotonic() + self.timeout
        while True:
            for name, params in self.events[since:]:
                if name == method:
                    return params
            message = self._read_message(deadline)
            if "method" in message:
                self.events.append((message["method"], message.get("params", {})))

    # -- what the tests use ----------------------------------------------------------------------

    def open(self, url: str, *, width: int = 1000, height: int = 800) -> None:
        """Load ``url`` in a window of ``width`` x ``height`` CSS pixels and wait until it has loaded."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        since = len(self.events)
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired", since)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited); a thrown error raises."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path) -> bytes:
        """The page as PNG, written to ``path`` too."""
        data = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])
        path.write_bytes(data)
        return data

    def errors(self) -> list[str]:
        """The console errors, uncaught exceptions and error log entries seen so far."""
        out = []
        for method, params in self.events:
            if method == "Runtime.exceptionThrown":
                out.append(str(params["exceptionDetails"]))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                out.append(params["entry"].get("text", ""))
        return out

    def close(self) -> None:
        """Quit the browser."""
        try:
            self._call("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        for fd in (self._to_browser, self._from_browser):
            os.close(fd)
        self._profile.cleanup()


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG image, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
