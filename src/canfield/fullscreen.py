"""The full-screen terminal game: the board redrawn in place, the moves listed, a line to type in.

`layout` lays one screen out for a `canfield.terminal.Session` at a given size: the deal, the
board (`canfield.board.board_lines`), the legal moves numbered and described (or the help), the
last message and the input line, as rows of styled text, with the places a mouse click acts on.
`play` draws those screens with the standard library's curses until the player quits: keys go to
the input line and Enter hands it to `Session.handle`; the arrow keys pick a move, and Enter on an
empty line plays it; a click on a card taps it, a click on a move plays it. Everything the player
can do is the session's, so the full screen and the line mode play alike.
"""

from __future__ import annotations

import io
import locale
import os
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from .board import Piece, board_lines, is_red
from .terminal import HELP, listed_moves

if TYPE_CHECKING:
    from .terminal import Session

#: The styles a piece of the screen may have.
STYLES = ("", "red", "bold", "dim", "selected")
#: The smallest screen the game lays out fully; a smaller one gets a note instead.
MIN_WIDTH, MIN_HEIGHT = 40, 12
#: With more columns than this, and too few rows for the board and a few moves under it
#: (`MOVE_ROWS`), the columns are shown in two blocks side by side (The Plot's twelve at 80x24).
SIDE_BY_SIDE, MOVE_ROWS = 6, 4
PROMPT = "> "


@attrs.frozen
class Span:
    """Text drawn in one style (one of `STYLES`)."""

    text: str
    style: str = ""


@attrs.frozen
class Hit:
    """A place on the screen a mouse click acts on: row, first and last column + 1, and the input it sends."""

    row: int
    start: int
    end: int
    input: str


@attrs.frozen
class Screen:
    """One screen: its rows of spans, the places a click acts on, and where the cursor stands."""

    rows: tuple[tuple[Span, ...], ...]
    hits: tuple[Hit, ...]
    cursor: tuple[int, int]

    def text(self) -> str:
        """The screen as plain text, one line per row, trailing spaces removed."""
        return "\n".join("".join(s.text for s in row).rstrip() for row in self.rows)

    def hit(self, row: int, column: int) -> str | None:
        """The input a click at ``row``, ``column`` sends, or None."""
        return next((h.input for h in self.hits if h.row == row and h.start <= column < h.end), None)


def layout(session: Session, width: int, height: int, *, entry: str = "", selected: int = 0) -> Screen:
    """The screen of ``session`` at ``width`` x ``height`` characters, with ``entry`` typed so far and
    the move of index ``selected`` (from 0) highlighted."""
    rows: list[list[Span]] = []
    hits: list[Hit] = []
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        note = f"canfield needs {MIN_WIDTH}x{MIN_HEIGHT} characters; this terminal has {width}x{height}"
        rows = [[Span(line)] for line in textwrap.wrap(note, max(width, 10))][: height - 1]
        rows += [[]] * (height - 1 - len(rows)) + [[Span(PROMPT + entry)]]
        return _screen(rows, hits, (height - 1, len(PROMPT + entry)), width)
    game = session.game
    deal = f"deal {game.code} ({game.variant})" if game.code else f"a game from a position ({game.variant})"
    rows.append([Span(deal, "dim"), Span("   ? help · q quit", "dim")])
    rows.append([])
    message = [w for part in session.message.split("\n") for w in textwrap.wrap(part, width - 1) or [""]]
    if session.helping:
        message = []
    lines = board_lines(game)
    ncols = len(game.position.columns)
    if ncols > SIDE_BY_SIDE and len(rows) + len(lines) + 1 + len(message) + 2 + MOVE_ROWS > height:
        lines = _columns_side_by_side(lines, ncols, (width - 1) // 2)
    for i, line in enumerate(lines):
        row: list[Span] = []
        x = 0
        for piece in line:
            style = "bold" if i == 0 else "red" if piece.card is not None and is_red(piece.card) else ""
            row.append(Span(piece.text, style))
            if piece.place is not None:
                hits.append(Hit(len(rows), x, x + len(piece.text), piece.place))
            x += len(piece.text)
        rows.append(row)
    rows.append([])
    bottom = len(message) + 2  # the message, a blank line and the input line
    room = height - len(rows) - bottom
    rows += _moves(session, width, room, selected, hits, len(rows))
    while len(rows) < height - bottom:
        rows.append([])
    rows.append([])
    rows += [[Span(m)] for m in message]
    rows.append([Span(PROMPT + entry)])
    return _screen(rows[:height], hits, (min(len(rows), height) - 1, len(PROMPT + entry)), width)


def _columns_side_by_side(lines: list[list[Piece]], ncols: int, half: int) -> list[list[Piece]]:
    """``lines`` (a board's) with its last ``ncols`` lines, the columns, in two blocks side by side,
    each ``half`` characters wide: the first half of the columns on the left. A column too long for
    its block keeps its label and its top cards, after ``…``."""
    head, cols = lines[:-ncols], lines[-ncols:]
    rows = (ncols + 1) // 2
    out = list(head)
    for i in range(rows):
        left = _fit(cols[i], half - 1)
        width = sum(len(p.text) for p in left)
        right = _fit(cols[rows + i], half - 1) if rows + i < ncols else []
        out.append([*left, Piece(" " * (half - width)), *right])
    return out


def _fit(line: list[Piece], width: int) -> list[Piece]:
    """A column's line (its label, then cards and spaces) in at most ``width`` characters: the
    cards nearest the bottom give way first, to ``…``."""
    label, cards = line[0], list(line[1:])
    cut = False
    while cards and len(label.text) + sum(len(p.text) for p in cards) + (2 if cut else 0) > width:
        del cards[:2]  # a card and the space after it
        cut = True
    return [label, *([Piece("… ")] if cut else []), *cards]


def _moves(session: Session, width: int, room: int, selected: int, hits: list[Hit], top: int) -> list[list[Span]]:
    """The rows of the move list (or the help) in ``room`` rows from row ``top``, adding their hits."""
    if room <= 0:
        return []
    if session.helping:
        return [[Span(line)] for line in HELP.splitlines()][:room]
    offered = listed_moves(session.game)
    if not offered:
        return [[Span("No move to make: the game is won." if session.game.is_won() else "No legal move.", "bold")]]
    head = "Moves (type a number, a move or a card to tap, then Enter; or click one):"
    rows = [[Span(head[: width - 1], "dim")]]
    shown = offered if len(offered) <= room - 1 else offered[: max(room - 2, 0)]
    for i, (lab, move, what) in enumerate(shown):
        text = f"{lab:>4}  {move.text:<5} {what}"[: width - 1]
        hits.append(Hit(top + len(rows), 0, len(text), lab))
        rows.append([Span(text, "selected" if i == selected else "")])
    if len(shown) < len(offered):
        rest = len(offered) - len(shown)
        rows.append([Span(f"     … and {rest} more: type #{len(shown) + 1} or the move's notation", "dim")])
    return rows


def _screen(rows: list[list[Span]], hits: list[Hit], cursor: tuple[int, int], width: int) -> Screen:
    """Rows cut to ``width`` (the last column stays free: curses cannot write the bottom-right cell)."""
    cut: list[tuple[Span, ...]] = []
    for row in rows:
        out: list[Span] = []
        left = width - 1
        for span in row:
            if left <= 0:
                break
            out.append(Span(span.text[:left], span.style))
            left -= len(span.text[:left])
        cut.append(tuple(out))
    return Screen(tuple(cut), tuple(h for h in hits if h.start < width - 1), (cursor[0], min(cursor[1], width - 1)))


def screen_after(game: str, inputs: Sequence[str], width: int, height: int) -> Screen:
    """The screen of a new session of ``game`` (a deal code or a position string) after each of ``inputs``
    was typed and Enter pressed: what a terminal of that size shows (the docs show it too)."""
    from .game import Game
    from .terminal import Session

    start = Game.from_code(game) if game.upper().startswith("CF1-") else Game.from_position(game)
    session = Session(start, out=io.StringIO())
    for line in inputs:
        session.handle(line)
    return layout(session, width, height)


# -- drawing it with curses ----------------------------------------------------------------------


def unusable() -> str:
    """Why this terminal cannot show the full screen (no curses, as on Windows; not a UTF-8 locale,
    so no suit symbols), or ``""`` when it can."""
    try:
        import curses  # noqa: F401
    except ImportError:
        return "Python has no curses here"
    locale.setlocale(locale.LC_ALL, "")
    codeset = locale.nl_langinfo(locale.CODESET) if hasattr(locale, "nl_langinfo") else ""
    if codeset.replace("-", "").upper() != "UTF8":
        return f"the locale's character set is {codeset or 'unknown'}, not UTF-8"
    return ""


def play(session: Session) -> int:
    """Play ``session`` full screen until the player quits; then print how to go on later. 0 when done."""
    import curses

    locale.setlocale(locale.LC_ALL, "")  # curses draws the suit symbols only in the user's (UTF-8) locale
    os.environ.setdefault("ESCDELAY", "25")  # Esc clears the input at once, not after a second
    try:
        curses.wrapper(_loop, session)
    except KeyboardInterrupt:
        pass
    print(session.resume_text(), flush=True)
    return 0


def _attrs(curses: Any, colour: bool) -> dict[str, int]:
    red = curses.A_NORMAL
    if colour and curses.has_colors():
        curses.start_color()
        curses.use_default_colors()
        curses.init_pair(1, curses.COLOR_RED, -1)
        red = curses.color_pair(1)
    return {"": curses.A_NORMAL, "red": red, "bold": curses.A_BOLD, "dim": curses.A_DIM, "selected": curses.A_REVERSE}


def _draw(window: Any, screen: Screen, styles: dict[str, int], curses: Any) -> None:
    window.erase()
    for y, row in enumerate(screen.rows):
        x = 0
        for span in row:
            try:
                window.addstr(y, x, span.text, styles[span.style])
            except curses.error:  # off the screen after a resize: the next screen fits
                pass
            x += len(span.text)
    try:
        window.move(*screen.cursor)
    except curses.error:
        pass
    window.refresh()


def _loop(window: Any, session: Session) -> None:
    import curses

    styles = _attrs(curses, session.colour)
    curses.mousemask(curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED)
    curses.mouseinterval(0)
    window.keypad(True)
    entry, selected = "", 0
    while True:
        height, width = window.getmaxyx()
        screen = layout(session, width, height, entry=entry, selected=selected)
        _draw(window, screen, styles, curses)
        key = window.get_wch()
        send: str | None = None
        if key in ("\n", "\r", curses.KEY_ENTER):
            offered = listed_moves(session.game)
            send = entry or (offered[selected][0] if offered and 0 <= selected < len(offered) else "")
            entry = ""
        elif key in ("\x7f", "\b", curses.KEY_BACKSPACE):
            entry = entry[:-1]
        elif key == "\x1b":
            entry = ""
        elif key == "\x04":
            if not entry:
                return
        elif key == curses.KEY_UP:
            selected = max(selected - 1, 0)
        elif key == curses.KEY_DOWN:
            selected = min(selected + 1, max(len(listed_moves(session.game)) - 1, 0))
        elif key == curses.KEY_MOUSE:
            try:
                _, x, y, _, _ = curses.getmouse()
            except curses.error:
                continue
            send = screen.hit(y, x)
        elif isinstance(key, str) and key.isprintable():
            entry += key
        if send is not None:
            if send.strip().lower() in ("h", "hint", "hs", "solver"):  # a hint may take a moment: say so first
                session.message = "looking for a hint…"
                _draw(window, layout(session, width, height, selected=selected), styles, curses)
            if not session.handle(send):
                return
            selected = 0
