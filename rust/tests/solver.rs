//! The solver on hand-built rules and positions: won and lost positions, and every pruning, beam
//! and schedule keeping the plain search's verdicts.

use canfield_native::engine::{Engine, Position};
use canfield_native::moves::{col_index, Move};
use canfield_native::rules::Rules;
use canfield_native::solver::{
    race_in_pieces, reserve_room_fits, room_fits, shortcut_moves, solve, solve_by_beam,
    solve_scheduled, solve_with, swaps_covered, Limits, Outcome, Pruning, Schedule, Verdict,
};

mod common;
use common::{
    agrees_with_each_pruning_off, alternate_colours, any_suit, canfield_rules, check_line,
    count_settled, dealt, dealt_face_down, deck, draw_one, face_down_rules, free_fill, red,
    rules_building, rules_moving, rules_of_decks, rules_with, unlimited, walk, walked,
};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn card(text: &str) -> u8 {
    let rank = "A23456789TJQK".find(&text[..1]).unwrap();
    let suit = "SHDC".find(&text[1..]).unwrap();
    (suit * 13 + rank) as u8
}

fn cards(text: &str) -> Vec<u8> {
    text.split_whitespace().map(card).collect()
}

fn solved(pos: &Position, takeback: bool) -> Verdict {
    let mut e = Engine::new(canfield_rules(takeback, None), pos).unwrap();
    let stop = AtomicBool::new(false);
    let before = e.position();
    let out = solve(&mut e, &limits(1_000_000, 1 << 26, &stop), false);
    assert_eq!(
        e.position(),
        before,
        "the solver leaves the engine as it was"
    );
    check_line(&e, &out);
    out.verdict
}

/// Settled searches and how many of them proved "lost", for a test's closing count.
#[derive(Default)]
struct Tally {
    settled: usize,
    lost: usize,
}

impl Tally {
    /// Count `out`, a settled search of `e`'s position, after replaying its line (`check_line`).
    fn add(&mut self, e: &Engine, out: &Outcome) {
        check_line(e, out);
        self.settled += 1;
        self.lost += usize::from(out.verdict == Verdict::Lost);
    }

    /// Assert that at least `settled` searches settled, `lost` of them lost.
    fn at_least(&self, settled: usize, lost: usize) {
        assert!(
            self.settled >= settled && self.lost >= lost,
            "settled {}, lost {}",
            self.settled,
            self.lost
        );
    }
}

/// A search's budget of `max_states` positions and `memory` bytes, stopped by `stop`.
fn limits(max_states: u64, memory: usize, stop: &AtomicBool) -> Limits<'_> {
    Limits {
        max_states: Some(max_states),
        deadline: None,
        memory,
        stop,
    }
}

#[test]
fn solver_knows_a_win_and_a_loss() {
    let near = Position {
        reserve: vec![],
        start: 0,
        foundations: vec![(0, 12), (1, 13), (2, 13), (3, 13)],
        columns: vec![cards("KS"), vec![], vec![], vec![]],
        stock: vec![],
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    };
    assert_eq!(solved(&near, true), Verdict::Won);
    let stuck = Position {
        reserve: vec![],
        start: 0,
        foundations: vec![(0, 10), (1, 13), (2, 13), (3, 10)],
        columns: vec![cards("JS KC"), cards("JC KS"), cards("QS"), cards("QC")],
        stock: vec![],
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    };
    assert_eq!(solved(&stuck, true), Verdict::Lost);
    // Only a card taken back from a foundation frees the way.
    let takeback = Position {
        reserve: vec![],
        start: 0,
        foundations: vec![(0, 10), (1, 10), (2, 7), (3, 13)],
        columns: vec![
            cards("JH 9D"),
            cards("8D QH"),
            cards("JS KD"),
            cards("QS KS KH QD TD JD"),
        ],
        stock: vec![],
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    };
    assert_eq!(solved(&takeback, true), Verdict::Won);
    assert_eq!(solved(&takeback, false), Verdict::Lost);
}

#[test]
fn swaps_searched_with_their_uses_give_the_same_verdicts() {
    // The solver plays a swap (a run moved from a card onto its twin) only with a move that
    // uses the card it uncovers. On whole deals, under the wrapping columns and under the
    // published rules (no base−1 card on a base card), that gives every verdict the plain search
    // gives, with fewer positions.
    let stop = AtomicBool::new(false);
    let limits = limits(200_000, 1 << 26, &stop);
    let (mut settled, mut fewer) = (0, 0);
    let rule_sets = [
        rules_with(false, None, vec![3], true),
        rules_with(false, None, vec![3], false),
    ];
    for (r, rules) in rule_sets.into_iter().enumerate() {
        for seed in 0..250 {
            // The deal, or where a random walk from it leads (positions no deal starts from).
            let mut e = Engine::new(rules.clone(), &dealt(&deck(1000 + seed))).unwrap();
            let mut s = seed;
            let mut ms = Vec::new();
            for _ in 0..seed % 3 * 40 {
                e.moves(&mut ms);
                let ups: Vec<Move> = ms.iter().copied().filter(|m| m.to_foundation()).collect();
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
                let pick = if !ups.is_empty() && s >> 62 != 0 {
                    &ups
                } else {
                    &ms
                };
                e.make(pick[(s >> 33) as usize % pick.len()]);
            }
            let mut e = Engine::new(rules.clone(), &e.position()).unwrap();
            let paired = solve_with(&mut e, &limits, false, Pruning::ALL);
            let plain = solve_with(
                &mut e,
                &limits,
                false,
                Pruning {
                    swaps: false,
                    ..Pruning::ALL
                },
            );
            if paired.verdict == Verdict::Unknown || plain.verdict == Verdict::Unknown {
                continue;
            }
            assert_eq!(paired.verdict, plain.verdict, "seed {seed} rules {r}");
            settled += 1;
            if paired.verdict == Verdict::Lost && paired.states < plain.states {
                fewer += 1;
            }
            check_line(&e, &paired);
        }
    }
    assert!(settled >= 360, "only {settled} deals settled");
    assert!(fewer > 0, "no lost deal took fewer positions");
}

#[test]
fn swaps_with_their_uses_reach_every_class_the_plain_moves_reach() {
    // The argument behind pairing swaps with their uses, checked position by position on random
    // walks: the search's moves reach every class (up to swaps) that the plain moves reach, from
    // the position and from each position one swap away.
    let rule_sets = [
        rules_with(false, None, vec![3], true),
        rules_with(false, None, vec![3], false),
        rules_with(false, None, vec![1], true),
    ];
    let mut checked = 0;
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..40 {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(2000 + seed))).unwrap();
            walk(&mut e, seed, 200, |e, step| {
                assert!(swaps_covered(e), "rules {r} seed {seed} step {step}");
                checked += 1;
            });
        }
    }
    assert!(checked > 10_000);
}

#[test]
fn each_pruning_switched_off_gives_the_same_verdicts() {
    // Every pruning rule keeps the verdict: on deals and on positions random walks reach, under
    // any-run and top-or-whole moves, with and without take-back, a pass limit and a draw
    // sequence, the search with each rule switched off (and with none) agrees with `solve`.
    let stop = AtomicBool::new(false);
    let limits = limits(40_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(0, false, None, vec![3], true),
        rules_moving(0, true, None, vec![1], true),
        rules_moving(1, false, None, vec![3], false),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        free_fill(rules_moving(1, false, None, vec![3], false)),
        free_fill(rules_moving(0, false, Some(1), vec![1], true)),
        rules_moving(0, false, None, vec![1], false),
        rules_moving(1, false, None, vec![1], true),
    ];
    let mut settled = [0; Pruning::EACH_OFF.len()];
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..24 {
            let mut e = walked(rules, 3000, seed, (seed % 3 * 30) as usize);
            let what = format!("rules {r} seed {seed}");
            if let Some((_, each)) = agrees_with_each_pruning_off(&mut e, &limits, &what) {
                count_settled(&mut settled, each);
            }
        }
    }
    assert!(settled.iter().all(|&n| n >= 30), "settled {settled:?}");
}

#[test]
fn searches_taking_turns_every_few_positions_give_the_plain_verdicts() {
    // The searches take turns every few positions, so a helper is given work (a move another
    // search of its visited set has marked and not yet tried) from every kind of stack, and its
    // stack runs out and is given more again and again: every verdict is still the plain
    // search's, lost ones included (a move given and then never explored would turn a win into
    // "lost" here), and every line replays. Also with the helper alone (no second order, no
    // shortcut) and with the second order beside it, under each move mode and any-suit building.
    // The search that starts again stops after a few dozen turns, its memory going to the others.
    let stop = AtomicBool::new(false);
    let limits = limits(40_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(0, false, None, vec![3], true),
        rules_moving(0, true, None, vec![1], true),
        rules_moving(1, false, None, vec![3], false),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        free_fill(rules_moving(1, false, None, vec![3], false)),
        free_fill(rules_moving(0, false, Some(1), vec![1], true)),
        rules_building(any_suit, 1, false, Some(1)),
        rules_building(any_suit, 2, false, None),
    ];
    let helper_alone = Pruning {
        second_order: false,
        shortcut: false,
        ..Pruning::ALL
    };
    let mut tally = Tally::default();
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..16 {
            let mut e = walked(rules, 9000, seed, (seed % 3 * 25) as usize);
            let plain = solve_with(&mut e, &limits, false, Pruning::NONE);
            if plain.verdict == Verdict::Unknown {
                continue;
            }
            for (pruning, first, slice) in [
                (Pruning::ALL, 1, 1),
                (Pruning::ALL, 5, 3),
                (helper_alone, 1, 2),
                (helper_alone, 40, 7),
            ] {
                let schedule = Schedule {
                    peek: slice,
                    probe: slice,
                    first,
                    slice,
                    shortcut: 3 * slice,
                    shortcut_fill: 5 * slice,
                    restarts: slice,
                    beam: slice,
                    beam_long: 2 * slice,
                    far_after: 100 * slice,
                    passes_after: 20 * slice,
                    restarts_until: 60 * slice,
                    shapes_after: 150 * slice,
                };
                let out = solve_scheduled(&mut e, &limits, false, pruning, schedule);
                if out.verdict == Verdict::Unknown {
                    continue;
                }
                assert_eq!(
                    out.verdict, plain.verdict,
                    "rules {r} seed {seed} {schedule:?}"
                );
                tally.add(&e, &out);
            }
        }
    }
    tally.at_least(150, 40);
}

#[test]
fn the_reserve_fill_shortcut_plays_the_automatic_fill() {
    // Where the player fills an empty column with any card (Superior), the shortcut fills each
    // empty column from the reserve at once while the reserve lasts: along random walks, its
    // moves are the legal moves, or where a column is empty and the reserve holds cards, the
    // reserve's top card onto each empty column, one at least; and a move that empties a column,
    // followed by the shortcut's fill, reaches the position the same move reaches under the
    // automatic fill (the same rules with `auto_fill`). So its lines are those of the game with
    // the automatic fill, played by the player.
    let rule_sets = [
        free_fill(rules_moving(1, false, None, vec![3], false)),
        free_fill(rules_moving(1, false, Some(1), vec![1], true)),
    ];
    let onto_empty = |e: &Engine, m: &Move| {
        m.from_reserve().is_some() && m.to_column() && e.cols[col_index(m.dst())].is_empty()
    };
    let (mut fills, mut emptied) = (0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        let auto = {
            let mut auto = Rules::clone(rules);
            auto.auto_fill = true;
            Arc::new(auto)
        };
        for seed in 0..40 {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(9400 + seed))).unwrap();
            walk(&mut e, seed, 300, |e, step| {
                let what = format!("rules {r} seed {seed} step {step}");
                let kept = shortcut_moves(e).expect("a shortcut under free fill");
                let mut legal = Vec::new();
                e.moves(&mut legal);
                if !e.reserve_empty() && e.cols.iter().any(Vec::is_empty) {
                    let only: Vec<Move> =
                        legal.iter().copied().filter(|m| onto_empty(e, m)).collect();
                    assert!(!only.is_empty(), "{what}");
                    assert_eq!(kept, only, "{what}");
                    fills += 1;
                    return;
                }
                assert_eq!(kept, legal, "{what}");
                if e.reserve_empty() || e.cols.iter().any(Vec::is_empty) {
                    return;
                }
                // Each move that empties a column, then the shortcut's fill, is the move under
                // the automatic fill.
                for &m in &legal {
                    let mut player = e.clone();
                    player.make(m);
                    if player.reserve_empty() || player.cols.iter().all(|c| !c.is_empty()) {
                        continue;
                    }
                    let after = shortcut_moves(&player).expect("a shortcut under free fill");
                    assert_eq!(after.len(), 1, "{what} {m:?}");
                    player.make(after[0]);
                    let mut game = Engine::new(auto.clone(), &e.position()).unwrap();
                    game.make(m);
                    assert_eq!(player.position(), game.position(), "{what} {m:?}");
                    emptied += 1;
                }
            });
        }
    }
    assert!(
        emptied >= 400 && fills >= 200,
        "emptied {emptied}, fills {fills}"
    );
}

#[test]
fn a_race_run_in_pieces_searches_what_one_run_does() {
    // The solver runs a race in pieces between other searches' turns (the far attempts, the
    // relaxed search's turns): each piece goes on with the turn the last one cut short (a
    // search's, or the beam's), so the pieces find the same verdict, the same line, in the same
    // positions as one run, whatever the pieces' size. Short turns, so that pieces end in every
    // state a race can be in: mid-turn, at a turn's end, in the beam's turn, before and after the
    // search that starts again stops.
    let stop = AtomicBool::new(false);
    let rule_sets = [
        rules_moving(0, false, None, vec![3], true),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        free_fill(rules_moving(1, false, None, vec![3], false)),
        rules_building(any_suit, 1, false, Some(1)),
    ];
    let schedule = Schedule {
        peek: 15,
        probe: 40,
        first: 300,
        slice: 90,
        shortcut: 200,
        shortcut_fill: 400,
        restarts: 50,
        beam: 120,
        beam_long: 240,
        far_after: u64::MAX,
        passes_after: u64::MAX,
        restarts_until: 5_000,
        shapes_after: u64::MAX,
    };
    let (mut cut, mut settled) = (0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..10 {
            let e = walked(rules, 9200, seed, (seed % 3 * 20) as usize);
            let limits = limits(20_000, 1 << 24, &stop);
            let whole = race_in_pieces(&e, &limits, Pruning::ALL, schedule, None);
            for piece in [1, 37, 1_000] {
                let pieces = race_in_pieces(&e, &limits, Pruning::ALL, schedule, Some(piece));
                let what = format!("rules {r} seed {seed} pieces of {piece}");
                assert_eq!(pieces.verdict, whole.verdict, "{what}");
                assert_eq!(pieces.states, whole.states, "{what}");
                assert_eq!(pieces.line, whole.line, "{what}");
                assert_eq!(pieces.cut, whole.cut, "{what}");
            }
            check_line(&e, &whole);
            if whole.verdict == Verdict::Unknown {
                cut += 1;
            } else {
                settled += 1;
            }
        }
    }
    assert!(cut >= 5 && settled >= 5, "cut {cut}, settled {settled}");
}

#[test]
fn the_beams_wins_replay() {
    // The beam alone, on positions of one-deck games (any run, top or whole column with a free
    // fill, any-suit building; draw 1 and 3, pass limits): every line it finds replays to a win,
    // no deal it wins is lost for the plain search, and it wins many.
    let stop = AtomicBool::new(false);
    let limits = limits(400_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(0, false, None, vec![3], true),
        rules_moving(1, false, Some(1), vec![1], false),
        free_fill(rules_moving(1, false, None, vec![3], false)),
        rules_building(any_suit, 1, false, Some(1)),
    ];
    let (mut won, mut tried) = (0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..12 {
            let mut e = walked(rules, 9100, seed, (seed % 3 * 10) as usize);
            let out = solve_by_beam(&mut e, &limits, false, Pruning::ALL);
            check_line(&e, &out);
            if out.verdict == Verdict::Won {
                let plain = solve_with(&mut e, &limits, false, Pruning::NONE);
                assert_ne!(plain.verdict, Verdict::Lost, "rules {r} seed {seed}");
                won += 1;
            }
            tried += 1;
        }
    }
    assert!(won * 4 >= tried, "won {won} of {tried}");
}

#[test]
fn a_beam_whose_set_fills_goes_on() {
    // With so little memory that the beam's set of positions fills within a few levels (and its
    // levels hold a dozen positions), it forgets what it has seen and goes on: it still wins
    // (10 of these 24; 0 when a full set ended the run), and every line it finds replays.
    let stop = AtomicBool::new(false);
    let limits = limits(400_000, 1 << 17, &stop);
    let rule_sets = [
        rules_moving(0, false, None, vec![3], true),
        free_fill(rules_moving(1, false, None, vec![3], false)),
    ];
    let (mut won, mut tried) = (0, 0);
    for rules in &rule_sets {
        for seed in 0..12 {
            let mut e = walked(rules, 9100, seed, (seed % 3 * 10) as usize);
            let out = solve_by_beam(&mut e, &limits, false, Pruning::ALL);
            check_line(&e, &out);
            won += usize::from(out.verdict == Verdict::Won);
            tried += 1;
        }
    }
    assert!(won * 4 >= tried, "won {won} of {tried}");
}

/// Positions that random walks of `steps(seed)` moves reach from the deals `deck(base + seed)`,
/// for `seeds`, under each of `rule_sets` (with the game's finish where `finish`): the verdicts
/// with every pruning are those with `off` and of the plain search wherever all three settle (then
/// the line replays and is counted).
fn agrees_with_and_without(
    rule_sets: &[Arc<Rules>],
    finish: bool,
    base: u64,
    seeds: std::ops::Range<u64>,
    steps: impl Fn(u64) -> usize,
    off: Pruning,
    limits: &Limits,
) -> Tally {
    let mut tally = Tally::default();
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in seeds.clone() {
            let mut e = walked(rules, base, seed, steps(seed));
            let on = solve(&mut e, limits, finish);
            let without = solve_with(&mut e, limits, finish, off);
            let plain = solve_with(&mut e, limits, finish, Pruning::NONE);
            if [on.verdict, without.verdict, plain.verdict].contains(&Verdict::Unknown) {
                continue;
            }
            assert_eq!(on.verdict, without.verdict, "rules {r} seed {seed}");
            assert_eq!(on.verdict, plain.verdict, "rules {r} seed {seed}");
            tally.add(&e, &on);
        }
    }
    tally
}

#[test]
fn the_waste_card_forced_up_in_the_last_pass_keeps_the_verdicts() {
    // In the last pass the stock is never turned back over, so a safe card on top of the waste
    // goes up at once, in draw 1 and draw 3: on positions deep into one-pass and two-pass games
    // (any-run, top-or-whole and any-suit building), the verdicts with it on are those with it off
    // and of the plain search, and the lines replay.
    let stop = AtomicBool::new(false);
    let limits = limits(60_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(0, false, Some(1), vec![1], true),
        rules_moving(0, false, Some(1), vec![3], false),
        rules_moving(1, false, Some(2), vec![3], true),
        rules_moving(1, false, Some(1), vec![1], false),
        rules_building(any_suit, 1, false, Some(1)),
    ];
    let off = Pruning {
        safe_waste: false,
        ..Pruning::ALL
    };
    let steps = |seed| 20 + (seed % 5 * 15) as usize;
    agrees_with_and_without(&rule_sets, false, 11_000, 0..60, steps, off, &limits).at_least(60, 20);
}

#[test]
fn safe_cards_of_several_decks_keep_the_verdicts() {
    // With two or three decks, a dead card goes up at once when no foundation of its suit has yet
    // to reach its rank (`prune::safe`): on deals and on positions deep into random walks, under
    // each move mode, draw 1 and 3, with and without a pass limit, the verdicts with safe moves are
    // those without and of the plain search, lost ones included, and the lines replay.
    let stop = AtomicBool::new(false);
    let limits = limits(60_000, 1 << 24, &stop);
    let rule_sets = [
        rules_of_decks(2, 0, false, None, vec![3], true),
        rules_of_decks(2, 1, false, Some(3), vec![3], true),
        rules_of_decks(2, 1, false, Some(1), vec![1], false),
        rules_of_decks(2, 0, false, None, vec![1], true),
        rules_of_decks(3, 0, false, Some(2), vec![3], true),
    ];
    let off = Pruning {
        safe_moves: false,
        ..Pruning::ALL
    };
    let steps = |seed| 60 + (seed % 5 * 60) as usize;
    agrees_with_and_without(&rule_sets, false, 17_000, 0..48, steps, off, &limits)
        .at_least(100, 20);
}

#[test]
fn searches_under_looser_rules_first_keep_the_verdicts() {
    // Under rules that put cards up by themselves once stock, waste and reserve are empty, or fill
    // an emptied column from the waste once the reserve is empty, the solver searches under looser
    // rules first, without those automatic moves (`Pruning::relax_first`): on positions random
    // walks reach, deep into the game, with and without take-back, any run or top card or whole
    // column, draw 3 and draw 1, its verdicts are those of the search under the real rules alone
    // and of the plain one, lost included, and its lines (the game's moves in them) replay to a win.
    let stop = AtomicBool::new(false);
    let limits = limits(60_000, 1 << 24, &stop);
    let fill_waste =
        |rules: Arc<Rules>| Arc::new(Rules::clone(&rules).with_reserves(1, true).unwrap());
    let finishing = [
        rules_moving(0, true, None, vec![3], true),
        rules_moving(0, false, None, vec![3], true),
        rules_moving(1, true, None, vec![1], false),
        rules_moving(1, false, Some(2), vec![3], true),
    ];
    let filling = [
        fill_waste(rules_moving(0, true, Some(1), vec![1], true)),
        fill_waste(rules_moving(0, false, None, vec![3], true)),
        fill_waste(rules_moving(1, false, Some(1), vec![1], true)),
    ];
    let off = Pruning {
        relax_first: false,
        ..Pruning::ALL
    };
    let steps = |seed| 40 + (seed % 5 * 50) as usize;
    let mut tally = agrees_with_and_without(&finishing, true, 19_000, 0..40, steps, off, &limits);
    let more = agrees_with_and_without(&filling, false, 19_000, 0..40, steps, off, &limits);
    tally.settled += more.settled;
    tally.lost += more.lost;
    tally.at_least(140, 25);
}

#[test]
fn a_dead_card_of_two_decks_waits_while_a_foundation_of_its_suit_is_below_its_rank() {
    // Two decks, one column, base rank 6 (a foundation runs 6 to 5): 5H on the column is dead
    // (every black 4 is up) and a hearts foundation wants it, but the other hearts foundation
    // still wants 3H. Playing the waste's 5H up first wins (then 4H and 4D under it play); playing
    // the column's 5H up first loses: the waste's 5H then has nowhere to go, and the 4D and 4H
    // under it never play. So the column's card must not be forced up (`prune::safe`).
    let stop = AtomicBool::new(false);
    let limits = limits(100_000, 1 << 24, &stop);
    let rules = Arc::new(
        Rules::new(
            1,
            2,
            &alternate_colours(),
            &[true; 52],
            true,
            0,
            false,
            vec![3],
            None,
            true,
        )
        .unwrap(),
    );
    let pos = Position {
        reserve: cards("3H"),
        start: 5,
        foundations: vec![
            (0, 13),
            (1, 12),
            (2, 13),
            (3, 13),
            (0, 13),
            (1, 10),
            (2, 11),
            (3, 13),
        ],
        columns: vec![cards("5D 5H")],
        stock: vec![],
        waste: cards("4D 4H 5H"),
        recycles: 0,
        face_down: Vec::new(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    };
    let mut e = Engine::new(rules, &pos).unwrap();
    for pruning in [Pruning::ALL, Pruning::NONE] {
        let out = solve_with(&mut e, &limits, false, pruning);
        assert_eq!(out.verdict, Verdict::Won, "{pruning:?}");
        check_line(&e, &out);
    }
}

#[test]
fn a_waste_card_put_on_a_column_and_used_at_once_keeps_the_verdicts() {
    // In draw 1 with unlimited passes, a card put from the waste on a column is followed only by
    // a move onto it (`Pruning::pool`): under each move mode (any-run too, where swaps are then
    // plain moves), with and without automatic fill, with take-back, and building in any suit,
    // on deals and on positions random walks reach, the verdicts with it on are those with it off
    // and of the plain search, lost ones included, and the lines replay.
    let stop = AtomicBool::new(false);
    let limits = limits(60_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(1, false, None, vec![1], true),
        rules_moving(1, false, None, vec![1], false),
        free_fill(rules_moving(1, false, None, vec![1], true)),
        rules_moving(2, false, None, vec![1], true),
        rules_moving(3, false, None, vec![1], false),
        rules_moving(0, true, None, vec![1], false),
        free_fill(rules_moving(0, false, None, vec![1], true)),
        draw_one(rules_building(any_suit, 1, false, None)),
    ];
    let off = Pruning {
        pool: false,
        ..Pruning::ALL
    };
    let steps = |seed| 40 + (seed % 4 * 30) as usize;
    agrees_with_and_without(&rule_sets, false, 13_000, 0..48, steps, off, &limits)
        .at_least(200, 30);
}

#[test]
fn folded_turns_under_a_pass_limit_give_the_same_verdicts() {
    // Under a pass limit the folded stock turns stop at a stock state met in an earlier pass past
    // the steady pass (the later one is dominated): the verdicts are those of the search that
    // turns the stock one move at a time, lost ones included, with several passes left.
    let stop = AtomicBool::new(false);
    let limits = limits(60_000, 1 << 24, &stop);
    let plain = Pruning {
        fold_turns: false,
        ..Pruning::ALL
    };
    let rule_sets = [
        rules_with(false, Some(6), vec![3], true),
        rules_with(true, Some(4), vec![1], true),
        rules_with(false, Some(5), vec![2, 3, 1], true),
        rules_moving(1, false, Some(8), vec![3], true),
    ];
    let mut tally = Tally::default();
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..30 {
            let mut e = walked(rules, 5000, seed, (seed % 4 * 25) as usize);
            let folded = solve(&mut e, &limits, false);
            let one_by_one = solve_with(&mut e, &limits, false, plain);
            if folded.verdict == Verdict::Unknown || one_by_one.verdict == Verdict::Unknown {
                continue;
            }
            assert_eq!(folded.verdict, one_by_one.verdict, "rules {r} seed {seed}");
            tally.add(&e, &folded);
        }
    }
    tally.at_least(60, 10);
}

#[test]
fn a_build_rule_with_cycles_gives_the_verdicts_of_the_plain_search() {
    // One rank up or down in alternate colours: 5S goes on 6H and 6H on 5S. The safe-move proof
    // meets its cards again on their own chain and stops there; the swap pairing, which needs
    // builds one rank down, is off. Every verdict is the plain search's, under each move mode.
    let up_or_down =
        |s: usize, t: usize| red(s) != red(t) && matches!((s % 13 + 13 - t % 13) % 13, 1 | 12);
    let stop = AtomicBool::new(false);
    let limits = limits(40_000, 1 << 24, &stop);
    let mut tally = Tally::default();
    for mode in [0, 1, 2] {
        for (takeback, passes) in [
            (false, None),
            (true, None),
            (false, Some(1)),
            (true, Some(2)),
        ] {
            let rules = rules_building(up_or_down, mode, takeback, passes);
            for seed in 0..12 {
                let mut e = walked(&rules, 7000, seed, (seed % 3 * 20) as usize);
                let all = solve(&mut e, &limits, false);
                let plain = solve_with(&mut e, &limits, false, Pruning::NONE);
                if all.verdict == Verdict::Unknown || plain.verdict == Verdict::Unknown {
                    continue;
                }
                assert_eq!(
                    all.verdict, plain.verdict,
                    "mode {mode} takeback {takeback} seed {seed}"
                );
                tally.add(&e, &all);
            }
        }
    }
    tally.at_least(40, 5);
}

#[test]
fn prunings_keep_the_verdicts_with_face_down_cards() {
    // With face-down column cards (and under a column limit and a reserve played last), the
    // search with each pruning switched off agrees with `solve`.
    let stop = AtomicBool::new(false);
    let limits = limits(40_000, 1 << 24, &stop);
    let rule_sets = [face_down_rules(0, None, 0), face_down_rules(3, Some(5), 1)];
    let mut settled = 0;
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..16 {
            let mut e = Engine::new(rules.clone(), &dealt_face_down(&deck(5000 + seed))).unwrap();
            walk(&mut e, seed, (seed % 3 * 20) as usize, |_, _| {});
            let mut e = Engine::new(rules.clone(), &e.position()).unwrap();
            let all = solve(&mut e, &limits, false);
            if all.verdict == Verdict::Unknown {
                continue;
            }
            let out = solve_with(&mut e, &limits, false, Pruning::NONE);
            if out.verdict != Verdict::Unknown {
                assert_eq!(out.verdict, all.verdict, "rules {r} seed {seed}");
                settled += 1;
                check_line(&e, &out);
            }
        }
    }
    assert!(settled >= 8, "settled {settled}");
}

#[test]
fn the_waste_card_is_never_forced_up_in_draw_three() {
    // The safe-move rule plays a dead card up at once from a column or the reserve, never from
    // the waste: in draw 3, taking the waste's card out regroups the stock's threes, and these
    // won positions (literature rules: any-run moves, no take-back, unlimited passes), each with
    // a dead card on the waste, are lost once it goes up at once.
    let rules = rules_moving(0, false, None, vec![3], true);
    let won = [
        Position {
            reserve: vec![8, 40, 22, 13],
            start: 2,
            foundations: vec![(2, 4), (0, 3), (1, 4), (3, 6)],
            columns: vec![
                vec![0],
                vec![35, 47, 20, 6],
                vec![39, 38, 50, 36, 9],
                vec![23, 48, 21, 7],
            ],
            stock: vec![24, 25, 51, 27, 10, 26, 11],
            waste: vec![32, 49, 1, 34, 33, 14, 12, 37, 19, 5],
            recycles: 12,
            face_down: Vec::new(),
            more_reserves: Vec::new(),
            base_open: false,
            piles: Vec::new(),
        },
        Position {
            reserve: vec![],
            start: 11,
            foundations: vec![(1, 5), (0, 4), (2, 7), (3, 5)],
            columns: vec![
                vec![35, 47],
                vec![48, 34, 7, 32, 44, 17, 3],
                vec![46, 19, 5],
                vec![10, 22, 8, 20, 6, 31, 43],
            ],
            stock: vec![42, 36, 21, 45, 33, 4, 23, 9, 16, 49],
            waste: vec![18, 2],
            recycles: 19,
            face_down: Vec::new(),
            more_reserves: Vec::new(),
            base_open: false,
            piles: Vec::new(),
        },
        Position {
            reserve: vec![1, 15, 20, 45],
            start: 12,
            foundations: vec![(1, 3), (0, 1), (2, 4), (3, 0)],
            columns: vec![
                vec![23, 9, 34, 7, 19, 44, 30, 3],
                vec![37, 49, 35, 8],
                vec![18, 43],
                vec![42],
            ],
            stock: vec![
                21, 48, 10, 51, 24, 31, 36, 40, 41, 22, 47, 29, 6, 4, 46, 5, 17, 11, 33, 50,
            ],
            waste: vec![2, 16, 39, 32, 0],
            recycles: 5,
            face_down: Vec::new(),
            more_reserves: Vec::new(),
            base_open: false,
            piles: Vec::new(),
        },
    ];
    let stop = AtomicBool::new(false);
    let limits = limits(200_000, 1 << 24, &stop);
    for (i, pos) in won.iter().enumerate() {
        let mut e = Engine::new(rules.clone(), pos).unwrap();
        // The waste's card is dead (every card that could go on it is up) and goes up now.
        let w = *e.waste.last().unwrap();
        assert!(e.wanted(w), "position {i}");
        let mut kids = e.rules.children[w as usize];
        while kids != 0 {
            assert!(e.on_foundation(kids.trailing_zeros() as u8), "position {i}");
            kids &= kids - 1;
        }
        for pruning in [Pruning::ALL, Pruning::NONE] {
            let out = solve_with(&mut e, &limits, false, pruning);
            assert_eq!(out.verdict, Verdict::Won, "position {i} {pruning:?}");
            check_line(&e, &out);
        }
        // Up at once, it loses.
        e.make(Move::up(canfield_native::moves::WASTE));
        let mut after = Engine::new(rules.clone(), &e.position()).unwrap();
        assert_eq!(
            solve_with(&mut after, &limits, false, Pruning::NONE).verdict,
            Verdict::Lost,
            "position {i}"
        );
    }
}

#[test]
fn swaps_stay_plain_moves_under_top_card_or_whole_column_moves() {
    // Under top-card-or-whole-column moves a run cannot move back as it came, so a swap is a plain
    // move. Here 5H lies under 9H and 8S: the only way to free it is 8S onto 9D (a swap: the red
    // nines are twins) and then 9H alone onto TC, which is no use of the swap as any-run moves
    // know them (there 9H and 8S would move together). No column can empty while the reserve
    // fills it, and 8S cannot go up before 7S, under 5H. Won; lost if swaps were paired here.
    let rules = rules_moving(1, false, None, vec![3], true);
    let mut reserve = cards("5S 5D 5C 6S 6D 6C 6H 7H 7D 7C 8H 8D 8C 9C 9S TH TS");
    reserve.reverse(); // bottom to top: 5S is the reserve's top card
    let pos = Position {
        reserve,
        start: 10, // the foundations start at the jacks, and hold J..4 of each suit
        foundations: vec![(0, 7), (1, 7), (2, 7), (3, 7)],
        columns: vec![cards("7S 5H 9H 8S"), cards("9D"), cards("TC"), cards("TD")],
        stock: vec![],
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    };
    let stop = AtomicBool::new(false);
    let limits = limits(200_000, 1 << 24, &stop);
    let mut e = Engine::new(rules, &pos).unwrap();
    for pruning in [Pruning::ALL, Pruning::NONE] {
        let out = solve_with(&mut e, &limits, false, pruning);
        assert_eq!(out.verdict, Verdict::Won, "{pruning:?}");
        check_line(&e, &out);
    }
}

#[test]
fn in_the_last_pass_the_beam_keeps_the_waste_short() {
    // Where the stock is never turned back over, a waste card comes out only after every card
    // turned after it, and the beam's score counts it twenty: the beam alone wins more deals of
    // Rainbow's rules (one pass, one card a turn, any suit, the top card or the whole column): 19
    // of these 40, against 15 when a waste card counted one there as before the last pass.
    let rainbow = draw_one(rules_building(any_suit, 1, false, Some(1)));
    let stop = AtomicBool::new(false);
    let limits = limits(1_000_000, 64 << 20, &stop);
    let mut won = 0;
    for seed in 0..40 {
        let mut e = walked(&rainbow, 9300, seed, 0);
        let out = solve_by_beam(&mut e, &limits, false, Pruning::ALL);
        check_line(&e, &out);
        won += usize::from(out.verdict == Verdict::Won);
    }
    assert!(won >= 18, "won {won} of 40");
}

#[test]
fn far_cards_known_by_class_keep_the_verdicts() {
    // Cards that no foundation will want for a while are known by their class (`prune::far`)
    // while the search stays clear of them, and the searches that know every card as itself go
    // on from where they paused when it does not: on deals and on positions deep into random
    // walks under one-pass and pass-limit rules (any suit or alternate colours, the top card or
    // the whole column, with and without take-back, draw 1 and 3), the verdicts with it are those
    // without it and of the plain search, and the lines replay. The attempt comes after 2,000
    // positions here (150,000 in the solver's schedule), so that nearly every search makes it,
    // and the wins leave its region and go on where the first searches paused.
    let stop = AtomicBool::new(false);
    let limits = limits(150_000, 1 << 24, &stop);
    let rule_sets = [
        draw_one(rules_building(any_suit, 1, false, Some(1))),
        rules_building(any_suit, 1, true, Some(1)),
        rules_moving(1, false, Some(3), vec![3], false),
        draw_one(rules_moving(1, true, Some(2), vec![1], false)),
        rules_moving(1, false, None, vec![3], false),
    ];
    let off = Pruning {
        far: false,
        ..Pruning::ALL
    };
    let early = Schedule {
        far_after: 2_000,
        ..Schedule::DEFAULT
    };
    let mut tally = Tally::default();
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..40 {
            let mut e = walked(rules, 12_000, seed, (seed % 4 * 10) as usize);
            let outs = [
                solve_scheduled(&mut e, &limits, false, Pruning::ALL, early),
                solve(&mut e, &limits, false),
                solve_with(&mut e, &limits, false, off),
                solve_with(&mut e, &limits, false, Pruning::NONE),
            ];
            if outs.iter().any(|out| out.verdict == Verdict::Unknown) {
                continue;
            }
            for out in &outs[1..] {
                assert_eq!(outs[0].verdict, out.verdict, "rules {r} seed {seed}");
            }
            tally.add(&e, &outs[0]);
            tally.add(&e, &outs[1]);
        }
    }
    tally.at_least(200, 60);
}

/// Rules the room check (`prune::room`) applies to: one pass (any suit, alternate colours or the
/// same suit, the top card or the whole column or any run, with and without take-back and a
/// base−1 card on a base card, draw 1 and 3), and the last of three passes.
fn room_rule_sets() -> [Arc<Rules>; 6] {
    let same_suit = |s: usize, t: usize| s / 13 == t / 13 && any_suit(s, t);
    [
        draw_one(rules_building(any_suit, 1, false, Some(1))),
        rules_building(any_suit, 0, true, Some(1)),
        draw_one(rules_moving(1, false, Some(1), vec![1], false)),
        rules_moving(0, true, Some(1), vec![3], true),
        rules_moving(1, false, Some(3), vec![3], true),
        draw_one(rules_building(same_suit, 1, false, Some(1))),
    ]
}

/// Rule sets with stock passes before the last (unlimited, or three) for the count of the
/// reserve's own moments (`prune::room`, `Pruning::reserve_room`): Canfield's (runs of any
/// length, draw 3), the top card or the whole column in alternate colours (with and without a
/// base−1 card on a base card; with any card filling an empty column at any time, as
/// Superior's), and three passes of 3, 2 and 1 (Canfield Rush's).
fn reserve_room_rule_sets() -> [Arc<Rules>; 5] {
    [
        rules_with(false, None, vec![3], true),
        rules_moving(1, false, None, vec![3], false),
        rules_moving(1, false, None, vec![3], true),
        free_fill(rules_moving(1, false, None, vec![3], true)),
        rules_moving(1, false, Some(3), vec![3, 2, 1], true),
    ]
}

/// Positions of random walks from `seeds` deals (from `base`) under each of `rule_sets`, two at
/// most a walk, that `rejects` finds lost, each solved by the plain search (no pruning), which
/// must win none of them: for each rule set, how many were found and how many of them it proved
/// lost.
fn rejected_on_walks(
    rule_sets: &[Arc<Rules>],
    base: u64,
    seeds: u64,
    rejects: impl Fn(&Engine) -> bool,
) -> Vec<(usize, usize)> {
    let stop = AtomicBool::new(false);
    let limits = limits(100_000, 1 << 24, &stop);
    let mut tally = Vec::new();
    for (r, rules) in rule_sets.iter().enumerate() {
        let (mut rejected, mut lost) = (0, 0);
        for seed in 0..seeds {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(base + seed))).unwrap();
            let mut found = Vec::new();
            walk(&mut e, seed, 400, |e, step| {
                if found.len() < 2 && rejects(e) {
                    found.push((step, e.position()));
                }
            });
            for (step, pos) in found {
                let mut e = Engine::new(rules.clone(), &pos).unwrap();
                assert!(rejects(&e), "rules {r} seed {seed} step {step}");
                let out = solve_with(&mut e, &limits, false, Pruning::NONE);
                assert_ne!(
                    out.verdict,
                    Verdict::Won,
                    "rules {r} seed {seed} step {step}"
                );
                rejected += 1;
                lost += usize::from(out.verdict == Verdict::Lost);
            }
        }
        tally.push((rejected, lost));
    }
    tally
}

#[test]
fn a_position_the_room_check_rejects_is_lost() {
    // The room check (`prune::room`): in the last pass, a position whose held-back cards cannot
    // lie in the columns as runs is lost. On the positions of random walks under the rules of
    // `room_rule_sets`, no position it rejects is won by the plain search, which proves most of
    // them lost; and it rejects positions under each rule set.
    let tally = rejected_on_walks(&room_rule_sets(), 14_000, 30, |e| {
        room_fits(e, true) == Some(false)
    });
    assert_mostly_lost(&tally, 5);
}

/// That `rejected_on_walks` found at least `least` positions under each rule set, and proved at
/// least three in four of them lost.
fn assert_mostly_lost(tally: &[(usize, usize)], least: usize) {
    for (r, &(rejected, _)) in tally.iter().enumerate() {
        assert!(rejected >= least, "rules {r}: {rejected} rejected");
    }
    let (rejected, lost) = tally.iter().fold((0, 0), |(n, l), &(r, k)| (n + r, l + k));
    assert!(
        lost * 4 >= rejected * 3,
        "{lost} of {rejected} rejected positions proved lost"
    );
}

#[test]
fn a_position_only_the_reserve_shows_lost_is_lost() {
    // The room check with the reserve (`prune::room`, `Pruning::room_reserve`): for some waste
    // card, the cards held back fit in the columns for no bottom part of the reserve that may
    // be left at its moment. On the positions of random walks under the rules of
    // `room_rule_sets` (it looks at the reserve under those of one pass) that the check rejects
    // only with the reserve, the plain search wins none and proves most lost.
    let tally = rejected_on_walks(&room_rule_sets(), 17_000, 40, |e| {
        room_fits(e, false) == Some(true) && room_fits(e, true) == Some(false)
    });
    let (rejected, lost) = tally.iter().fold((0, 0), |(n, l), &(r, k)| (n + r, l + k));
    assert!(
        rejected >= 200 && lost * 4 >= rejected * 3,
        "{lost} of {rejected} rejected positions proved lost"
    );
}

#[test]
fn the_room_check_passes_every_position_of_a_winning_line() {
    // The other side of the room check (`prune::room`): along the winning lines the solver finds
    // from the deals and random-walk positions of one-pass rules (as above), every position in
    // the last pass passes it (thousands of positions with cards in the waste).
    let (lines, checked) = passed_on_winning_lines(&room_rule_sets(), 15_000, 90, |e| {
        room_fits(e, true).filter(|_| !e.waste.is_empty())
    });
    assert!(
        lines >= 20 && checked >= 5_000,
        "{lines} lines, {checked} positions"
    );
}

/// Along the winning lines the solver finds from `seeds` random-walk positions (from deal
/// `base`) under each of `rule_sets`, that no position fails `check` (None: not looked at): how
/// many lines, and how many positions it looked at.
fn passed_on_winning_lines(
    rule_sets: &[Arc<Rules>],
    base: u64,
    seeds: u64,
    check: impl Fn(&Engine) -> Option<bool>,
) -> (usize, usize) {
    let stop = AtomicBool::new(false);
    let limits = limits(200_000, 1 << 24, &stop);
    let (mut lines, mut checked) = (0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..seeds {
            let mut e = walked(rules, base, seed, (seed % 3 * 10) as usize);
            let out = solve(&mut e, &limits, false);
            if out.verdict != Verdict::Won {
                continue;
            }
            lines += 1;
            for (i, &m) in out.line.iter().enumerate() {
                let fits = check(&e);
                assert_ne!(fits, Some(false), "rules {r} seed {seed} move {i}");
                checked += usize::from(fits.is_some());
                e.make(m);
            }
        }
    }
    (lines, checked)
}

#[test]
fn a_position_the_reserve_moments_reject_is_lost() {
    // The count of the reserve's own moments (`prune::room`, `Pruning::reserve_room`): at the
    // moment a reserve card leaves its pile, the cards it and the cards under it hold back that
    // are in the columns or above it must fit as runs. On the positions of random walks under the
    // rules of `reserve_room_rule_sets` (stock passes before the last) that it rejects, the plain
    // search wins none and proves most lost (66 of 82); it rejects positions under each rule set
    // (4 to 30 of those of 200 walks).
    let tally = rejected_on_walks(&reserve_room_rule_sets(), 19_000, 200, |e| {
        reserve_room_fits(e) == Some(false)
    });
    assert_mostly_lost(&tally, 4);
}

#[test]
fn the_reserve_moments_pass_every_position_of_a_winning_line() {
    // The other side of the reserve's moments: along the winning lines the solver finds from
    // random-walk positions under the rules of `reserve_room_rule_sets`, every position they
    // look at passes them.
    let (lines, checked) =
        passed_on_winning_lines(&reserve_room_rule_sets(), 21_000, 40, reserve_room_fits);
    assert!(
        lines >= 20 && checked >= 2_000,
        "{lines} lines, {checked} positions"
    );
}

#[test]
fn the_waste_holds_its_cards_in_one_order_all_game() {
    // The room check remembers its answers by the cards in the waste, not their order
    // (`prune::room`): cards keep one order through the stock and the waste, so two positions of
    // one deal whose wastes hold the same cards hold them in the same order. Random walks from
    // each deal under the rules of `room_rule_sets`, three passes turning 3, 2 and 1 cards
    // (Canfield Rush's) and unlimited passes of 3.
    let mut rule_sets = room_rule_sets().to_vec();
    rule_sets.push(rules_with(false, Some(3), vec![3, 2, 1], true));
    rule_sets.push(rules_with(false, None, vec![3], true));
    for (r, rules) in rule_sets.iter().enumerate() {
        let mut compared = 0;
        for deal in 0..6 {
            let mut seen: HashMap<u64, Vec<u8>> = HashMap::new();
            for seed in 0..20 {
                let mut e = Engine::new(rules.clone(), &dealt(&deck(16_000 + deal))).unwrap();
                walk(&mut e, seed, 300, |e, step| {
                    let cards = e.waste.iter().fold(0u64, |m, &c| m | 1 << c);
                    match seen.get(&cards) {
                        Some(order) => {
                            assert_eq!(
                                order, &e.waste,
                                "rules {r} deal {deal} seed {seed} step {step}"
                            );
                            compared += usize::from(e.waste.len() >= 2);
                        }
                        None => {
                            seen.insert(cards, e.waste.clone());
                        }
                    }
                });
            }
        }
        assert!(compared >= 2_000, "rules {r}: {compared} wastes compared");
    }
}

#[test]
fn far_cards_known_by_class_shorten_lost_proofs() {
    // Under Rainbow's rules (one pass, one card a turn, any suit, the top card or the whole
    // column), lost positions seldom put a card up far past the foundations' cards, and with the
    // cards far from wanted known by rank their proofs take fewer positions: of positions 10 to 40
    // moves into these 80 deals, 23 are proved lost within 500,000 positions, against 19 with
    // every card known as itself (the 4 more in 244,768 to 469,441 positions, the first 150,000
    // of them with every card as itself). The columns known by their shapes are left out here:
    // where they apply, the far attempts come after them.
    let rainbow = draw_one(rules_building(any_suit, 1, false, Some(1)));
    let stop = AtomicBool::new(false);
    let limits = limits(500_000, 1 << 26, &stop);
    let on = Pruning {
        shapes: false,
        ..Pruning::ALL
    };
    let off = Pruning { far: false, ..on };
    let (mut lost, mut lost_off) = (0, 0);
    for seed in 0..80 {
        let mut e = walked(&rainbow, 9700, seed, 10 + (seed % 4 * 10) as usize);
        let on = solve_with(&mut e, &limits, false, on);
        let plain = solve_with(&mut e, &limits, false, off);
        if on.verdict != Verdict::Unknown && plain.verdict != Verdict::Unknown {
            assert_eq!(on.verdict, plain.verdict, "seed {seed}");
        }
        check_line(&e, &on);
        lost += usize::from(on.verdict == Verdict::Lost);
        lost_off += usize::from(plain.verdict == Verdict::Lost);
    }
    assert!(lost >= lost_off + 3, "lost {lost} against {lost_off}");
}

#[test]
fn a_position_lost_under_draw_one_is_lost() {
    // The draw-1 relaxation's argument (`solver::draw_one`): a turn of several cards is as many
    // turns of one, so every line of the rules is a line under draw 1. On positions of random
    // walks under draw 3 (any run, and top or whole column with a free fill), a draw sequence
    // with a pass limit, and draw 3 in one pass, the plain search (no pruning) of the same
    // position under draw 1 never says "lost" where the real rules' says "won"; it proves many
    // lost, and wins some that the real rules lose (a relaxation, not the same game).
    let rule_sets = [
        rules_moving(0, false, None, vec![3], false),
        free_fill(rules_moving(1, false, None, vec![3], false)),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        rules_moving(0, false, Some(1), vec![3], true),
    ];
    let (compared, both_lost, only_real_lost) =
        lost_when_relaxed_lost(&rule_sets, 13_000, draw_one);
    assert!(
        compared >= 60 && both_lost >= 30 && only_real_lost >= 3,
        "compared {compared}, lost under both {both_lost}, under the real rules only {only_real_lost}"
    );
}

/// On positions of 40 random walks (from seed `base`) under each of `rule_sets`, the plain
/// search (no pruning) under the rules and under `relax` of them: every position lost under the
/// relaxed rules is lost under the real ones (asserted). Returns how many positions both settled,
/// how many both proved lost, and how many only the real rules did.
fn lost_when_relaxed_lost(
    rule_sets: &[Arc<Rules>],
    base: u64,
    relax: fn(Arc<Rules>) -> Arc<Rules>,
) -> (usize, usize, usize) {
    let stop = AtomicBool::new(false);
    let limits = limits(200_000, 1 << 24, &stop);
    let (mut compared, mut both_lost, mut only_real_lost) = (0, 0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..40 {
            let mut e = walked(rules, base, seed, 10 + (seed % 4 * 10) as usize);
            let mut looser = Engine::new(relax(rules.clone()), &e.position()).unwrap();
            let real = solve_with(&mut e, &limits, false, Pruning::NONE);
            let relaxed = solve_with(&mut looser, &limits, false, Pruning::NONE);
            if real.verdict == Verdict::Unknown || relaxed.verdict == Verdict::Unknown {
                continue;
            }
            compared += 1;
            if relaxed.verdict == Verdict::Lost {
                assert_eq!(real.verdict, Verdict::Lost, "rules {r} seed {seed}");
                both_lost += 1;
            } else if real.verdict == Verdict::Lost {
                only_real_lost += 1;
            }
        }
    }
    (compared, both_lost, only_real_lost)
}

#[test]
fn the_draw_one_search_keeps_the_verdicts() {
    // The solver's search under draw 1 (`Pruning::draw_one`), after 2,000 positions of the real
    // rules here (150,000 in the solver's schedule): on positions of random walks under rules that
    // turn three cards, or three, two and one, its verdicts are those of the solver without it and
    // of the plain search, and the lines replay. (Deals whose proofs it shortens most are in the
    // Python tests: a random walk's positions seldom have a long proof and a short draw-1 one.)
    let stop = AtomicBool::new(false);
    let roomy = limits(2_000_000, 1 << 26, &stop);
    let limits = limits(100_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(0, false, None, vec![3], false),
        free_fill(rules_moving(1, false, None, vec![3], false)),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        rules_moving(0, false, Some(1), vec![3], true),
    ];
    let off = Pruning {
        draw_one: false,
        ..Pruning::ALL
    };
    let early = Schedule {
        far_after: 2_000,
        ..Schedule::DEFAULT
    };
    let mut tally = Tally::default();
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..40 {
            let mut e = walked(rules, 14_000, seed, 10 + (seed % 4 * 10) as usize);
            let on = solve_scheduled(&mut e, &limits, false, Pruning::ALL, early);
            let without = solve_scheduled(&mut e, &limits, false, off, early);
            if on.verdict == Verdict::Unknown {
                continue;
            }
            tally.add(&e, &on);
            let plain = solve_with(&mut e, &roomy, false, Pruning::NONE);
            if plain.verdict != Verdict::Unknown {
                assert_eq!(on.verdict, plain.verdict, "rules {r} seed {seed}");
            }
            if without.verdict != Verdict::Unknown {
                assert_eq!(on.verdict, without.verdict, "rules {r} seed {seed}");
            }
        }
    }
    tally.at_least(60, 20);
}

#[test]
fn a_position_lost_with_unlimited_passes_is_lost() {
    // The pass-limit relaxation's argument (`solver::more_passes`): the limit only forbids turning
    // the waste over once more, so every line of the rules is a line without it. On positions of
    // random walks under one, two and three passes (draw 1 and 3, any run or top or whole column,
    // any-suit columns), the plain search (no pruning) of the same position without the limit
    // never says "lost" where the real rules' says "won"; it proves many lost, and wins some that
    // the real rules lose (a relaxation, not the same game).
    let rule_sets = [
        rules_moving(0, false, Some(2), vec![1], true),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        rules_moving(0, false, Some(1), vec![3], true),
        rules_moving(1, false, Some(3), vec![1], false),
        rules_building(any_suit, 1, false, Some(1)),
    ];
    let (compared, both_lost, only_real_lost) =
        lost_when_relaxed_lost(&rule_sets, 23_000, unlimited);
    assert!(
        compared >= 80 && both_lost >= 8 && only_real_lost >= 10,
        "compared {compared}, lost under both {both_lost}, under the real rules only {only_real_lost}"
    );
}

#[test]
fn the_search_without_the_pass_limit_keeps_the_verdicts() {
    // The solver's searches without the pass limit (`Pruning::more_passes`), after 300 (75 with
    // several passes) and 2,000 positions of the real rules here (20,000, 5,000 and 150,000 in the
    // solver's schedule): on positions
    // of random walks under one to three passes, their verdicts are those of the solver without
    // them and of the plain search, and they prove some lost in fewer positions.
    let stop = AtomicBool::new(false);
    let roomy = limits(2_000_000, 1 << 26, &stop);
    let limits = limits(200_000, 1 << 24, &stop);
    let rule_sets = [
        rules_moving(0, false, Some(2), vec![1], true),
        rules_moving(1, true, Some(3), vec![3, 2, 1], true),
        rules_moving(0, false, Some(1), vec![3], true),
        rules_moving(1, false, Some(3), vec![1], false),
        rules_building(any_suit, 1, false, Some(1)),
    ];
    let off = Pruning {
        more_passes: false,
        ..Pruning::ALL
    };
    let early = Schedule {
        passes_after: 300,
        far_after: 2_000,
        ..Schedule::DEFAULT
    };
    let (mut compared, mut lost, mut shorter) = (0, 0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..40 {
            let mut e = walked(rules, 24_000, seed, 10 + (seed % 4 * 10) as usize);
            let on = solve_scheduled(&mut e, &limits, false, Pruning::ALL, early);
            let without = solve_scheduled(&mut e, &limits, false, off, early);
            if on.verdict == Verdict::Unknown {
                continue;
            }
            compared += 1;
            lost += usize::from(on.verdict == Verdict::Lost);
            shorter += usize::from(on.verdict == Verdict::Lost && on.states < without.states);
            let plain = solve_with(&mut e, &roomy, false, Pruning::NONE);
            if plain.verdict != Verdict::Unknown {
                assert_eq!(on.verdict, plain.verdict, "rules {r} seed {seed}");
            }
            if without.verdict != Verdict::Unknown {
                assert_eq!(on.verdict, without.verdict, "rules {r} seed {seed}");
            }
        }
    }
    assert!(
        compared >= 100 && lost >= 20 && shorter >= 3,
        "compared {compared}, lost {lost}, {shorter} in fewer positions"
    );
}
