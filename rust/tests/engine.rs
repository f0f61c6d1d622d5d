//! The engine on hand-built rules and positions, and the position decoder fed anything at all
//! (proptest): a bad position is an error, never a panic.

use canfield_native::engine::{Engine, Position};
use canfield_native::moves::Move;
use canfield_native::rules::Rules;
use canfield_native::solver::children_hashed_unplayed;
use proptest::prelude::*;

mod common;
use common::{
    canfield_rules, dealt, dealt_face_down, deck, face_down_rules, free_fill, rules_moving,
    rules_of_decks, rules_with, walk, walked,
};

#[test]
fn make_unmake_restores_position_and_key_on_random_walks() {
    for seed in 0..40 {
        let mut e = Engine::new(canfield_rules(true, None), &dealt(&deck(seed))).unwrap();
        let mut ms = Vec::new();
        walk(&mut e, seed, 300, |e, _| {
            // Every card is somewhere, once, and the hash kept move by move is the position's.
            let (before, key) = (e.position(), e.key());
            assert!(before.check(&e.rules).is_ok());
            let fresh = Engine::new(e.rules.clone(), &before).unwrap();
            assert_eq!(fresh.key2(e.recycles), e.key2(e.recycles));
            e.moves(&mut ms);
            for &m in &ms {
                e.make(m);
                assert_eq!(e.unmake(), Some(m));
                assert_eq!(e.position(), before);
                assert_eq!(e.key(), key);
            }
        });
    }
}

#[test]
fn perft_counts_every_sequence() {
    let mut e = Engine::new(canfield_rules(true, None), &dealt(&deck(7))).unwrap();
    let mut ms = Vec::new();
    e.moves(&mut ms);
    let by_hand: u64 = ms
        .clone()
        .into_iter()
        .map(|m| {
            e.make(m);
            let n = e.perft(2);
            e.unmake();
            n
        })
        .sum();
    assert_eq!(e.perft(3), by_hand);
    assert_eq!(e.perft(0), 1);
    assert_eq!(e.perft(1), ms.len() as u64);
}

#[test]
fn key_ignores_column_order() {
    let p = dealt(&deck(3));
    let mut q = p.clone();
    q.columns.reverse();
    let rules = canfield_rules(true, None);
    assert_eq!(
        Engine::new(rules.clone(), &p).unwrap().key(),
        Engine::new(rules, &q).unwrap().key()
    );
}

#[test]
fn limits_are_checked() {
    // A column limit of no card, or a reserve play rule past the last, is refused.
    let rules = || {
        Rules::new(
            4,
            1,
            &[false; 2704],
            &[true; 52],
            true,
            3,
            true,
            vec![3],
            None,
            true,
        )
    };
    assert!(rules().unwrap().with_limits(Some(0), 0, false).is_err());
    assert!(rules().unwrap().with_limits(None, 3, false).is_err());
    assert!(rules().unwrap().with_limits(Some(3), 2, true).is_ok());
}

#[test]
fn tables_are_checked() {
    // (columns, decks, build entries, mode, draws, pass limit): each one wrong somewhere.
    type Table = (usize, usize, usize, u8, Vec<u8>, Option<u32>);
    let bad: [Table; 7] = [
        (0, 1, 2704, 0, vec![3], None),
        (4, 5, 2704, 0, vec![3], None),
        (4, 1, 100, 0, vec![3], None),
        (4, 1, 2704, 4, vec![3], None),
        (4, 1, 2704, 0, vec![], None),
        (4, 1, 2704, 0, vec![64], None),
        (4, 1, 2704, 0, vec![3], Some(0)),
    ];
    for (columns, decks, entries, mode, draws, limit) in bad {
        let builds = vec![false; entries];
        assert!(Rules::new(
            columns,
            decks,
            &builds,
            &[true; 52],
            true,
            mode,
            true,
            draws,
            limit,
            true
        )
        .is_err());
    }
    assert!(Rules::new(
        4,
        1,
        &[false; 2704],
        &[true; 52],
        true,
        0,
        true,
        vec![3],
        None,
        true
    )
    .is_ok());
}

proptest! {
    #[test]
    fn any_position_is_checked_never_a_panic(
        reserve in proptest::collection::vec(0u8..60, 0..20),
        start in 0u8..16,
        foundations in proptest::collection::vec((0u8..6, 0u8..16), 0..6),
        columns in proptest::collection::vec(proptest::collection::vec(0u8..60, 0..8), 0..6),
        stock in proptest::collection::vec(0u8..60, 0..40),
        waste in proptest::collection::vec(0u8..60, 0..10),
        recycles in 0u32..4,
    ) {
        let pos = Position { reserve, start, foundations, columns, stock, waste, recycles, face_down: Vec::new(), more_reserves: Vec::new(), piles: Vec::new(), base_open: false };
        if let Ok(mut e) = Engine::new(canfield_rules(true, Some(2)), &pos) {
            let mut ms = Vec::new();
            e.moves(&mut ms);
            for m in ms {
                e.make(m);
                e.unmake();
            }
        }
    }

    #[test]
    fn shuffled_deals_check_and_play(seed in any::<u64>()) {
        let pos = dealt(&deck(seed));
        let e = Engine::new(canfield_rules(false, None), &pos).unwrap();
        let mut ms = Vec::new();
        e.moves(&mut ms);
        prop_assert!(!ms.is_empty());
        prop_assert!(!e.is_won());
    }
}

#[test]
fn turning_the_waste_back_keeps_the_key_the_solver_gives_it() {
    // `key2_turned_back` is the key the position has once its waste is turned back over: the
    // solver stores positions a pass would stop at under it (see `solver::fingerprint`).
    for seed in 0..20 {
        let mut e = Engine::new(canfield_rules(false, None), &dealt(&deck(seed))).unwrap();
        for _ in 0..seed % 9 {
            e.make(Move::STOCK);
        }
        let back = e.key2_turned_back(0);
        assert_ne!(e.waste.is_empty(), back != e.key2(0), "seed {seed}");
        while !e.stock.is_empty() {
            e.make(Move::STOCK);
            assert_eq!(e.key2_turned_back(0), back, "seed {seed}");
        }
        e.make(Move::STOCK); // the recycle
        assert!(e.waste.is_empty());
        assert_eq!(e.key2(0), back, "seed {seed}");
    }
}

#[test]
fn children_hashed_without_playing_have_their_played_key() {
    // The solver looks children up before playing them (`Engine::child`): on random walks under
    // several rules, every search move's child must get the key it has once played.
    let rules = [
        rules_with(true, None, vec![3], true),
        rules_with(false, None, vec![3], false),
        rules_with(false, None, vec![3, 3, 1], true),
        rules_with(true, Some(3), vec![1], true),
    ];
    for (r, rules) in rules.iter().enumerate() {
        for seed in 0..12 {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(seed))).unwrap();
            walk(&mut e, seed, 250, |e, step| {
                assert!(
                    children_hashed_unplayed(e).is_some(),
                    "rules {r} seed {seed} step {step}"
                );
            });
        }
    }
}

#[test]
fn children_hashed_by_place_without_playing_have_their_played_key() {
    // Where the stock and the waste are hashed by place (several decks; one deck with cards
    // known by their class), children are hashed unplayed too, but after a recycle: on random
    // walks, each such key is its child's played key, and most children are hashed so.
    let mut class: [u8; 52] = std::array::from_fn(|c| c as u8);
    for c in [7, 8, 9, 10, 11, 12] {
        class[c + 13] = c as u8; // (spades and hearts alike from the eight up)
    }
    let rule_sets = [
        (rules_of_decks(2, 0, false, None, vec![3], true), false),
        (
            rules_of_decks(2, 1, true, Some(3), vec![3, 2, 1], true),
            false,
        ),
        (rules_of_decks(3, 2, false, Some(1), vec![1], false), false),
        (rules_of_decks(2, 0, false, Some(1), vec![1], true), false),
        (rules_with(false, Some(1), vec![1], true), true),
        (rules_with(false, None, vec![3], false), true),
    ];
    for (r, (rules, classes)) in rule_sets.iter().enumerate() {
        let (mut unplayed, mut positions) = (0, 0);
        for seed in 0..8 {
            let mut e = walked(rules, 40, seed, 0);
            if *classes {
                e.use_class_keys(&class);
            }
            walk(&mut e, seed, 200, |e, step| {
                let n = children_hashed_unplayed(e);
                assert!(n.is_some(), "rules {r} seed {seed} step {step}");
                unplayed += n.unwrap_or(0);
                positions += 1;
            });
        }
        assert!(
            unplayed > positions / 2,
            "rules {r}: {unplayed} children of {positions} positions"
        );
    }
}

#[test]
fn many_stock_turns_at_once_are_the_same_turns_one_by_one() {
    // `make_turns(k)` (the solver's folded stock turns) makes the same position, undo records
    // and key as `k` calls of `make(0)`, and `unmake_turns(k)` takes them back; recycles and a
    // pass limit included.
    for rules in [
        canfield_rules(false, None),
        rules_with(false, Some(2), vec![3, 1], true),
    ] {
        for seed in 0..20 {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(seed))).unwrap();
            let mut ms = Vec::new();
            walk(&mut e, seed, 120, |e, _| {
                let mut one = e.clone();
                let mut k = 0;
                while k < 15 {
                    one.moves(&mut ms);
                    if !ms.contains(&Move::STOCK) {
                        break;
                    }
                    one.make(Move::STOCK);
                    k += 1;
                }
                let (before, key) = (e.position(), e.key());
                e.make_turns(k);
                assert_eq!(e.position(), one.position(), "seed {seed}, {k} turns");
                assert_eq!(e.made(), one.made());
                assert_eq!(e.key(), one.key());
                e.unmake_turns(k);
                assert_eq!(e.position(), before);
                assert_eq!(e.key(), key);
            });
        }
    }
}

#[test]
fn moves_with_room_kept_between_calls_are_the_moves() {
    // The solver keeps one list of movable cards for every call (`Engine::moves_with`); what it
    // held from another position, another rule set or another deck count changes nothing.
    let rule_sets = [
        free_fill(canfield_rules(true, None)),
        free_fill(rules_moving(1, false, Some(1), vec![1], false)),
        free_fill(rules_of_decks(2, 1, false, Some(2), vec![3], true)),
        rules_of_decks(2, 0, true, None, vec![3], true),
    ];
    let mut sources = vec![(0, Move::STOCK); 40];
    let (mut fresh, mut kept) = (Vec::new(), Vec::new());
    let mut with_empty = 0;
    for rules in &rule_sets {
        for seed in 0..40 {
            let mut e = walked(rules, 9100, seed, 0);
            walk(&mut e, seed, 300, |e, step| {
                e.moves(&mut fresh);
                e.moves_with(&mut kept, &mut sources);
                assert_eq!(fresh, kept, "seed {seed}, step {step}");
                with_empty += usize::from(e.cols.iter().any(Vec::is_empty));
            });
        }
    }
    assert!(
        with_empty > 500,
        "{with_empty} positions with an empty column"
    );
}

#[test]
fn copy_from_makes_the_same_engine() {
    // An engine made a copy of another (as the beam copies its levels) equals it in every field,
    // history included, whatever it held before: one deck and two, other positions and histories.
    let rule_sets = [
        canfield_rules(true, None),
        rules_of_decks(2, 1, false, Some(2), vec![3], true),
    ];
    for rules in &rule_sets {
        for seed in 0..10 {
            let mut src = walked(rules, 7700, seed, 30);
            walk(&mut src, seed + 1, (seed * 3) as usize, |_, _| {});
            let mut dst = walked(rules, 7800, seed, (seed * 7) as usize);
            walk(&mut dst, seed + 2, 20, |_, _| {});
            dst.copy_from(&src);
            assert_eq!(format!("{dst:?}"), format!("{src:?}"), "seed {seed}");
        }
    }
}

#[test]
fn face_down_cards_turn_up_and_back_down_with_their_move() {
    // Under face-down columns, single-card moves, a column limit and a reserve that plays only
    // its last card: every make and unmake restores the position, its face-down cards and its
    // key; the engine's key is the fresh engine's; children hashed unplayed have their key.
    let rule_sets = [
        face_down_rules(0, None, 0),
        face_down_rules(3, Some(5), 1),
        face_down_rules(1, Some(6), 2),
    ];
    let mut flips = 0;
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..16 {
            let mut e = Engine::new(rules.clone(), &dealt_face_down(&deck(seed))).unwrap();
            let mut ms = Vec::new();
            walk(&mut e, seed, 200, |e, step| {
                let (before, key) = (e.position(), e.key());
                assert!(
                    before.check(&e.rules).is_ok(),
                    "rules {r} seed {seed} step {step}"
                );
                let fresh = Engine::new(e.rules.clone(), &before).unwrap();
                assert_eq!(fresh.key2(e.recycles), e.key2(e.recycles));
                e.moves(&mut ms);
                for &m in &ms {
                    let down: u32 = e.down.iter().map(|d| d.count_ones()).sum();
                    e.make(m);
                    let after: u32 = e.down.iter().map(|d| d.count_ones()).sum();
                    assert!(after == down || (after + 1 == down && m.from_column()));
                    flips += usize::from(after < down);
                    assert!(e
                        .cols
                        .iter()
                        .zip(&e.down)
                        .all(|(c, &d)| c.is_empty() || d >> (c.len() - 1) & 1 == 0));
                    e.unmake();
                    assert_eq!(e.position(), before, "rules {r} seed {seed} {m}");
                    assert_eq!(e.key(), key);
                }
                assert!(
                    children_hashed_unplayed(e).is_some(),
                    "rules {r} seed {seed} step {step}"
                );
            });
        }
    }
    assert!(flips > 500, "{flips} turn-ups");
}
