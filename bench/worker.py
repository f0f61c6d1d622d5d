"""A benchmark script's other side: the same script with ``--worker``, in a Python process of its own
that imports ``canfield`` from another folder (an older commit's package), answering line by line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


class Worker:
    """``script --worker`` with ``canfield`` from ``site``; the worker first prints where it came from."""

    def __init__(self, script: str, site: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(site), CANFIELD_DISABLE_PLUGIN_AUTOLOAD="1")
        self.proc = subprocess.Popen(
            [sys.executable, script, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        assert self.proc.stdin and self.proc.stdout
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        origin = self.stdout.readline().strip()
        if not origin.startswith(str(site)):
            raise SystemExit(f"the worker imported canfield from {origin or 'nowhere'}, not {site}")

    def ask(self, line: str) -> str:
        """Send one request line; return the worker's answer line."""
        self.stdin.write(line + "\n")
        self.stdin.flush()
        return self.stdout.readline()

    def close(self) -> None:
        self.stdin.close()
        self.proc.wait()
