"""The native core under hostile use: a plugin's odd but valid rules, long walks, Ctrl-C, the
memory bound at its peak, a killed survey. Nothing crashes, hangs or leaks a process."""

from __future__ import annotations

import signal
import threading
import time

import pytest

import canfield
from canfield import _native
from canfield.deals import parse_code, shuffled_deck
from canfield.plugins.registry import rules_for
from canfield.rules import Rules, Variant
from canfield.spec import RuleSpec


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

