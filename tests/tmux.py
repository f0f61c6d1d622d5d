"""A real terminal for the full-screen game: tmux, driven as a person types (send-keys) and read
back as a person sees it (capture-pane).

`find_or_install` returns tmux's path, installing Debian's ``tmux`` package with apt when it is
missing and the tests run as root (as for Chromium). `Terminal` runs one command in a detached
tmux session of its own server (its own socket, no user configuration), so nothing else on the
machine sees it or is seen by it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable, Sequence

from .chromium import apt_install

#: How long to wait for the screen to show what a test expects (generous: the machine may be busy).
PATIENCE = 60.0


def find_or_install() -> tuple[str | None, str]:
    """The path of tmux (installed with apt as root if needed), or None and why not."""
    found = shutil.which("tmux")
    return (found, "") if found else apt_install(["tmux"], "tmux")


class Terminal:
    """One command running in a ``width`` x ``height`` terminal of a private tmux server."""

    def __init__(self, tmux: str, command: Sequence[str], *, width: int, height: int, env: dict[str, str]) -> None:
        self.tmux = tmux
        self.socket = f"canfield-test-{uuid.uuid4().hex[:12]}"
        settings = [f"{name}={value}" for name, value in env.items()]
        line = " ".join(_quote(a) for a in ["env", *settings, *command])
        # A pane that waits until the options are set, then the command in its place.
        self._run("-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height), "-s", "game", "cat")
        self._run("set-option", "-g", "remain-on-exit", "on")  # the last screen stays to be read
        self._run("respawn-pane", "-k", "-t", "game", line)

    def _run(self, *args: str) -> str:
        done = subprocess.run(
            [self.tmux, "-L", self.socket, *args], capture_output=True, text=True, timeout=30, env=_clean_env()
        )
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def keys(self, *keys: str) -> None:
        """Press keys by tmux's names (``Enter``, ``Up``, ``BSpace``)."""
        self._run("send-keys", "-t", "game", *keys)

    def type(self, text: str) -> None:
        """Type ``text`` literally (no key names), as a person types it."""
        self._run("send-keys", "-t", "game", "-l", text)

    def click(self, row: int, column: int) -> None:
        """Click the left button at ``row``, ``column`` (from 0), as an xterm reports it (X10 encoding)."""
        at = chr(32 + column + 1) + chr(32 + row + 1)
        self.type(f"\x1b[M {at}\x1b[M#{at}")  # press, then release

    def screen(self, *, colour: bool = False) -> str:
        """What the terminal shows now (with ``colour``, its SGR escapes too), trailing spaces removed."""
        text = self._run("capture-pane", "-p", "-t", "game", *(["-e"] if colour else []))
        return "\n".join(line.rstrip() for line in text.splitlines())

    def history(self) -> str:
        """Everything the terminal ever scrolled away, and the screen (wrapped lines joined)."""
        return self._run("capture-pane", "-p", "-J", "-t", "game", "-S", "-")

    def wait(self, ready: Callable[[str], bool], what: str) -> str:
        """The screen once ``ready(screen)`` holds; fails after `PATIENCE` seconds, naming ``what``."""
        deadline = time.monotonic() + PATIENCE
        while True:
            shown = self.screen()
            if ready(shown):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"the terminal never showed {what}; it shows:\n{shown}")
            time.sleep(0.05)

    def wait_for(self, text: str) -> str:
        """The screen once it shows ``text``."""
        return self.wait(lambda shown: text in shown, repr(text))

    def dead(self) -> bool:
        """Whether the command has ended."""
        return self._run("display-message", "-p", "-t", "game", "#{pane_dead}").strip() == "1"

    def close(self) -> None:
        """End the command and the tmux server."""
        subprocess.run([self.tmux, "-L", self.socket, "kill-server"], capture_output=True, timeout=30, env=_clean_env())


def _quote(arg: str) -> str:
    return "'" + arg.replace("'", "'\\''") + "'"


def _clean_env() -> dict[str, str]:
    """The environment for tmux itself: not inside another tmux."""
    return {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
