"""perft counts, each derived by hand in the comments."""

from __future__ import annotations

import canfield
from canfield.perft import divide


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
