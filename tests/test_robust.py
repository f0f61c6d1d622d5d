"""The native core under hostile use: a plugin's odd but valid rules, long walks, Ctrl-C, the
memory bound at its peak, a killed survey. Nothing crashes, hangs or leaks a process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import canfield
from canfield import _native
from canfield.deals import parse_code, shuffled_deck
from canfield.plugins.registry import rules_for, variants
from canfield.rules import Rules, Variant
from canfield.spec import RuleSpec
from tests.test_solver import ctrl_c  # noqa: F401 (a fixture)


def _red(card: int) -> bool:
    return card // 13 in (1, 2)


class UpOrDown:
    """Columns build one rank up or down in alternate colours: a build relation with cycles
    (5♠ on 6♥, 6♥ on 5♠)."""

    @canfield.hookimpl
    def canfield_build_rule(self, spec: RuleSpec) -> object:
        def builds(s: int, t: int) -> bool:
            return _red(s) != _red(t) and (s % 13 - t % 13) % 13 in (1, 12)

        return builds


def up_or_down(**options: object) -> Rules:
    return rules_for(Variant("up-or-down", "Up or down", canfield.CANFIELD.evolve(**options), hooks=UpOrDown()))


def _deal(rules: Rules, code: str) -> canfield.Game:
    _, seed = parse_code(code)
    return canfield.Game(rules, rules.deal(shuffled_deck(seed, rules.decks)))


@pytest.mark.parametrize("mode", ["any", "top-or-whole", "whole"])
@pytest.mark.parametrize("code", ["CF1-D3-LTGLNWF", "CF1-D3-AAAAAAA", "CF1-D3-BPQRSTU"])
def test_a_build_rule_with_cycles_solves(mode: str, code: str) -> None:
    # This rule once made the safe-move proof recurse without end (a crash) and the swap pairing
    # list moves the engine did not have (a panic). A verdict, and a won line that replays.
    game = _deal(up_or_down(tableau_moves=mode), code)
    found = canfield.solve(game, max_states=100_000)
    assert found.verdict in ("won", "lost", "unknown")
    if found.verdict == "won":
        for move in found.line:
            game.play(move)
        assert game.is_won()


@pytest.mark.parametrize("variant", [v.id for v in variants()])
@pytest.mark.parametrize("redeals", [None, 0, 2])
def test_every_variant_solves_under_any_pass_limit(variant: str, redeals: int | None) -> None:
    # A pass limit is an option of every variant, so a player may ask for rules no variant plays:
    # several reserve piles with unlimited passes once made the reserve's moments read past an
    # empty pile (a panic, on Little Gate's CF1-D1-AAAAAAE within 1,000 positions). A verdict, and a
    # won line that replays.
    rules = rules_for(variant, redeals=redeals)
    for code in ("CF1-D1-AAAAAAE", "CF1-D3-AAAAAAA"):
        game = _deal(rules, code)
        found = canfield.solve(game, max_states=20_000)
        assert found.verdict in ("won", "lost", "unknown")
        for move in found.line:
            game.play(move)
        assert game.is_won() == (found.verdict == "won")


# -- long walks: no recursion, and Ctrl-C stops them ----------------------------------------------

#: Nothing moves but the stock, whose one card goes round and round (passes are unlimited): every
#: line of play is stock turns, so perft is 1 at any depth.
ROUND_AND_ROUND = "canfield,columns=2 - A:S10.H13.D13.C10 JSKC/JCKSQC QS - 0 0 0"


def test_perft_walks_any_depth_without_recursion() -> None:
    game = canfield.Game.from_position(ROUND_AND_ROUND)
    assert canfield.perft(game, 100_000) == 1
    assert canfield.perft(game.reference_engine(), 5_000) == 1
    assert game.engine.depth() == 0 and game.position_string().startswith("canfield,columns=2")


def _interrupt_once_busy(engine: _native.Engine) -> threading.Thread:
    """A thread that raises SIGINT once `engine` is busy (a walk holds it), and only then."""

    def interrupt() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                engine.depth()
            except canfield.CanfieldError:  # busy: the walk runs
                break
            time.sleep(0.001)
        signal.raise_signal(signal.SIGINT)

    sender = threading.Thread(target=interrupt)
    sender.start()
    return sender


@pytest.mark.usefixtures("ctrl_c")
@pytest.mark.parametrize("walk", ["perft", "playout"])
def test_ctrl_c_stops_a_long_walk_and_leaves_the_engine_as_it_was(walk: str) -> None:
    # perft 60 deep from a deal, or a playout round and round the stock: neither ends by itself
    # within hours (a playout of 2**62 moves stops only past 2**24 of them, as too deep).
    game = (
        canfield.Game.from_code("CF1-D3-AAAAAAA") if walk == "perft" else canfield.Game.from_position(ROUND_AND_ROUND)
    )
    e = game.engine
    before, moves = e.position(), e.moves()
    sender = _interrupt_once_busy(e)
    try:
        with pytest.raises(KeyboardInterrupt):
            e.perft(60) if walk == "perft" else e.playout(2**62, 1)
    finally:
        sender.join()
    assert e.position() == before and e.moves() == moves and e.depth() == 0


def test_a_playout_that_never_ends_is_refused_past_its_bound() -> None:
    e = canfield.Game.from_position(ROUND_AND_ROUND).engine
    before = e.position()
    with pytest.raises(canfield.CanfieldError, match="without an end"):
        e.playout(2**62, 7)
    assert e.position() == before and e.depth() == 0
    assert e.playout(1000, 7) == 1000


# -- the memory bound holds at its peak -----------------------------------------------------------

_PEAK = """
import sys
import canfield

def peak():  # this process's peak resident memory in bytes (getrusage's would be its parent's)
    line = next(l for l in open("/proc/self/status") if l.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024

game = canfield.Game.from_code("CF1-D3-AAAAAGX", variant="classic")
canfield.solve(canfield.Game.from_code("CF1-D3-AAAAAAA"), max_states=2000)  # everything loaded
before = peak()
found = canfield.solve(game, memory=int(sys.argv[1]), timeout=300)
print(found.cut, peak() - before)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")
def test_the_memory_bound_holds_at_the_peak() -> None:
    # The solver's visited set grows within its bound (old and new tables together), so the
    # process's peak resident memory grows by the bound and a little more, never half as much
    # again. Measured in a process of its own; a hard deal that the bound cuts.
    bound = 64 << 20
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, str(bound)], capture_output=True, text=True, timeout=600, check=True
    )
    cut, grown = done.stdout.split()
    assert cut == "memory"
    assert bound // 2 < int(grown) <= bound + (16 << 20), (
        f"peak grew {int(grown) >> 20} MiB for a {bound >> 20} MiB bound"
    )


# -- a killed survey leaves no process ------------------------------------------------------------


def _descendants(pid: int) -> set[int]:
    """The processes under ``pid`` now (children, theirs, ...), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, pp in parents.items() if pp == p}
        todo += kids - found
        found |= kids
    return found


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (exited, waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_a_killed_survey_leaves_no_process(tmp_path: Path) -> None:
    # SIGKILL gives the survey no chance to stop its workers: they notice their parent is gone
    # and exit, and the resource tracker with them.
    command = "import sys; from canfield.cli import main; sys.exit(main())"
    survey = subprocess.Popen(
        [
            sys.executable,
            "-c",
            command,
            "survey",
            "--db",
            str(tmp_path / "s.sqlite"),
            "--count",
            "200",
            "-q",
            "--workers",
            "2",
            "--timeout",
            "120",
        ],
        start_new_session=True,
    )
    left: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while len(_descendants(survey.pid)) < 3 and time.monotonic() < deadline:  # 2 workers, a tracker
            time.sleep(0.05)
        time.sleep(1)  # the workers take their first deals
        under = _descendants(survey.pid)
        assert len(under) >= 2, under
        survey.kill()
        survey.wait()
        deadline = time.monotonic() + 30
        while (left := {p for p in under if _running(p)}) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not left, f"still running after the survey was killed: {sorted(left)}"
    finally:
        for p in left:
            os.kill(p, signal.SIGKILL)


# -- fuzz: random calls and random plugin rules, each batch in a process of its own ----------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_native_calls_and_plugin_rules_never_crash(seed: int) -> None:
    # `tests/fuzz_native.py`: random tables, positions, moves and budgets into every native entry
    # point, and games under random plugin rules (any build relation, pass limits up to the
    # largest, up to four decks, on every registered variant's spec). A crash kills the process; any error but CanfieldError fails it.
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz_native", str(seed), "150"],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=root,
        check=False,
    )
    assert done.returncode == 0, f"seed {seed}: exit {done.returncode}\n{done.stdout}\n{done.stderr[-3000:]}"
    rounds, refused = map(int, done.stdout.split())
    assert rounds == 150 and refused > 0  # bad values were tried, and refused as CanfieldErrors
