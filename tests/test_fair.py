"""The fair player: it decides from what the player has seen, the same way every time, legally."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

import canfield
from canfield import fair
from canfield.errors import CanfieldError
from canfield.policy import preferred_move
from canfield.position import Position
from canfield.rules import Rules

from .strategies import variant_ids

#: Small settings, so the tests search little; the properties hold for any settings.
QUICK = fair.Settings(samples=4, max_states=300)


def positions(variant: str, count: int, seed: int) -> Iterator[tuple[Rules, Position]]:
    """``count`` positions of ``variant``: deals played on by a few random legal moves (the stock
    turned more often than not, so some positions are in a later pass)."""
    rng = random.Random(seed)
    for _ in range(count):
        game = canfield.Game.random(variant, rng)
        for _ in range(rng.randrange(0, 40)):
            moves = game.legal_moves()
            if not moves or game.is_won():
                break
            stock = [m for m in moves if m.is_stock]
            game.play(stock[0] if stock and rng.random() < 0.3 else rng.choice(moves))
        yield game.rules, game.position


def swap(cards: tuple[int, ...], i: int, j: int) -> tuple[int, ...]:
    out = list(cards)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def unseen_swaps(rules: Rules, p: Position, rng: random.Random) -> Iterator[Position]:
    """Positions the player cannot tell from ``p``: two different face-down reserve cards swapped,
    two different unseen stock cards swapped, two face-down column cards swapped, when there are
    such cards."""
    hidden, stock = fair.unseen_places(rules, p)
    pairs = [(i, j) for i in range(hidden) for j in range(i + 1, hidden) if p.reserve[i] != p.reserve[j]]
    if pairs:
        i, j = rng.choice(pairs)
        yield attrs.evolve(p, reserve=swap(p.reserve, i, j))
    if stock:
        pairs = [(i, j) for i in range(len(p.stock)) for j in range(i + 1, len(p.stock)) if p.stock[i] != p.stock[j]]
        if pairs:
            i, j = rng.choice(pairs)
            yield attrs.evolve(p, stock=swap(p.stock, i, j))
    down = [(i, k) for i, col in enumerate(p.columns) for k in range(len(col)) if p.is_face_down(i, k)]
    pairs = [(a, b) for a in down for b in down if a < b and p.columns[a[0]][a[1]] != p.columns[b[0]][b[1]]]
    if pairs:  # two face-down column cards swapped
        (i, k), (j, m) = rng.choice(pairs)
        cols = [list(c) for c in p.columns]
        cols[i][k], cols[j][m] = cols[j][m], cols[i][k]
        yield attrs.evolve(p, columns=cols)
    if hidden and stock:  # a face-down reserve card and an unseen stock card traded
        i, j = rng.randrange(hidden), rng.randrange(len(p.stock))
        if p.reserve[i] != p.stock[j]:
            reserve, st = list(p.reserve), list(p.stock)
            reserve[i], st[j] = st[j], reserve[i]
            yield attrs.evolve(p, reserve=reserve, stock=st)


@pytest.mark.parametrize("variant", variant_ids())
def test_positions_that_differ_only_in_unseen_cards_get_the_same_fair_move(variant: str) -> None:
    rng = random.Random(variant)
    pairs = 0
    for rules, p in positions(variant, 20, seed=len(variant)):
        for q in unseen_swaps(rules, p, rng):
            assert q != p and fair.seen_text(rules, q) == fair.seen_text(rules, p)
            canfield.Game(rules, q)  # a position of these rules all the same
            assert fair.choose(rules, q, QUICK) == fair.choose(rules, p, QUICK)
            pairs += 1
    # Every variant has unseen cards to swap in most positions; where every reserve and column card
    # is face up (Lafayette), only the stock of the first pass is unseen, in fewer of them.
    spec = canfield.get_variant(variant).spec
    all_face_up = spec.reserve_visible == "all" and "d" not in spec.column_deal
    assert pairs >= (5 if all_face_up else 8)


@pytest.mark.parametrize("variant", variant_ids())
def test_the_simple_policy_decides_from_what_a_player_sees(variant: str) -> None:
    # The fair player falls back on the policy: a policy that looked under a face-down card (to see
    # whether the card it uncovers goes up) would leak it into the fair player's moves.
    rng = random.Random(variant)
    pairs = 0
    for rules, p in positions(variant, 60, seed=len(variant) + 1):
        for q in unseen_swaps(rules, p, rng):
            assert preferred_move(rules, q) == preferred_move(rules, p), (p, q)
            pairs += 1
    assert pairs >= 20


def test_swapping_seen_cards_is_seen() -> None:
    """The other side of fairness: a change the player can see changes what the player has seen."""
    game = canfield.Game.from_code("CF1-D3-AAAAAAB")
    game.play("s")
    game.play("s")
    p = game.position
    r = game.rules
    assert fair.seen_text(r, attrs.evolve(p, waste=swap(p.waste, 0, -1))) != fair.seen_text(r, p)
    top = len(p.reserve) - 1
    assert fair.seen_text(r, attrs.evolve(p, reserve=swap(p.reserve, 0, top))) != fair.seen_text(r, p)


def test_the_stock_is_unseen_only_in_the_first_pass() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAC")
    rules = game.rules
    hidden, stock = fair.unseen_places(rules, game.position)
    assert (hidden, stock) == (12, True)
    assert Counter(fair.unseen_cards(rules, game.position)) == Counter(game.position.reserve[:12] + game.position.stock)
    while game.position.recycles == 0:
        game.play("s")
    assert fair.unseen_places(rules, game.position) == (12, False)
    assert fair.unseen_cards(rules, game.position) == sorted(game.position.reserve[:12])
    superior = canfield.Game.from_code("CF1-D3-AAAAAAC", "superior")
    assert fair.unseen_places(superior.rules, superior.position)[0] == 0  # its reserve is face up


@pytest.mark.parametrize("variant", variant_ids())
def test_samples_keep_every_seen_card_and_deal_the_unseen_ones_again(variant: str) -> None:
    for rules, p in positions(variant, 3, seed=7):
        unseen = Counter(fair.unseen_cards(rules, p))
        for s in fair.samples(rules, p, 5, random.Random(1)):
            assert fair.seen_text(rules, s) == fair.seen_text(rules, p)
            assert Counter(fair.unseen_cards(rules, s)) == unseen
            canfield.Game(rules, s)


def test_the_same_position_and_seed_give_the_same_move_and_other_seeds_other_samples() -> None:
    for rules, p in positions("canfield", 10, seed=3):
        first = fair.choose(rules, p, QUICK)
        assert fair.choose(rules, p, QUICK) == first
        game = canfield.Game(rules, p)
        assert first.move is None or first.move in game.legal_moves()
    rules, p = next(positions("canfield", 1, seed=4))
    drawn = {
        tuple(s.stock)
        for seed in range(5)
        for s in fair.samples(rules, p, 1, fair._stream(rules, p, attrs.evolve(QUICK, seed=seed)))
    }
    assert len(drawn) == 5


@pytest.mark.parametrize("variant", variant_ids())
def test_the_fair_player_plays_legal_moves_to_the_end_of_a_game(variant: str) -> None:
    game = canfield.Game.from_code(canfield.make_code(11, canfield.Game.random(variant).rules.first_draw), variant)
    result = fair.play_out(game.rules, game.position, QUICK, max_moves=400)
    for move in result.moves:
        game.play(move)  # raises on an illegal move
    assert result.won == game.is_won() == (result.end == "won")
    if result.end == "lost":
        assert game.is_lost() or not game.legal_moves()
    assert result.end in ("won", "lost", "cycle", "stalled", "max_moves")
    assert len(result.moves) <= 400


def test_a_won_game_is_found_when_every_card_is_known() -> None:
    """With nothing unseen the fair player is the solver: it follows a winning line to the win."""
    from .positions import position

    text = position(reserve="", foundations="K:H12.S12.D12.C12", columns="QH/QS/QD/QC", stock="")
    game = canfield.Game.from_position(text)
    assert fair.unseen_cards(game.rules, game.position) == []
    choice = fair.choose(game.rules, game.position, QUICK)
    assert choice.source == "samples" and choice.share == 1.0 and choice.line
    assert fair.play_out(game.rules, game.position, QUICK).won


def test_bad_settings_are_refused() -> None:
    for bad in ({"samples": 0}, {"max_states": -1}, {"seed": 1.5}, {"samples": True}):
        with pytest.raises(CanfieldError, match=next(iter(bad))):
            fair.Settings(**bad)  # type: ignore[arg-type]


def test_a_fair_hint_is_the_fair_players_move_and_says_how_sure_it_is() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAD")
    hint = game.hint(fair=True, samples=6, max_states=500, seed=2)
    choice = fair.choose(game.rules, game.position, fair.Settings(6, 500, 2))
    assert (hint.source, hint.move, hint.share, hint.samples) == ("fair", choice.move, choice.share, 6)
    assert hint.verdict is None and game.line == []
    # the same hint for a game the player cannot tell apart: two face-down reserve cards swapped
    p = game.position
    other = canfield.Game(game.rules, attrs.evolve(p, reserve=swap(p.reserve, 0, 5)))
    assert other.hint(fair=True, samples=6, max_states=500, seed=2) == hint
    with pytest.raises(CanfieldError, match="samples"):
        game.hint(fair=True, samples=0)


# -- difficulty -----------------------------------------------------------------------------------


def test_a_deals_rating_is_the_same_every_time_and_says_what_its_games_gave() -> None:
    rules = canfield.Game.from_code("CF1-D3-AAAAAAA").rules
    for number in (2, 3, 11):  # easy, hard and medium
        rating = fair.rate_deal(rules, number)
        assert fair.rate_deal(rules, number) == rating
        position = rules.deal(canfield.shuffled_deck(number))
        wins = [fair.play_out(rules, position, attrs.evolve(fair.RATING, seed=s)).won for s in range(rating.seeds)]
        assert sum(wins) == rating.wins
        if rating.level == "easy":
            assert all(wins) and rating.seeds == fair.RATING_SEEDS
        elif rating.level == "medium":
            assert any(wins) and not all(wins)
        else:
            assert not any(wins) and rating.seeds == fair.RATING_SEEDS
            assert (rating.level == "hard") == (rating.solver == "won")


def test_a_random_deal_of_a_difficulty_is_rated_so_and_the_same_for_the_same_rng() -> None:
    game = canfield.Game.random("canfield", random.Random(1), difficulty="easy")
    assert canfield.Game.random("canfield", random.Random(1), difficulty="easy").code == game.code
    _, number = canfield.parse_code(game.code)
    assert fair.rate_deal(game.rules, number).level == "easy"
    with pytest.raises(CanfieldError, match="difficulty"):
        canfield.Game.random("canfield", difficulty="trivial")
    with pytest.raises(CanfieldError, match="not both"):
        canfield.Game.random("canfield", winnable=True, difficulty="easy")


def test_the_deal_command_deals_by_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    from canfield import cli

    assert cli.main(["deal", "--difficulty", "easy", "--seed", "1"]) == 0
    code = capsys.readouterr().out.strip()
    assert code == canfield.Game.random("canfield", random.Random(1), difficulty="easy").code


def test_the_fair_player_does_not_go_back_to_a_position_it_has_seen_unless_it_must() -> None:
    for rules, p in positions("canfield", 12, seed=5):
        engine = canfield.Game(rules, p).engine
        legal = [canfield.Move.from_int(m) for m in engine.moves()]
        after = {m: fair._after(rules, engine, m) for m in legal}
        first = fair.choose(rules, p, QUICK)
        if first.move is None or len(legal) == 1:
            continue
        avoid = {after[first.move]}
        second = fair.choose(rules, p, QUICK, avoid=avoid)
        assert second.move is not None and after[second.move] not in avoid
        everything = set(after.values())
        assert fair.choose(rules, p, QUICK, avoid=everything).move in legal  # every move leads back: one of them


def test_a_fair_hint_in_a_game_does_not_lead_back_to_where_the_game_has_been() -> None:
    from .positions import game as game_at

    # 8♣ can go from column 1 to column 2 and back: after it moved, the hint never moves it back.
    g = game_at(reserve="2D 3D", columns="9H 8C/9D/KS/KH", foundations="A:H1.S0.D0.C0")
    g.play("12")
    assert g.is_legal("21")
    start = fair.seen_text(g.rules, canfield.Game.from_position(g.start_position_string()).position)
    for seed in range(4):
        hint = g.hint(fair=True, samples=3, max_states=200, seed=seed)
        assert hint.move is not None and hint.move.text != "21"
        want = fair.choose(g.rules, g.position, fair.Settings(3, 200, seed), avoid={start})
        assert hint.move is want.move


def test_face_down_column_cards_are_unseen_and_dealt_again_in_samples() -> None:
    game = canfield.Game.from_code("CF1-D1-AAAAAAE", "minerva")
    p, rules = game.position, game.rules
    down = [p.columns[i][k] for i, col in enumerate(p.columns) for k in range(len(col)) if p.is_face_down(i, k)]
    assert down and Counter(down) <= Counter(fair.unseen_cards(rules, p))
    moved = 0
    for s in fair.samples(rules, p, 6, random.Random(3)):
        assert s.face_down == p.face_down and fair.seen_text(rules, s) == fair.seen_text(rules, p)
        moved += [
            s.columns[i][k] for i, col in enumerate(s.columns) for k in range(len(col)) if s.is_face_down(i, k)
        ] != down
    assert moved


# -- the vote: tidy lines, the policy's order on a tie --------------------------------------------


def _back_and_forth(rules: Rules, p: Position) -> tuple[canfield.Move, canfield.Move] | None:
    """A column-to-column move at ``p`` and the move straight after it that puts the cards back
    where they were (the same position again), when there is such a pair."""
    engine = canfield.Game(rules, p).engine
    before = engine.key()
    for m in map(canfield.Move.from_int, engine.moves()):
        if not (m.from_column and m.to_column):
            continue
        engine.make(m.code)
        back = [r for r in map(canfield.Move.from_int, engine.moves()) if fair._puts_back(m, r)]
        for r in back:
            engine.make(r.code)
            same = engine.key() == before
            engine.unmake()
            if same:
                engine.unmake()
                return m, r
        engine.unmake()
    return None


@pytest.mark.parametrize("variant", ["gate", "canfield"])
def test_tidying_a_winning_line_keeps_it_winning_and_drops_a_move_and_its_reverse(variant: str) -> None:
    padded = 0
    for rules, p in positions(variant, 40, seed=11):
        found = canfield.solver.solve_position(rules, p, max_states=20_000)
        if found.verdict != "won" or not found.line:
            continue
        line = tuple(found.line)
        tidied = fair._tidy(rules, p, line)
        assert fair._wins(rules, p, line) and fair._wins(rules, p, tidied)
        rest = iter(line)  # what is left keeps the line's order: moves are only dropped
        assert len(tidied) <= len(line) and all(any(m is n for n in rest) for m in tidied)
        pair = _back_and_forth(rules, p)
        if pair is not None:
            # a pointless move and its reverse in front of the line: tidying drops both of them
            assert fair._wins(rules, p, (*pair, *line))
            assert fair._tidy(rules, p, (*pair, *line)) == tidied
            padded += 1
    assert padded >= 3


def test_a_line_that_needs_its_first_move_keeps_it() -> None:
    from .positions import game as game_at

    # 8♣ must leave the 9♥ before 9♥ goes up: the line's first move is needed.
    g = game_at(reserve="", foundations="A:H8.S13.D13.C7", columns="9H 8C/10H JH QH KH/9C 10C/JC QC KC", stock="")
    found = canfield.solver.solve_position(g.rules, g.position, max_states=10_000)
    assert found.verdict == "won"
    tidied = fair._tidy(g.rules, g.position, tuple(found.line))
    assert tidied[0].source == "1" and fair._wins(g.rules, g.position, tidied)
    assert not fair._wins(g.rules, g.position, tidied[1:])


def test_when_no_sample_is_won_the_fair_player_plays_the_policys_order() -> None:
    blind = fair.Settings(samples=3, max_states=1)  # no search wins in one position
    checked = 0
    for variant in ("canfield", "gate", "two-deck-demon"):
        for rules, p in positions(variant, 8, seed=2):
            if not fair.unseen_cards(rules, p) or len(canfield.Game(rules, p).legal_moves()) < 2:
                continue
            ranked = canfield.policy.policy_moves(rules, p)
            choice = fair.choose(rules, p, blind)
            assert (choice.won, choice.votes, choice.source) == (0, 0, "policy")
            if ranked:
                assert choice.move is ranked[0] is canfield.policy.preferred_move(rules, p)
                engine = canfield.Game(rules, p).engine
                # the policy's move leads back to where the game has been: its next choice
                avoid = {fair._after(rules, engine, ranked[0])}
                allowed = [m for m in ranked if fair._after(rules, engine, m) not in avoid]
                if allowed:
                    assert fair.choose(rules, p, blind, avoid=avoid).move is allowed[0]
            else:
                assert (choice.move is not None and not choice.move.from_foundation) or all(
                    m.from_foundation for m in canfield.Game(rules, p).legal_moves()
                )
            checked += 1
    assert checked >= 10


def test_the_policys_moves_start_with_its_preferred_move_and_are_legal() -> None:
    for variant in ("canfield", "gate", "dutchess", "minerva"):
        for rules, p in positions(variant, 10, seed=4):
            ranked = canfield.policy.policy_moves(rules, p)
            legal = canfield.Game(rules, p).legal_moves()
            assert (ranked[0] if ranked else None) is canfield.policy.preferred_move(rules, p)
            assert len(set(ranked)) == len(ranked) and all(m in legal and not m.from_foundation for m in ranked)


def test_the_untidy_setting_is_the_method_before() -> None:
    """``tidy=False`` votes on the first moves of the lines as the solver found them."""
    untidy = attrs.evolve(QUICK, tidy=False)
    assert "untidy" in untidy.text() and "untidy" not in QUICK.text()
    with pytest.raises(CanfieldError, match="tidy"):
        fair.Settings(tidy=1)  # type: ignore[arg-type]
    for rules, p in positions("gate", 6, seed=8):
        choice = fair.choose(rules, p, untidy)
        assert choice.move is None or choice.move in canfield.Game(rules, p).legal_moves()


@pytest.mark.parametrize("player", fair.PLAYERS)
def test_a_game_stops_as_stalled_only_after_stall_moves_without_new_best_progress(player: str) -> None:
    # Two Deck Demon deals 40 reserve cards: the progress (cards up less reserve cards) is below
    # zero for most of a game, and still each new best counts (in these deals the policy's game
    # goes on past 200 moves, and it was stopped at 200 when the best to beat started at -1).
    rules = canfield.Game.random("two-deck-demon").rules
    for number in (11, 14, 18):
        start = rules.deal(canfield.shuffled_deck(number, rules.decks))
        played = fair.play_out(rules, start, QUICK, player=player, max_moves=600)
        game = canfield.Game(rules, start)
        progress = [fair._progress(game.position)]
        for move in played.moves:
            game.play(move)
            progress.append(fair._progress(game.position))
        assert progress[0] < 0
        best_at = max(range(len(progress)), key=lambda i: (progress[i], -i))  # the first time at the best
        if played.end == "stalled":
            assert len(played.moves) - best_at == fair.STALL and max(progress[:-1]) == progress[best_at]
        else:
            assert len(played.moves) - best_at <= fair.STALL


@pytest.mark.parametrize("variant", ["gate", "rainbow", "canfield"])
def test_the_fair_player_does_not_undo_its_previous_move_without_a_clear_lead(variant: str) -> None:
    blind = fair.Settings(samples=3, max_states=1)  # no sample won: no move has a lead
    undos = 0
    for rules, p in positions(variant, 40, seed=6):
        pair = _back_and_forth(rules, p)
        if pair is None:
            continue
        move, back = pair
        game = canfield.Game(rules, p)
        game.play(move)
        q = game.position
        if len(game.legal_moves()) < 2:
            continue
        assert fair.choose(rules, q, blind, previous=move).move is not back
        for settings in (QUICK, fair.Settings(8, 2000)):
            choice = fair.choose(rules, q, settings, previous=move)
            if choice.move is back:  # only with a clear lead over every other move
                assert choice.votes >= max(1, round(fair.UNDO_MARGIN * settings.samples))
                undos += 1
        # the hint in a game is the same choice: the previous move is the game's
        assert (
            game.hint(fair=True, samples=4, max_states=300).move
            is fair.choose(rules, q, QUICK, avoid={fair.seen_text(rules, p)}, previous=move).move
        )
    assert undos <= 40


def test_the_fair_player_turns_the_stock_over_the_policys_move_only_when_the_samples_lose_by_it() -> None:
    from canfield.native import finish, native_engine, native_position

    settings = fair.Settings(6, 2000)
    other = 0
    for variant in ("two-deck-demon", "canfield", "gate", "superior"):
        for rules, p in positions(variant, 25, seed=9):
            policy = preferred_move(rules, p)
            if not fair.unseen_cards(rules, p) or policy is None or len(canfield.Game(rules, p).legal_moves()) < 2:
                continue
            choice = fair.choose(rules, p, settings)
            if choice.move is policy or choice.move is None or not choice.move.is_stock:
                continue  # the check is on a vote to turn the stock
            # the won samples, again, and how many of them are still won after the policy's move
            kept = 0
            for s in fair.samples(rules, p, settings.samples, fair._stream(rules, p, settings)):
                found = canfield.solver.solve_position(rules, s, max_states=settings.max_states)
                if found.verdict != "won" or not found.line:
                    continue
                if fair._tidy(rules, s, tuple(found.line))[0] is policy:
                    kept += 1
                    continue
                engine = native_engine(rules, s)
                engine.make(policy.code)
                if rules.auto_finish:
                    finish(engine)
                after = canfield.solver.solve_position(rules, native_position(engine), max_states=settings.max_states)
                kept += engine.is_won() or after.verdict == "won"
            assert kept < choice.votes, (variant, choice, policy)
            other += 1
    assert other >= 3


def test_a_solvers_winning_line_is_followed_to_the_win_however_long_it_makes_no_progress() -> None:
    # American Toad deal 19: once nothing is unseen the solver finds a win whose line goes more than
    # STALL moves without a new best progress; the game follows it to the win all the same. (Which
    # line the solver finds depends on its move order: when that changes, the assertion below says
    # so, and another deal whose line stalls that long takes this one's place.)
    rules = canfield.Game.random("american-toad").rules
    start = rules.deal(canfield.shuffled_deck(19, rules.decks))
    played = fair.play_out(rules, start)
    assert played.won
    game = canfield.Game(rules, start)
    best, best_at, longest = fair._progress(start), 0, 0
    for i, move in enumerate(played.moves, 1):
        game.play(move)
        if fair._progress(game.position) > best:
            best, best_at = fair._progress(game.position), i
        longest = max(longest, i - best_at)
    assert game.is_won() and longest > fair.STALL
