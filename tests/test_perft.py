"""perft counts, each derived by hand in the comments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import canfield
from canfield.perft import divide
from canfield.plugins.registry import rules_for


def moves(game: canfield.Game) -> set[str]:
    return {m.text for m in game.legal_moves()}


def test_worked_example_depth_1_and_2(example: canfield.Game) -> None:
    # Start: reserve top Q♣ (then 8♥), columns 6♣ K♥ Q♥ A♠, base 7♥; the stock turns A♣ 2♣ 3♣ first.
    # Q♣ goes on K♥ (r2); K♥ goes on A♠ (24, a king on an ace); 7♥ (take-back) needs a black 8;
    # nothing else builds or goes up. With the stock: r2, 24, s.
    assert moves(example) == {"r2", "24", "s"}
    assert canfield.perft(example, 1) == 3
    # After r2: 8♥ goes up (rf); K♥ Q♣ go on A♠ (24:2); s.                        -> 3
    # After 24: column 2 fills with Q♣, which goes on K♥ (24); 8♥ up (rf); s.      -> 3
    # After s: waste A♣ 2♣ 3♣, 3♣ fits nowhere; r2, 24, s as before.               -> 3
    assert canfield.perft(example, 2) == 9
    assert divide(example, 2) == {"r2": 3, "24": 3, "s": 3}


ENDGAME = "canfield - A:S13.H13.D13.C12 KC/// - - 0 0 0"


def test_endgame_with_take_back() -> None:
    # Clubs need only K♣ (column 1). The reserve is empty, so empty columns take any card: each
    # foundation top (K♠ K♥ K♦ Q♣) may come back onto each of the 3 empty columns (12 moves);
    # K♣ goes up (1f); K♣ alone onto an empty column changes nothing; no stock.  -> 13
    game = canfield.Game.from_position(ENDGAME)
    assert canfield.perft(game, 1) == 13
    game.play("1f")
    assert game.is_won()


def test_endgame_without_take_back() -> None:
    # Only 1f, after which the game is won and nothing moves.
    game = canfield.Game.from_position(ENDGAME.replace("canfield", "canfield,foundation_takeback=false"))
    assert canfield.perft(game, 1) == 1
    assert canfield.perft(game, 2) == 0
    assert canfield.perft(game, 0) == 1


# -- golden counts of every built-in variant, on both engines ---------------------------------------

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
#: Set to rewrite the golden file from the native engine (then check the diff and commit it).
UPDATE = os.environ.get("CANFIELD_UPDATE_GOLDEN") == "1"
#: The native engine is counted to depth 15 at most, and no deeper than where a count passes
#: NATIVE_NODES (several decks and free fills branch widely); engine.py (slower) only where the
#: count is at most REFERENCE_NODES.
NATIVE_DEPTH, NATIVE_NODES, REFERENCE_NODES = 15, 1_000_000, 20_000
#: The fixed deals: three deal numbers, each played with the variant's own first draw and with the other of 1 and 3.
DEALS = ("AAAAAAA", "AAAAACL", "BPQRSTU")


def built_ins() -> list[str]:
    return [v.id for v in canfield.variants() if v.source == "built-in"]


def golden_codes(variant: str) -> list[str]:
    own = rules_for(variant).first_draw
    return [f"CF1-D{draw}-{letters}" for draw in (own, 4 - own if own in (1, 3) else 1) for letters in DEALS]


def test_the_golden_file_covers_every_built_in_variant() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(golden) == sorted(built_ins())
    for variant in built_ins():
        assert sorted(golden[variant]) == sorted(golden_codes(variant)), variant


@pytest.mark.parametrize("variant", built_ins())
def test_perft_goldens_on_both_engines(variant: str) -> None:
    # Pinned counts: a change in move generation or in the deal changes them, on either engine.
    golden = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    counts = {}
    for code in golden_codes(variant):
        game = canfield.Game.from_code(code, variant)
        if UPDATE:
            found = [1]
            while len(found) <= NATIVE_DEPTH and found[-1] <= NATIVE_NODES:
                found.append(canfield.perft(game, len(found)))
        else:
            found = [canfield.perft(game, d) for d in range(len(golden.get(variant, {}).get(code, [1])))]
        counts[code] = found
        small = [d for d, n in enumerate(found) if n <= REFERENCE_NODES]
        reference = [canfield.perft(game.reference_engine(), d) for d in small]
        assert reference == [found[d] for d in small], f"engine.py and the native engine differ on {code}"
    if UPDATE:
        golden[variant] = counts
        GOLDEN.write_text(json.dumps(dict(sorted(golden.items())), indent=1) + "\n", encoding="utf-8")
    assert counts == golden.get(variant), f"perft counts of {variant} changed"


def test_the_reference_engine_runs_without_the_native_engine() -> None:
    # engine.py reads only the move layout's constants from canfield._native (their one
    # definition); every native class and function fails here, so nothing else can be used.
    code = (
        "import canfield._native as n\n"
        "def refuse(*args, **kwargs): raise AssertionError('the native module was used')\n"
        "for name in [k for k in vars(n) if callable(getattr(n, k)) and not k.startswith('__')]:\n"
        "    setattr(n, name, refuse)\n"
        "from canfield.plugins.registry import rules_for\n"
        "from canfield.engine import Engine\n"
        "from canfield.deals import shuffled_deck\n"
        "from canfield.perft import perft\n"
        "rules = rules_for('classic', draw=1)\n"
        "print(perft(Engine(rules, rules.deal(shuffled_deck(2))), 5))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == canfield.perft(canfield.Game.from_code("CF1-D1-AAAAAAC", "classic"), 5)
