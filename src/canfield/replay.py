"""A saved game as one web page that steps through it, each position drawn by `canfield.svg`.

The page is self-contained (no network, no files beside it): buttons and the arrow keys step
through the positions, a slider and the move list jump to any of them. Each card's picture is in
the page once (`shared_cards`): the frames place it with ``<use>``, so a page of 200 moves stays
small.
"""

from __future__ import annotations

import json
import re
from html import escape

from .game import Game
from .svg import board_svg
from .terminal import describe_move


def start_of(game: Game) -> Game:
    """A new game at the start of ``game``'s line: its deal (and code), or the position it began from."""
    if game.started_from_deal and game.deal is not None:
        start = Game.from_deal(list(game.deal), game.variant, **game.options())
        start.code = game.code
        return start
    return Game.from_position(game.start_position_string())


def frames(game: Game) -> list[tuple[str, str, str]]:
    """``(label, caption, svg)`` for the start of ``game``'s line and after each of its moves."""
    replay = start_of(game)
    out = [("start", "the start", board_svg(replay))]
    line = game.line
    for i, move in enumerate(line, 1):
        what = describe_move(replay, move)
        replay.play(move)
        out.append((move.text, f"move {i} of {len(line)}: {move.text}, {what}", board_svg(replay)))
    return out


#: A card or a card back as `canfield.svg` draws it: its kind and name, where it goes, and its picture.
_PICTURE = re.compile(
    r'<g class="(?P<kind>card|back)"(?: data-card="(?P<name>[^"]+)")? '
    r'transform="translate\((?P<x>[^,)]+),(?P<y>[^)]+)\)">(?P<body>.*?)</g>'
)


def shared_cards(svgs: list[str]) -> tuple[str, list[str]]:
    """The card pictures of ``svgs`` defined once, and the pictures that place them with ``<use>``.

    Returns the definitions (an invisible SVG to put in the page before the pictures) and each
    picture with every card and card back replaced by a ``<use>`` of its definition at the same
    place; a browser draws the two alike (see `expand`).
    """
    bodies: dict[str, str] = {}

    def use(m: re.Match[str]) -> str:
        ref = f"c-{m['name']}" if m["kind"] == "card" else "back"
        if bodies.setdefault(ref, m["body"]) != m["body"]:
            raise ValueError(f"two pictures of {ref} differ")  # never: a card is drawn one way
        return f'<use href="#{ref}" x="{m["x"]}" y="{m["y"]}"/>'

    placed = [_PICTURE.sub(use, svg) for svg in svgs]
    defs = "".join(
        f'<g id="{ref}" class="{"back" if ref == "back" else "card"}"'
        + (f' data-card="{ref[2:]}"' if ref != "back" else "")
        + f">{body}</g>"
        for ref, body in sorted(bodies.items())
    )
    hidden = f'<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{defs}</defs></svg>'
    return hidden, placed


_USE = re.compile(r'<use href="#(?P<ref>[^"]+)" x="(?P<x>[^"]+)" y="(?P<y>[^"]+)"/>')
_DEF = re.compile(r'<g id="(?P<ref>[^"]+)" class="(?P<kind>[^"]+)"(?: data-card="[^"]+")?>(?P<body>.*?)</g>')


def expand(definitions: str, svg: str) -> str:
    """A picture of `shared_cards` with each ``<use>`` replaced by the card it places: the picture
    `canfield.svg` drew, character for character."""
    bodies = {m["ref"]: (m["kind"], m["body"]) for m in _DEF.finditer(definitions)}

    def card(m: re.Match[str]) -> str:
        kind, body = bodies[m["ref"]]
        name = f' data-card="{m["ref"][2:]}"' if kind == "card" else ""
        return f'<g class="{kind}"{name} transform="translate({m["x"]},{m["y"]})">{body}</g>'

    return _USE.sub(card, svg)


_STYLE = """
body { font-family: DejaVu Sans, system-ui, sans-serif; margin: 1rem; background: #f5f5f0; color: #1d1d1d; }
h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
.controls { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .5rem 0; }
button { font-size: 1rem; padding: .25rem .7rem; cursor: pointer; }
input[type=range] { flex: 1 1 12rem; }
#caption { min-height: 1.4em; margin: .3rem 0 .6rem; }
#board svg { display: block; width: 100%; max-width: 900px; height: auto; }
#moves { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .2rem; max-width: 900px; }
#moves button { font: .85rem monospace; padding: .1rem .35rem; }
#moves button[aria-current=true] { background: #2d6a41; color: #fff; }
"""

_SCRIPT = """
const frames = JSON.parse(document.getElementById("frames").textContent);
const board = document.getElementById("board");
const caption = document.getElementById("caption");
const slider = document.getElementById("slider");
const counter = document.getElementById("counter");
const moves = document.querySelectorAll("#moves button");
let at = 0;
function show(i) {
  at = Math.max(0, Math.min(frames.length - 1, i));
  board.innerHTML = frames[at][1];
  caption.textContent = frames[at][0];
  slider.value = String(at);
  counter.textContent = at + " / " + (frames.length - 1);
  moves.forEach((b, j) => b.setAttribute("aria-current", String(j === at)));
}
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => show(at - 1));
document.getElementById("next").addEventListener("click", () => show(at + 1));
document.getElementById("last").addEventListener("click", () => show(frames.length - 1));
slider.addEventListener("input", () => show(Number(slider.value)));
moves.forEach((b, j) => b.addEventListener("click", () => show(j)));
document.addEventListener("keydown", (e) => {
  if (e.target === slider) return;
  const step = {ArrowRight: 1, ArrowLeft: -1}[e.key];
  if (step) { show(at + step); e.preventDefault(); }
  else if (e.key === "Home") { show(0); e.preventDefault(); }
  else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
});
show(0);
"""


def replay_html(game: Game, *, title: str | None = None) -> str:
    """The page that steps through ``game``'s line from its start, as HTML text."""
    shots = frames(game)
    name = title or (f"{game.rules.variant.name}, deal {game.code}" if game.code else game.rules.variant.name)
    definitions, pictures = shared_cards([svg for _, _, svg in shots])
    data = json.dumps(
        [[caption, svg] for (_, caption, _), svg in zip(shots, pictures, strict=True)], ensure_ascii=False
    ).replace("</", "<\\/")
    move_buttons = "".join(
        f'<li><button type="button" title="{escape(caption)}">{escape(label)}</button></li>'
        for label, caption, _ in shots
    )
    last = len(shots) - 1
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(name)}: replay</title>
<style>{_STYLE}</style>
</head>
<body>
{definitions}
<h1>{escape(name)}</h1>
<div class="controls">
<button type="button" id="first" title="the start (Home)">◀◀ start</button>
<button type="button" id="prev" title="the previous move (←)">◀ back</button>
<button type="button" id="next" title="the next move (→)">next ▶</button>
<button type="button" id="last" title="the end (End)">end ▶▶</button>
<input type="range" id="slider" min="0" max="{last}" value="0" aria-label="position">
<span id="counter"></span>
</div>
<p id="caption"></p>
<div id="board"></div>
<ol id="moves">{move_buttons}</ol>
<script type="application/json" id="frames">{data}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""
