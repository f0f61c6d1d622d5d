"""A fair player: moves chosen from what the player has seen, never from the hidden cards.

The solver knows every card; a player does not. What a player has seen at a position is a
function of the position itself: every face-up card (columns, foundations, waste, the reserve's
visible cards) and, from the second pass on, the whole stock in its order, since every stock card
was turned onto the waste in an earlier pass and came back with the waste in a known order (a
careful player remembers it). What is unseen is the reserve's face-down cards, the columns'
face-down cards (in variants that deal some) and, in the first pass, the stock not yet turned.

`choose` samples the unseen cards ``samples`` times, consistently with what has been seen (the
same cards, dealt to the same unseen places in a random order), solves each sample with a budget
of ``max_states`` positions, and plays the move that starts the winning lines of most samples,
each line tidied first (the moves it wins without dropped from its front: the solver's lines carry
moves that change nothing, and a vote on those played them); on a tie, or when no sample is won in
the budget, the simple policy's order decides (`canfield.policy.policy_moves`). The policy's own
move is played instead of turning the stock when as many won samples stay won after it as the
stock turn has votes, and
a move that puts back the game's previous move needs a clear lead (`UNDO_MARGIN`). The sampling is
seeded by the seen cards and the ``seed`` alone (a hash that reads no unseen card), and the solver
with a budget in positions is deterministic, so two positions the player cannot tell apart get
the same move. When nothing is unseen, the one true position is solved with the budget of all the
samples together. `play_out` plays a whole game this way, never back to a position it has seen
unless it must; `rate` rates a deal's difficulty by it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from collections.abc import Set as AbstractSet

import attrs

from ._native import Engine as NativeEngine
from .deals import CODE_SPACE, shuffled_deck
from .errors import CanfieldError
from .native import finish, native_engine, native_position
from .notation import Move
from .policy import policy_moves, preferred_move
from .position import Position
from .rules import Rules
from .solver import solve_position

#: The default number of samples of the unseen cards per move.
SAMPLES = 16
#: The default budget of each sample's search, in positions.
MAX_STATES = 20_000
#: The most moves `play_out` plays before it stops a game as lost.
MAX_MOVES = 2000
#: `play_out` stops a game as lost when this many moves in a row bring no new best progress
#: (cards on the foundations plus cards gone from the reserve): the player is going round.
STALL = 200


def _whole(name: str, value: object, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise CanfieldError(f"{name} is an int >= {lo}, not {value!r}")
    return value


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise CanfieldError(f"{name} is True or False, not {value!r}")
    return value


@attrs.frozen
class Settings:
    """The fair player's settings: ``samples`` of the unseen cards per move, each searched for at
    most ``max_states`` positions, drawn from the random stream of ``seed``."""

    samples: int = attrs.field(default=SAMPLES, validator=lambda _i, _a, v: _whole("samples", v, 1))
    max_states: int = attrs.field(default=MAX_STATES, validator=lambda _i, _a, v: _whole("max_states", v, 1))
    seed: int = attrs.field(default=0, validator=lambda _i, _a, v: _whole("seed", v, 0))
    #: Vote on each winning line's first needed move (moves the line can do without dropped first)
    #: and break ties by the simple policy's order; False: the first move of each line as the
    #: solver found it, the method before (kept to measure one against the other).
    tidy: bool = attrs.field(default=True, validator=lambda _i, _a, v: _flag("tidy", v))

    def text(self) -> str:
        """The settings in a few words, for reports and pages."""
        untidy = "" if self.tidy else ", untidy lines"
        return f"{self.samples} samples of {self.max_states:,} positions, seed {self.seed}{untidy}"


@attrs.frozen
class Choice:
    """The fair player's move and what it rests on.

    ``move`` (None when there is no legal move); ``samples``: the samples searched (0 when the
    move was the only legal one, 1 when nothing was unseen); ``won``: the samples in which the
    solver found a win; ``votes``: the samples whose winning line, tidied, starts with ``move``;
    ``source``: ``"samples"`` (the move most winning lines start with), ``"policy"`` (no winning
    line starts with a move it may play: the simple policy's order chose) or ``"only"`` (the one legal
    move).
    """

    move: Move | None
    samples: int
    won: int
    votes: int
    source: str
    #: With nothing unseen, the solver's whole winning line from here (its first move is ``move``).
    line: tuple[Move, ...] = ()

    @property
    def share(self) -> float | None:
        """The share of the samples won (None when none was searched)."""
        return self.won / self.samples if self.samples else None


def unseen_places(rules: Rules, position: Position) -> tuple[int, bool]:
    """What the player has not seen at ``position``, besides face-down column cards (the
    position's ``face_down``): how many of the reserve's bottom cards are face down, and whether
    the stock is unseen (the first pass, before any recycle)."""
    hidden = max(0, len(position.reserve) - rules.reserve_visible)
    return hidden, position.recycles == 0 and bool(position.stock)


def _more_hidden(rules: Rules, position: Position) -> list[int]:
    """How many bottom cards of each reserve pile past the first are face down (several piles)."""
    return [max(0, len(p) - rules.reserve_visible) for p in position.more_reserves]


def _more_unseen(rules: Rules, position: Position) -> list[int]:
    """The face-down cards of the reserve piles past the first, pile by pile, bottom to top."""
    return [c for p, h in zip(position.more_reserves, _more_hidden(rules, position), strict=True) for c in p[:h]]


def _column_unseen(position: Position) -> list[int]:
    """The face-down column cards, column by column, bottom to top."""
    return [card for i, col in enumerate(position.columns) for p, card in enumerate(col) if position.is_face_down(i, p)]


def unseen_cards(rules: Rules, position: Position) -> list[int]:
    """The cards the player has not seen at ``position`` (face-down reserve and column cards, the
    stock in the first pass), in ascending order (copies repeated)."""
    hidden, stock = unseen_places(rules, position)
    return sorted(
        [
            *position.reserve[:hidden],
            *_more_unseen(rules, position),
            *_column_unseen(position),
            *(position.stock if stock else ()),
        ]
    )


def seen_text(rules: Rules, position: Position) -> str:
    """Everything the player has seen at ``position`` and the rules, as one line of text: the key
    of the sampling's seed (the unseen cards are only counted)."""
    hidden, stock = unseen_places(rules, position)
    p = position
    shown = ("?",) * hidden + tuple(map(str, p.reserve[hidden:]))
    for pile, h in zip(p.more_reserves, _more_hidden(rules, p), strict=True):
        shown += ("/",) + ("?",) * h + tuple(map(str, pile[h:]))
    columns = [
        " ".join("?" if p.is_face_down(i, k) else str(card) for k, card in enumerate(col))
        for i, col in enumerate(p.columns)
    ]
    stock_text = f"{len(p.stock)} unseen" if stock else " ".join(map(str, p.stock))
    return "|".join(
        (
            rules.variant.id,
            repr(sorted(rules.options().items())),
            " ".join(shown),
            "?" if p.base_open else str(p.start),
            repr(p.foundation_piles or p.foundations),  # a layout's piles, where the rules have one
            "/".join(columns),
            stock_text,
            " ".join(map(str, p.waste)),
            str(p.recycles),
        )
    )


def _stream(rules: Rules, position: Position, settings: Settings) -> random.Random:
    """The sampling's random stream: seeded by what has been seen and the settings alone."""
    key = f"{seen_text(rules, position)}|{settings.samples}|{settings.max_states}|{settings.seed}"
    return random.Random(int.from_bytes(hashlib.blake2b(key.encode(), digest_size=16).digest(), "big"))


def samples(rules: Rules, position: Position, count: int, rng: random.Random) -> Iterable[Position]:
    """``count`` positions the player cannot tell from ``position``: its unseen cards dealt again,
    at random from ``rng``, to the same unseen places."""
    hidden, stock = unseen_places(rules, position)
    cards = unseen_cards(rules, position)
    more = _more_hidden(rules, position)
    down = len(_column_unseen(position)) + sum(more)
    for _ in range(count):
        rng.shuffle(cards)
        reserve = (*cards[:hidden], *position.reserve[hidden:])
        dealt = iter(cards[hidden : hidden + down])
        more_reserves = [
            (*(next(dealt) for _ in range(h)), *pile[h:]) for pile, h in zip(position.more_reserves, more, strict=True)
        ]
        columns = [
            tuple(next(dealt) if position.is_face_down(i, k) else card for k, card in enumerate(col))
            for i, col in enumerate(position.columns)
        ]
        rest = cards[hidden + down :] if stock else position.stock
        yield attrs.evolve(position, reserve=reserve, columns=columns, stock=rest, more_reserves=more_reserves)


def choose(
    rules: Rules,
    position: Position,
    settings: Settings | None = None,
    *,
    avoid: AbstractSet[str] = frozenset(),
    previous: Move | None = None,
) -> Choice:
    """The fair player's move at ``position`` under ``rules`` (see the module's docs).

    ``avoid`` holds what the player saw at earlier positions of the game (`seen_text`): a move
    back to one of them is played only when every move leads back (or when it starts a winning
    line with nothing unseen), so the player does not go round in circles, a card taken down from
    a foundation and put straight back up, say. ``previous`` is the game's last move but stock
    turns: a move that puts its cards back is played only when the samples prefer it clearly
    (`UNDO_MARGIN`), since the stock cards turned since seldom make undoing worth a move.
    """
    settings = settings or Settings()
    engine = native_engine(rules, position)
    legal = [Move.from_int(m) for m in engine.moves()]
    if not legal:
        return Choice(None, 0, 0, 0, "only")
    if len(legal) == 1:
        return Choice(legal[0], 0, 0, 0, "only")
    allowed = [m for m in legal if _after(rules, engine, m) not in avoid] if avoid else legal
    allowed = allowed or legal
    if not unseen_cards(rules, position):
        found = solve_position(rules, position, max_states=settings.samples * settings.max_states)
        if found.verdict == "won" and found.line:
            return Choice(found.line[0], 1, 1, 1, "samples", found.line)
        return Choice(_fallback(rules, position, allowed), 1, 0, 0, "policy")
    rng = _stream(rules, position, settings)
    wins = dict.fromkeys(allowed, 0)
    won = 0
    starts: list[tuple[Position, Move]] = []  # each won sample and its tidied line's first move
    for sample in samples(rules, position, settings.samples, rng):
        found = solve_position(rules, sample, max_states=settings.max_states)
        if found.verdict == "won" and found.line:
            won += 1
            line = _tidy(rules, sample, found.line) if settings.tidy else found.line
            starts.append((sample, line[0]))
            if line[0] in wins:
                wins[line[0]] += 1
    if not settings.tidy:
        return _untidy_choice(rules, position, settings, allowed, wins, won)
    # Most votes; on a tie the simple policy's order, then the legal moves' order; a move no line
    # votes for only when no allowed move has a vote. The policy's own move instead of turning the
    # stock, when the samples won after it are as many as the stock turn's votes: the solver tries
    # the stock first, and a tidied line cannot drop a stock turn (the cards after it would move).
    order = _preference(rules, position, allowed)
    back = [m for m in allowed if previous is not None and _puts_back(previous, m)]
    others = [m for m in allowed if m not in back]
    if back and others:  # an undo only with a clear lead over every other move
        lead = max(wins[m] for m in others) + max(1, round(UNDO_MARGIN * settings.samples))
        others += [m for m in back if wins[m] >= lead]
    candidates = others or allowed
    best = max(candidates, key=lambda m: (wins[m], -order[m]))
    policy = min(candidates, key=order.__getitem__)
    if best.is_stock and policy is not best and policy in policy_moves(rules, position):
        kept = _kept(rules, settings, starts, policy, wins[best])
        if kept >= wins[best]:  # the policy's move loses no sample the best move's lines win
            return Choice(policy, settings.samples, won, kept, "samples")
    return Choice(best, settings.samples, won, wins[best], "samples" if wins[best] else "policy")


def _kept(rules: Rules, settings: Settings, starts: list[tuple[Position, Move]], move: Move, need: int) -> int:
    """How many of the won samples are still won after ``move``: those whose line starts with it,
    and those the solver wins again after it (within the budget); it stops counting at ``need``,
    or as soon as ``need`` is out of reach."""
    kept = sum(first is move for _, first in starts)
    left = len(starts) - kept
    for sample, first in starts:
        if kept >= need or kept + left < need:
            break
        if first is move:
            continue
        left -= 1
        engine = native_engine(rules, sample)
        engine.make(move.code)
        if rules.auto_finish:
            finish(engine)
        kept += (
            engine.is_won()
            or solve_position(rules, native_position(engine), max_states=settings.max_states).verdict == "won"
        )
    return kept


def _untidy_choice(
    rules: Rules, position: Position, settings: Settings, allowed: list[Move], wins: dict[Move, int], won: int
) -> Choice:
    """The choice of the method before (``Settings.tidy`` False), from the votes of the lines' first moves."""
    policy = _fallback(rules, position, allowed)
    if not any(wins.values()):
        return Choice(policy, settings.samples, won, 0, "policy")
    order = {m: i for i, m in enumerate(allowed)}
    best = max(allowed, key=lambda m: (wins[m], m is policy, -order[m]))
    return Choice(best, settings.samples, won, wins[best], "samples")


def _preference(rules: Rules, position: Position, allowed: list[Move]) -> dict[Move, int]:
    """Each allowed move's rank for breaking ties, 0 the best: the simple policy's moves in its
    order, then the other moves but take-backs from a foundation, then those, each in the legal
    moves' order."""
    ranked = [m for m in policy_moves(rules, position) if m in allowed]
    rest = [m for m in allowed if m not in ranked]
    ranked += [m for m in rest if not m.from_foundation] + [m for m in rest if m.from_foundation]
    return {m: i for i, m in enumerate(ranked)}


#: A move that puts back the game's previous move needs this share of the samples more votes
#: than every other move.
UNDO_MARGIN = 0.25
#: How many shorter lines `_tidy` tries, at most, on one winning line.
TIDY_TRIES = 24


def _tidy(rules: Rules, position: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """``line``, a winning line from ``position``, with the first moves it does not need dropped.

    The solver stops at the first win it finds, so its lines carry moves that change nothing, a
    card moved to another column and later back, a card taken down from a foundation and later
    put back up. While the line without its first move, or without its first move and a later
    move that puts back what that one moved, still wins from ``position``, it is cut so (at most
    `TIDY_TRIES` tries): the line's first move is then one it needs, the move worth a vote.
    """
    tries = 0
    while len(line) > 1 and tries < TIDY_TRIES:
        first = line[0]
        shorter = [line[1:]]
        shorter += [line[1:k] + line[k + 1 :] for k in range(1, len(line)) if _puts_back(first, line[k])][:3]
        for candidate in shorter:
            tries += 1
            if _wins(rules, position, candidate):
                line = candidate
                break
            if tries >= TIDY_TRIES:
                break
        else:
            break
    return line


def _puts_back(move: Move, later: Move) -> bool:
    """Whether ``later`` may put back the cards ``move`` moved: from column to column and back, a
    foundation's card down to a column and up again from it, or up from a column and down to it."""
    if move.from_column and move.to_column:
        return later.from_column and later.to_column and (later.source, later.target) == (move.target, move.source)
    if move.from_foundation and move.to_column:
        return later.to_foundation and later.source == move.target
    if move.from_column and move.to_foundation:
        return later.from_foundation and later.target == move.source
    return False


def _wins(rules: Rules, position: Position, line: tuple[Move, ...]) -> bool:
    """Whether ``line`` is legal from ``position`` and wins, played as a game plays it."""
    engine = native_engine(rules, position)
    for move in line:
        if engine.is_won():
            return True
        if move.code not in engine.moves():
            return False
        engine.make(move.code)
        if rules.auto_finish:
            finish(engine)
    return bool(engine.is_won())


def _after(rules: Rules, engine: NativeEngine, move: Move) -> str:
    """What the player sees after ``move`` on ``engine`` (played and taken back)."""
    engine.make(move.code)
    made = 1 + (len(finish(engine)) if rules.auto_finish else 0)
    try:
        return seen_text(rules, native_position(engine))
    finally:
        for _ in range(made):
            engine.unmake()


def _fallback(rules: Rules, position: Position, allowed: list[Move]) -> Move:
    """The simple policy's move when it is allowed, else the first allowed move (never None)."""
    preferred = preferred_move(rules, position)
    return preferred if preferred in allowed else allowed[0]


@attrs.frozen
class Playout:
    """A whole game the fair player played: ``won``, the ``moves`` it chose, and why it stopped
    (``"won"``; ``"lost"``: no move is left but turning the stock to no end; ``"cycle"``: a
    position came back, and the player, whose move depends on the position alone, would go round
    for ever; ``"stalled"``: `STALL` moves in a row made no new best progress; ``"max_moves"``)."""

    won: bool
    moves: tuple[Move, ...]
    end: str


#: The players `play_out` plays with: the fair player, or the simple policy of `canfield.policy`.
PLAYERS = ("fair", "policy")


def play_out(
    rules: Rules,
    position: Position,
    settings: Settings | None = None,
    *,
    max_moves: int = MAX_MOVES,
    player: str = "fair",
) -> Playout:
    """Play the fair player's moves (or with ``player="policy"`` the simple policy's) from
    ``position`` to the end of the game.

    The rules' automatic finish is played after each move, as a game plays it. Once nothing is
    unseen, a winning line the solver finds is followed to the end without searching again.
    """
    settings = settings or Settings()
    _whole("max_moves", max_moves, 0)
    if player not in PLAYERS:
        raise CanfieldError(f"player is one of {', '.join(map(repr, PLAYERS))}, not {player!r}")
    engine = native_engine(rules, position)
    auto = rules.auto_finish
    played: list[Move] = []
    seen: set[Position] = set()
    earlier: set[str] = set()
    plan: dict[Position, Move] = {}
    here = position
    # The progress to beat starts at the start's own: it is negative while reserve cards outnumber
    # the cards up, and a start of -1 counted no progress at all in such games until then.
    best, best_at = _progress(position), 0
    while True:
        if engine.is_won():
            return Playout(True, tuple(played), "won")
        if engine.is_lost():
            return Playout(False, tuple(played), "lost")
        if here in seen:
            return Playout(False, tuple(played), "cycle")
        if len(played) >= max_moves:
            return Playout(False, tuple(played), "max_moves")
        progress = _progress(here)
        if progress > best:
            best, best_at = progress, len(played)
        elif len(played) - best_at >= STALL and here not in plan:  # a solver's winning line is followed
            return Playout(False, tuple(played), "stalled")
        seen.add(here)
        earlier.add(seen_text(rules, here))
        move = plan.get(here)
        if player == "policy":
            move = preferred_move(rules, here)
            if move is None:
                return Playout(False, tuple(played), "lost")
        elif move is None:
            previous = next((m for m in reversed(played) if not m.is_stock), None)
            choice = choose(rules, here, settings, avoid=earlier, previous=previous)
            if choice.move is None:
                return Playout(False, tuple(played), "lost")
            move = choice.move
            if choice.line:  # nothing unseen: the rest of the solver's line is followed as it is
                plan = _plan(rules, here, choice.line)
        engine.make(move.code)
        if auto:
            finish(engine)
        played.append(move)
        here = native_position(engine)


def _progress(position: Position) -> int:
    """A game's progress, for `STALL`: cards on the foundations less cards left in the reserve."""
    return position.cards_up - sum(map(len, position.reserves))


def _plan(rules: Rules, position: Position, line: tuple[Move, ...]) -> dict[Position, Move]:
    """Each move of ``line`` by the position before it, played from ``position`` as a game plays it."""
    engine = native_engine(rules, position)
    plan: dict[Position, Move] = {}
    for move in line:
        plan[native_position(engine)] = move
        engine.make(move.code)
        if rules.auto_finish:
            finish(engine)
    return plan


def play_deal(rules: Rules, number: int, settings: Settings | None = None) -> Playout:
    """`play_out` from the start of deal ``number`` (a deal code's number) under ``rules``."""
    return play_out(rules, rules.deal(shuffled_deck(number, rules.decks)), settings)


# -- difficulty: how hard a deal is for a player who sees what a player sees ------------------------

#: The difficulty levels, easiest first.
LEVELS = ("easy", "medium", "hard")
#: The fair player that rates a deal: small settings (a rating plays the deal once per seed).
RATING = Settings(samples=6, max_states=3000)
#: The seeds a rating plays the deal with.
RATING_SEEDS = 3
#: The solver's budget, in positions, for a deal the fair player never won: a hard deal is a
#: deal the solver proves winnable.
RATING_SOLVER_STATES = 200_000
#: How many deals `deal_of_difficulty` rates before it gives up.
DIFFICULTY_TRIES = 200


@attrs.frozen
class Rating:
    """How hard a deal is for a fair player: ``level`` (one of `LEVELS`, or None when neither the
    fair player nor the solver won it), the fair player's ``wins`` in the ``seeds`` games of it
    played (a medium deal stops at its first win after a loss or loss after a win), and the
    solver's verdict when the fair player never won (else None)."""

    level: str | None
    wins: int
    seeds: int
    solver: str | None = None


def rate(rules: Rules, position: Position) -> Rating:
    """The difficulty of the game from ``position``: the fair player (`RATING`) plays it once with
    each of `RATING_SEEDS` seeds; ``easy`` when it wins every time, ``medium`` when it wins some
    of the time, ``hard`` when it never wins but the solver proves the deal winnable (within
    `RATING_SOLVER_STATES` positions), and None when neither wins it. The same deal always gets
    the same rating."""
    wins = played = 0
    for seed in range(RATING_SEEDS):
        wins += play_out(rules, position, attrs.evolve(RATING, seed=seed)).won
        played += 1
        if 0 < wins < played:  # won and lost: medium whatever the other seeds give
            return Rating("medium", wins, played)
    if wins == RATING_SEEDS:
        return Rating("easy", wins, RATING_SEEDS)
    verdict = solve_position(rules, position, max_states=RATING_SOLVER_STATES).verdict
    return Rating("hard" if verdict == "won" else None, 0, RATING_SEEDS, verdict)


def rate_deal(rules: Rules, number: int) -> Rating:
    """`rate` for deal ``number`` (a deal code's number) under ``rules``."""
    return rate(rules, rules.deal(shuffled_deck(number, rules.decks)))


def deal_of_difficulty(rules: Rules, level: str, rng: random.Random | None = None) -> int:
    """The number of a random deal rated ``level`` (see `rate`), drawn with ``rng`` (the ``random``
    module's own when None); raises `CanfieldError` after `DIFFICULTY_TRIES` deals."""
    if level not in LEVELS:
        raise CanfieldError(f"difficulty is one of {', '.join(map(repr, LEVELS))}, not {level!r}")
    draw = rng.randrange if rng is not None else random.randrange
    for _ in range(DIFFICULTY_TRIES):
        number = draw(CODE_SPACE)
        if rate_deal(rules, number).level == level:
            return number
    raise CanfieldError(f"no deal of {rules.variant.id!r} rated {level!r} in {DIFFICULTY_TRIES} tries")
