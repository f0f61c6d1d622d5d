//! The columns known by their shapes (`solver::shapes`): every legal move maps to a move of the
//! relaxed game, and the solver's verdicts with its search are the plain search's.

use canfield_native::rules::{
    Rules, MODE_ANY, MODE_SINGLE, MODE_TOP_OR_WHOLE, MODE_WHOLE, RESERVE_FOUNDATIONS, RESERVE_LAST,
};
use canfield_native::solver::{
    shapes_cover, solve_scheduled, solve_shapes, solve_with, Limits, Pruning, Schedule, Verdict,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod common;
use common::{
    any_suit, check_line, draw_one, free_fill, rules_building, rules_moving, walk, walked,
};

/// Rainbow's rules: one pass, one card a turn, any suit, the top card or the whole column.
fn rainbow() -> Arc<Rules> {
    draw_one(rules_building(any_suit, MODE_TOP_OR_WHOLE, false, Some(1)))
}

/// One pass, one card a turn, the top card or the whole column: Rainbow's rules, and the same
/// under alternate colours.
fn one_pass() -> [Arc<Rules>; 2] {
    [
        rainbow(),
        draw_one(rules_moving(
            MODE_TOP_OR_WHOLE,
            false,
            Some(1),
            vec![1],
            true,
        )),
    ]
}

/// A budget of `n` positions, in 64 MiB.
fn budget(n: u64, stop: &AtomicBool) -> Limits<'_> {
    Limits {
        max_states: Some(n),
        deadline: None,
        memory: 1 << 26,
        stop,
    }
}

/// Rainbow's rules with the reserve's play rule `play`.
fn reserve_playing(play: u8) -> Arc<Rules> {
    let mut rules = Rules::clone(&rainbow());
    rules.reserve_play = play;
    Arc::new(rules)
}

#[test]
fn every_legal_move_maps_to_a_move_of_the_relaxed_game() {
    // The argument, move by move: along random walks under rules the relaxed game covers (any
    // suit or alternate colours; each tableau move mode; one pass, a pass limit with several
    // draw counts, unlimited passes; the reserve's fill or a free one; a reserve that plays only
    // its last card, or only to the foundations; columns that build past the base or not), the
    // image of every child position is one of the relaxed children of its parent's image, the
    // card that comes near in one of the places tried. The stock's turns are folded into the
    // waste card's moves: each position a run of turns leads to is the relaxed game's, and each
    // move of the waste's card from there a relaxed child; past where the relaxed turns stop,
    // each position the turns lead to is one they turned with fewer passes used. Mutations
    // checked: stopping the turns at the first pass turned again, placing the coming card only
    // at place 0, or not keeping the split canonical each fail it.
    let rule_sets = [
        rainbow(),
        draw_one(rules_building(any_suit, MODE_ANY, false, None)),
        rules_building(any_suit, MODE_WHOLE, false, Some(2)),
        rules_building(any_suit, MODE_SINGLE, false, Some(1)),
        free_fill(rainbow()),
        rules_moving(MODE_TOP_OR_WHOLE, false, None, vec![3], false),
        free_fill(rules_moving(MODE_TOP_OR_WHOLE, false, None, vec![3], true)),
        rules_moving(MODE_ANY, false, Some(3), vec![3, 2, 1], false),
        reserve_playing(RESERVE_LAST),
        reserve_playing(RESERVE_FOUNDATIONS),
    ];
    let mut checked = 0;
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..30 {
            let mut e = walked(rules, 15_000, seed, 0);
            walk(&mut e, seed + 1, 150, |e, step| {
                let covered = shapes_cover(e);
                assert_eq!(covered, Some(true), "rules {r} seed {seed} step {step}");
                checked += 1;
            });
        }
    }
    assert!(checked > 25_000, "{checked} positions checked");
}

#[test]
fn the_relaxed_game_does_not_apply_to_take_back() {
    // A card that comes back from a foundation is not a move of the relaxed game.
    let mut e = walked(
        &rules_moving(MODE_ANY, true, None, vec![3], false),
        15_500,
        1,
        20,
    );
    assert_eq!(shapes_cover(&mut e), None);
}

#[test]
fn a_position_lost_in_the_relaxed_game_is_lost() {
    // The relaxation's verdict against the plain search (no pruning) of the real rules: on
    // positions of random walks under Rainbow's rules and under alternate colours in one pass
    // (the top card or the whole column, or any run), the relaxed game is never lost where the
    // real one is won, proves many positions lost, and in fewer positions than the plain search.
    let stop = AtomicBool::new(false);
    let limits = |n: u64| budget(n, &stop);
    let mut rule_sets = one_pass().to_vec();
    rule_sets.push(rules_moving(MODE_ANY, false, Some(1), vec![3], true));
    let (mut compared, mut lost) = (0, 0);
    let (mut relaxed_states, mut plain_states) = (0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..30 {
            let mut e = walked(rules, 17_000, seed, (seed % 3 * 10) as usize);
            let relaxed = solve_shapes(&e, &limits(400_000), false).expect("it applies");
            let plain = solve_with(&mut e, &limits(400_000), false, Pruning::NONE);
            if plain.verdict == Verdict::Unknown || relaxed.verdict == Verdict::Unknown {
                continue;
            }
            compared += 1;
            if relaxed.verdict == Verdict::Lost {
                assert_eq!(plain.verdict, Verdict::Lost, "rules {r} seed {seed}");
                lost += 1;
                relaxed_states += relaxed.states;
                plain_states += plain.states;
            }
        }
    }
    assert!(
        compared >= 50 && lost >= 40 && relaxed_states < plain_states,
        "compared {compared}, lost {lost} in {relaxed_states} positions, plain {plain_states}"
    );
}

#[test]
fn the_relaxed_search_keeps_the_verdicts() {
    // The solver's search of the relaxed game (`Pruning::shapes`), after 4,000 positions of the
    // real rules here (30 million in the solver's schedule): on positions of random walks under
    // Rainbow's rules and alternate colours with the top card or the whole column, its verdicts
    // are the plain search's and those of the solver without it, and the lines replay. It only
    // adds its turns: the other searches search as they would without it (their races cut at
    // its turns go on where they were, and it takes no memory they may take), so a position
    // won both ways is won by the same line, in more positions. (A random deal's relaxed proof
    // takes more than such budgets give it: `a_position_lost_in_the_relaxed_game_is_lost` runs
    // the relaxed search alone.)
    let stop = AtomicBool::new(false);
    let limits = |n: u64| budget(n, &stop);
    let rule_sets = one_pass();
    let off = Pruning {
        shapes: false,
        ..Pruning::ALL
    };
    let early = Schedule {
        far_after: 2_000,
        shapes_after: 4_000,
        ..Schedule::DEFAULT
    };
    let (mut lost, mut compared, mut same_line) = (0, 0, 0);
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..60 {
            let mut e = walked(rules, 16_000, seed, (seed % 4 * 10) as usize);
            let on = solve_scheduled(&mut e, &limits(150_000), false, Pruning::ALL, early);
            let without = solve_scheduled(&mut e, &limits(150_000), false, off, early);
            check_line(&e, &on);
            if on.verdict == Verdict::Unknown {
                continue;
            }
            let plain = solve_with(&mut e, &limits(3_000_000), false, Pruning::NONE);
            if plain.verdict != Verdict::Unknown {
                assert_eq!(on.verdict, plain.verdict, "rules {r} seed {seed}");
                compared += 1;
            }
            if without.verdict != Verdict::Unknown {
                assert_eq!(on.verdict, without.verdict, "rules {r} seed {seed}");
            }
            if on.verdict == Verdict::Won && without.verdict == Verdict::Won {
                assert_eq!(on.line, without.line, "rules {r} seed {seed}");
                assert!(on.states >= without.states, "rules {r} seed {seed}");
                same_line += 1;
            }
            lost += usize::from(on.verdict == Verdict::Lost);
        }
    }
    assert!(
        compared >= 40 && lost >= 20 && same_line >= 5,
        "compared {compared}, lost {lost}, won by the same line {same_line}"
    );
}
