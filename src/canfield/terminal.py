"""The game in a terminal: what each move does in words, and the session that reads the player's input.

`Session` is the interactive game of ``canfield play``, whatever draws it: the full screen of
`canfield.fullscreen`, or lines of text (`Session.run`, for pipes, scripts and ``--line``). Its
`handle` does what one line of input says: a move's number in the list of legal moves, a move in
notation, a tap on a place or a card, or a command (undo, hint, new deal, save, load, help, quit).
A refused input says exactly why and changes nothing. `listed_moves` numbers the legal moves and
says what each does (`describe_move`); `end_text` says how a game ended.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TextIO

from . import records
from .board import board_text
from .cards import card_text, parse_card, rank_text
from .errors import CanfieldError, IllegalMoveError, InvalidMoveError, UndoError
from .game import Game
from .moves import column_name, column_number
from .notation import Move, parse_move
from .position import foundation_top

HELP = """\
Type one of these, then Enter:
  1 … 9, #12   the move of that number in the list of legal moves
  12 r2 wf s   a move in notation: 13:2 moves 2 cards, H2 takes a card back, s turns the stock
               (columns 10, 11 and 12 are T, J and Q: wT, Q1)
  r  w  s  QC  a tap on the reserve, the waste, the stock or a card (Q♣ too): the card goes up
               to its foundation if it can, else onto the best column
  u            undo the last move
  h            a fair hint: from what you have seen, never from a face-down card
  hs           the solver's hint: it knows every card, the face-down ones too
  n            a new random deal
  save FILE    save the game (JSON); `canfield play FILE` goes on with it
  load FILE    load a saved game
  ?            this help
  q            quit"""

#: A move's number as typed: ``3`` (one digit: two digits are a column move in notation) or ``#12``.
_NUMBER = re.compile(r"#([0-9]{1,3})|([1-9])")
#: Text that reads as a move in notation (a source and a target), as opposed to a tap or a command.
_MOVE_LIKE = re.compile(r"[wrshdc1-9tjq♠♥♦♣][f1-9tjq:].*|[0-9:]+", re.IGNORECASE)


def wants_colour(stream: TextIO) -> bool:
    """Whether to colour output to ``stream``: a terminal, ``NO_COLOR`` unset, ``TERM`` not ``dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


# -- moves in words ----------------------------------------------------------------------------


def describe_move(game: Game, move: Move) -> str:
    """What ``move`` does here, in a few words (``Q♣ from the reserve onto K♥ in column 2``)."""
    obs = game.observation()
    if move.is_stock:
        if obs.stock_count:
            n = min(game.rules.draw_count(obs.recycles), obs.stock_count)
            return f"turn {n} card{'s' if n > 1 else ''} from the stock onto the waste"
        limit = game.rules.pass_limit
        of = f" of {limit}" if limit is not None else ""
        return f"turn the waste back over as the stock, for pass {obs.recycles + 2}{of}"
    source = move.source
    card: int | None
    if source == "w":
        card, where = obs.waste[-1], "the waste"
    elif source[0] == "r":
        k = int(source[1:] or 1) - 1
        card = obs.reserves[k][-1]
        where = "the reserve" if len(obs.reserves) == 1 else f"reserve pile {k + 1}"
    elif (i := column_number(source)) is not None:
        card, where = obs.columns[i][-move.count], f"column {source}"
    elif source[0] == "f":  # a pile of a foundation layout
        card, where = obs.foundation_piles[int(source[1:]) - 1][-1], f"foundation pile {source[1:]}"
    else:
        suit = "SHDC".index(source)
        count = next(n for s, n in obs.foundations if s == suit and n)
        card, where = foundation_top(obs.start, suit, count), "its foundation"
    what = card_text(card) if card is not None else "a card"
    if move.to_foundation and move.count > 1:  # four of a kind at once
        return f"the four {rank_text(card % 13) if card is not None else 'card'}s from {where} up as a set"
    if move.count > 1:
        what += " and the card on it" if move.count == 2 else f" and the {move.count - 1} cards on it"
    if move.to_foundation and obs.base_open and card is not None:
        return f"{what} from {where} up to its foundation, which makes {rank_text(card % 13)} every foundation's base"
    if move.to_foundation:
        pile = f"foundation pile {move.target[1:]}" if move.target != "f" else "its foundation"
        return f"{what} from {where} up to {pile}"
    j = column_number(move.target)
    assert j is not None, "a move that does not go up goes onto a column"
    target = obs.columns[j]
    onto = target[-1] if target else None  # a column's top card is always face up
    if onto is None:
        return f"{what} from {where} to the empty column {move.target}"
    return f"{what} from {where} onto {card_text(onto)} in column {move.target}"


def listed_moves(game: Game) -> list[tuple[str, Move, str]]:
    """The moves a player is offered, each as ``(label, move, what it does)``: numbered ``1`` to ``9``,
    then ``#10``, ``#11``…, in the order of `Game.legal_moves`. A won game offers none (not even
    taking a card back from a foundation)."""
    if game.is_won():
        return []
    return [(label(i), m, describe_move(game, m)) for i, m in enumerate(game.legal_moves(), 1)]


def label(number: int) -> str:
    """How the move of ``number`` is selected: ``3``, or ``#12`` from 10 on (``12`` is a column move)."""
    return str(number) if number < 10 else f"#{number}"


def legal_moves_text(game: Game) -> str:
    """``legal moves: 12 s`` in notation (``none`` when there are none, or when the game is won)."""
    moves = [m.text for _, m, _ in listed_moves(game)]
    return "legal moves: " + (" ".join(moves) or ("none: the game is won" if game.is_won() else "none"))


def lost_reason(game: Game) -> str:
    """Why a lost game is lost: only stock turns are left, or (the stock used up) no move at all."""
    if game.legal_moves():
        return "no move but turning the stock can ever be made again"
    return "no move is left"


def end_text(game: Game) -> str:
    """How the game ended, or ``""`` while it goes on: won with the score, or lost and why."""
    if game.is_won():
        return f"You won! Score {game.score} in {game.move_count} moves."
    if not game.is_lost():
        return ""
    return f"The game is lost: {lost_reason(game)}."


def tap_refusal(game: Game, place: str) -> str:
    """Why a tap on ``place`` does nothing here (`Game.tap` returned None), in a sentence."""
    obs = game.observation()
    text = place.strip()
    low = text.lower()
    if low == "s":
        return game.explain("s")
    if low == "w" or (low[:1] == "r" and low[1:] in ("", *map(str, range(1, len(obs.reserves) + 1)))):
        k = int(low[1:] or 1) - 1
        pile = obs.waste if low == "w" else obs.reserves[k]
        name = "the waste" if low == "w" else "the reserve" if len(obs.reserves) == 1 else f"reserve pile {k + 1}"
        if not pile:
            return f"{name} is empty"
        return _goes_nowhere(game, "wf" if low == "w" else "rf" if k == 0 else f"r{k + 1}f")
    i = column_number(text) if text.isdigit() or len(text) == 1 else None
    if i is not None:
        if not obs.columns[i]:
            return f"column {column_name(i)} is empty"
        return _goes_nowhere(game, f"{column_name(i)}f")
    c = parse_card(text)
    if obs.waste and obs.waste[-1] == c:
        return _goes_nowhere(game, "wf")
    for k, pile in enumerate(obs.reserves):
        if pile and pile[-1] == c:
            return _goes_nowhere(game, "rf" if k == 0 else f"r{k + 1}f")
    for i, col in enumerate(obs.columns):
        if c in col:
            if col[-1] == c:
                return _goes_nowhere(game, f"{column_name(i)}f")
            return f"no column takes {card_text(c)} and the cards on it from column {column_name(i)}"
    return (
        f"{card_text(c)} cannot be tapped here: only the top cards of the waste and the reserve, "
        "and the cards of the columns, can move"
    )


def _goes_nowhere(game: Game, up: str) -> str:
    """Why the card that move ``up`` would send up stays: the foundation's reason, and no column."""
    return f"{game.explain(up)}, and no column takes it"


def move_error(text: str) -> str:
    """Why ``text`` is neither a move, a tap nor a command: the notation's own error when it reads
    as a move (``13:0``), the card's when it reads as a card, else a pointer to the help."""
    if _MOVE_LIKE.fullmatch(text):
        try:
            parse_move(text)
        except InvalidMoveError as e:
            return str(e)
    if 2 <= len(text) <= 3 and text[0].upper() in "A23456789TJQK1":
        try:
            parse_card(text)
        except CanfieldError as e:
            return f"{e}: ? for help"
    return f"unknown move or command {text!r}: ? for help"


# -- the session -------------------------------------------------------------------------------


_SOURCES = {"policy": "the simple policy", "solver": "the solver", "fair": "the fair player"}


class Session:
    """An interactive game: `handle` one line of input, `screen` what to show, `run` the loop."""

    def __init__(self, game: Game, *, out: TextIO, colour: bool = False) -> None:
        self.game = game
        self.out = out
        self.colour = colour
        #: What the last action said (shown under the board).
        self.message = "? for help, q to quit."
        #: Whether the last action asked for the help text.
        self.helping = False

    # -- one action --------------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Do what one line of input says and set `message`; False when the player quits."""
        words = line.split()
        self.helping = False
        if not words:
            self.message = ""
            return True
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        if command in ("q", "quit", "exit"):
            return False
        if command in ("?", "help"):
            self.message = HELP
            self.helping = True
        elif command in ("u", "undo"):
            self._undo()
        elif command in ("h", "hint"):
            self._hint(fair=True)
        elif command in ("hs", "solver"):
            self._hint(fair=False)
        elif command in ("n", "new"):
            self.game = Game.random(self.game.variant, **self.game.options())
            self.message = f"a new deal: {self.game.code}"
        elif command in ("save", "load"):
            self._file(command, rest)
        elif len(words) > 1:
            self.message = f"unknown command {line.strip()!r}: ? for help"
        else:
            self._move(words[0])
        return True

    def _undo(self) -> None:
        try:
            self.message = f"took back {self.game.undo().text}"
        except UndoError as e:
            self.message = f"cannot undo: {e}"

    def _hint(self, *, fair: bool) -> None:
        """A hint: the fair player's (from what the player has seen), or the solver's (it knows every card)."""
        if self.game.is_won():
            self.message = "no hint: the game is won"
            return
        hint = self.game.hint(fair=fair)
        source = _SOURCES.get(hint.source, hint.source)
        if hint.source == "fair":
            source += ", who sees what you see"
            if hint.share is None:
                verdict = " (the only move)"
            elif hint.share == 0:
                verdict = (
                    f" (no win found in {hint.samples} sample{'s' if hint.samples != 1 else ''} of the unseen cards)"
                )
            else:
                verdict = f" (won in {round(100 * hint.share)} % of {hint.samples} samples of the unseen cards)"
        elif hint.source == "solver":
            source += ", who knows every card"
            verdict = f" (verdict: {hint.verdict})" if hint.verdict else ""
        else:
            verdict = f" (the solver knows every card; verdict: {hint.verdict})" if hint.verdict else ""
        if hint.move is None:
            self.message = f"no hint: {source} sees no move to make{verdict}"
        else:
            self.message = f"hint from {source}: {hint.move.text}, {describe_move(self.game, hint.move)}{verdict}"

    def _file(self, command: str, path: str) -> None:
        if not path:
            self.message = f"{command} needs a file name, e.g. {command} game.json"
            return
        try:
            if command == "save":
                records.save(self.game, path)
                self.message = f"saved to {path}"
            else:
                self.game = records.load(path)
                self.message = f"loaded {path}"
        except (OSError, CanfieldError) as e:
            self.message = f"cannot {command} {path}: {e}"

    def _move(self, text: str) -> None:
        """Play a move by its number, its notation or a tap, and say what it did."""
        game = self.game
        number = _NUMBER.fullmatch(text)
        if number:
            offered = listed_moves(game)
            n = int(number.group(1) or number.group(2))
            if not 1 <= n <= len(offered):
                if not offered:
                    self.message = "there is no move to make: " + (end_text(game) or "the game is over")
                else:
                    self.message = f"there is no move {text} here: the moves are numbered 1 to {len(offered)}"
                return
            self._play(offered[n - 1][1])
            return
        try:
            move = Move.parse(text)
        except InvalidMoveError:
            self._tap(text)
        else:
            self._play(move)

    def _play(self, move: Move) -> None:
        game = self.game
        if game.is_won() and move.from_foundation:
            self.message = "the game is won: no card comes back from the foundations now (u undoes the last move)"
            return
        what = describe_move(game, move) if game.is_legal(move) else ""
        try:
            played = game.play(move)
        except IllegalMoveError as e:
            self.message = str(e)
            return
        self.message = f"played {played.text}: {what}"
        self._announce()

    def _tap(self, text: str) -> None:
        game = self.game
        try:
            legal = {m: describe_move(game, m) for m in game.legal_moves()}
            played = game.tap(text)
        except InvalidMoveError:
            self.message = move_error(text)
            return
        if played is None:
            self.message = f"a tap on {text} does nothing: {tap_refusal(game, text)}"
            return
        self.message = f"tap on {text}: played {played.text}, {legal[played]}"
        self._announce()

    def _announce(self) -> None:
        """Add how the game ended to the message, with what the player may do then."""
        end = end_text(self.game)
        if not end:
            return
        if self.game.is_won():
            self.message += f"\n{end} n for a new deal, q to quit."
        else:
            self.message += f"\n{end} u to undo, n for a new deal, q to quit."

    # -- the loop ------------------------------------------------------------------------------

    def moves_text(self) -> str:
        """The legal moves as the line mode lists them: label, notation and what each does."""
        offered = listed_moves(self.game)
        if not offered:
            return "legal moves: none" + (": the game is won" if self.game.is_won() else "")
        return "legal moves:\n" + "\n".join(f"  {lab:>3}  {m.text:<5} {what}" for lab, m, what in offered)

    def screen(self) -> str:
        """The board, the legal moves and the last message, as shown before each prompt."""
        deal = f"deal {self.game.code}" if self.game.code else "a game from a position"
        lines = [deal, board_text(self.game, colour=self.colour), self.moves_text()]
        if self.message:
            lines.append(self.message)
        return "\n".join(lines) + "\n"

    def resume_text(self) -> str:
        """The command that goes on with this game later."""
        return f"to go on later: canfield play --position '{self.game.position_string()}'"

    def run(self, read: Callable[[str], str] = input) -> int:
        """Show the board, read a line, act, until the player quits or input ends; 0 when done."""
        while True:
            self.out.write(self.screen())
            self.out.flush()
            try:
                line = read("> ")
            except (EOFError, KeyboardInterrupt):
                self.out.write("\n")
                break
            if not self.handle(line):
                break
        self.out.write(self.resume_text() + "\n")
        self.out.flush()
        return 0
