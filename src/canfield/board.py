"""The board as text: the one text drawing of a position, behind ``print(game)`` and the terminal game.

`board_text` draws an `Observation` (what a player sees) as lines: the heading (variant, draw,
pass, score, moves), stock and waste, reserve (``▒×12`` for its face-down cards), foundations and
columns, cards as printed on them (``10♥``); red suits in red when colour is on.
"""

from __future__ import annotations

from .cards import SUIT_SYMBOLS, card_text, rank_text
from .observation import Observable, Observation, observation_of
from .position import foundation_top

_RED_SUITS = (1, 2)
_RED, _BOLD, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[0m"
#: The most waste cards the board shows (the last one is the playable one).
WASTE_SHOWN = 3


def _card(card: int | None, colour: bool) -> str:
    if card is None:
        return "▒"
    text = card_text(card)
    return f"{_RED}{text}{_RESET}" if colour and card // 13 % 4 in _RED_SUITS else text


def board_text(view: Observation | Observable, *, colour: bool = False) -> str:
    """The board as lines of text: status, stock and waste, reserve, foundations, columns.

    ``view`` is an `Observation` or a `Game` (its observation is drawn).
    """
    obs = observation_of(view)
    head = f"{obs.name} · draw {obs.draw} · {obs.passes} · score {obs.score} · moves {obs.moves}"
    if colour:
        head = f"{_BOLD}{head}{_RESET}"
    waste = " ".join(_card(c, colour) for c in obs.waste[-WASTE_SHOWN:]) or "—"
    hidden = sum(c is None for c in obs.reserve)
    shown = " ".join(_card(c, colour) for c in obs.reserve if c is not None)
    reserve = " ".join(x for x in (f"▒×{hidden}" if hidden else "", shown) if x) or "—"
    found = "  ".join(
        f"{SUIT_SYMBOLS[s]} "
        + (_card(top, colour) + f" ({n})" if (top := foundation_top(obs.start, s, n)) is not None else "—")
        for s, n in obs.foundations
    )
    lines = [
        head,
        f"stock {obs.stock_count:>2}   waste {len(obs.waste):>2}: {waste}",
        f"reserve {len(obs.reserve):>2}: {reserve}",
        f"foundations from {rank_text(obs.start)}: {found}",
    ]
    lines += [f"  {i + 1}: " + (" ".join(_card(c, colour) for c in col) or "—") for i, col in enumerate(obs.columns)]
    return "\n".join(lines)
