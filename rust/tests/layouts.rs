//! Foundation layouts of the rules' own (`Rules::piles`): two piles a suit running opposite ways
//! with take-back between them (Lafayette), one pile taking four of a kind (Beehive), piles of any
//! suit that open once the dealt one is complete (The Plot). Make and unmake restore position and
//! hash, the hash kept move by move is the one computed afresh, a malformed pile is refused, and
//! the solver's verdicts with each pruning switched off agree with the search with all of them.

use canfield_native::engine::{Engine, Position};
use canfield_native::moves::{col_index, Move, WASTE};
use canfield_native::rules::{PileRule, Rules};
use canfield_native::solver::{children_hashed_unplayed, solve_with, Limits, Pruning, Verdict};
use common::{agrees_with_each_pruning_off, count_settled, deck, walk};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod common;

const ONE: PileRule = PileRule {
    suit: None,
    start: None,
    down: false,
    wraps: true,
    set: false,
    dealt: false,
    after: None,
};

/// Per suit, one pile up from the ace and one down from the king, neither wrapping.
fn two_way() -> Vec<PileRule> {
    (0..4)
        .flat_map(|s| {
            [
                PileRule {
                    suit: Some(s),
                    start: Some(0),
                    wraps: false,
                    ..ONE
                },
                PileRule {
                    suit: Some(s),
                    start: Some(12),
                    down: true,
                    wraps: false,
                    ..ONE
                },
            ]
        })
        .collect()
}

/// One pile of sets.
fn hive() -> Vec<PileRule> {
    vec![PileRule { set: true, ..ONE }]
}

/// Two piles of sets (two decks: each holds 13 of the 26 sets).
fn hives() -> Vec<PileRule> {
    vec![PileRule { set: true, ..ONE }; 2]
}

/// Four piles of any suit from the base rank, the first dealt the base card, the others opening
/// once it is complete.
fn plot() -> Vec<PileRule> {
    let mut ps = vec![PileRule { dealt: true, ..ONE }];
    ps.extend((0..3).map(|_| PileRule {
        after: Some(0),
        ..ONE
    }));
    ps
}

/// `columns` columns building by `same_rank` or down in alternate colours, an automatic fill from
/// the reserve, take-back or not, `draw` cards a turn, `passes` passes, and the layout `piles`.
fn rules(
    columns: usize,
    same_rank: bool,
    takeback: bool,
    draw: u8,
    passes: u32,
    piles: Vec<PileRule>,
) -> Arc<Rules> {
    rules_of_decks(1, columns, same_rank, takeback, draw, passes, piles)
}

/// `rules` with `decks` decks shuffled together.
fn rules_of_decks(
    decks: usize,
    columns: usize,
    same_rank: bool,
    takeback: bool,
    draw: u8,
    passes: u32,
    piles: Vec<PileRule>,
) -> Arc<Rules> {
    let builds: Vec<bool> = (0..52 * 52)
        .map(|i| {
            let (s, t) = (i / 52, i % 52);
            if same_rank {
                s % 13 == t % 13
            } else {
                s % 13 + 1 == t % 13 && (s / 13 % 3 == 0) != (t / 13 % 3 == 0)
            }
        })
        .collect();
    Arc::new(
        Rules::new(
            columns,
            decks,
            &builds,
            &[true; 52],
            true,
            0,
            takeback,
            vec![draw],
            Some(passes),
            true,
        )
        .and_then(|r| r.with_foundations(Some(piles)))
        .unwrap(),
    )
}

/// The Plot's rules on one deck: `columns` columns building down in any suit, one card at a time,
/// a reserve that plays only to the foundations, `plot()`'s piles, one pass of draw 1, and an
/// empty column that takes only the waste's card, and only the base rank until the dealt pile is
/// complete.
fn plot_rules(columns: usize) -> Arc<Rules> {
    let builds: Vec<bool> = (0..52 * 52)
        .map(|i| (i / 52 % 13 + 1) % 13 == i % 52 % 13)
        .collect();
    Arc::new(
        Rules::new(
            columns,
            1,
            &builds,
            &[true; 52],
            false,
            3,
            false,
            vec![1],
            Some(1),
            true,
        )
        .and_then(|r| r.with_limits(None, 2, false))
        .and_then(|r| r.with_foundations(Some(plot())))
        .and_then(|r| r.with_empty_column(true, true))
        .unwrap(),
    )
}

/// A reserve of `size`, the base card onto the dealt pile where the layout has one, one card a
/// column, the rest the stock; the other piles empty.
fn dealt(rules: &Rules, d: &[u8], size: usize) -> Position {
    let layout = rules.piles.as_ref().unwrap();
    let mut rest = d.to_vec();
    let mut piles = vec![Vec::new(); layout.len()];
    let mut start = 0;
    if let Some(f) = layout.iter().position(|p| p.dealt) {
        let base = rest.remove(size);
        start = base % 13;
        piles[f].push(base);
    }
    let columns = rules.columns;
    Position {
        reserve: rest[..size].to_vec(),
        more_reserves: Vec::new(),
        piles,
        base_open: false,
        start,
        foundations: Vec::new(),
        columns: rest[size..size + columns]
            .iter()
            .map(|&c| vec![c])
            .collect(),
        stock: rest[size + columns..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
    }
}

fn rule_sets() -> Vec<(Arc<Rules>, usize)> {
    vec![
        (rules(4, false, true, 3, 3, two_way()), 13),
        (rules(4, false, false, 1, 1, two_way()), 13),
        (rules(6, true, false, 3, 2, hive()), 13),
        (rules(5, false, true, 1, 2, plot()), 10),
        (plot_rules(12), 10),
        (rules_of_decks(2, 8, true, false, 3, 3, hives()), 20),
    ]
}

/// A shuffle of `decks` decks together, from a seed (`deck(seed)` for one deck).
fn cards(decks: usize, seed: u64) -> Vec<u8> {
    if decks == 1 {
        return deck(seed);
    }
    let mut cards: Vec<u8> = (0..decks as u64).flat_map(|k| deck(seed * 4 + k)).collect();
    let order = deck(seed * 4 + 3);
    for i in (1..cards.len()).rev() {
        cards.swap(i, usize::from(order[i % 52]) * 7919 % (i + 1));
    }
    cards
}

#[test]
fn the_waste_cards_moves_are_those_the_move_list_has() {
    // The solver folds stock turns into the waste card's moves (`Engine::waste_moves`): they must
    // be the moves `Engine::moves` lists from the waste (in any order), fills of empty columns included.
    let mut fills = [0usize; 2]; // the waste's card onto an empty column: refused, played
    for (rules, size) in rule_sets() {
        for seed in 0..8 {
            let mut e = Engine::new(
                rules.clone(),
                &dealt(&rules, &cards(rules.decks, 700 + seed), size),
            )
            .unwrap();
            let mut wm = Vec::new();
            let mut ms = Vec::new();
            walk(&mut e, seed, 400, |e, _| {
                let Some(&w) = e.waste.last() else { return };
                e.moves(&mut ms);
                e.waste_moves(w, &mut wm);
                let from_waste: Vec<Move> =
                    ms.iter().copied().filter(|m| m.src() == WASTE).collect();
                let mut listed = wm.clone();
                listed.sort_unstable();
                let mut expected = from_waste.clone();
                expected.sort_unstable();
                assert_eq!(listed, expected, "at {:?}", e.position());
                if rules.base_until_first && e.cols.iter().any(Vec::is_empty) {
                    fills[usize::from(
                        from_waste
                            .iter()
                            .any(|m| m.to_column() && e.cols[col_index(m.dst())].is_empty()),
                    )] += 1;
                }
            });
        }
    }
    assert!(
        fills.iter().all(|&n| n > 0),
        "waste fills refused, played: {fills:?}"
    );
}

#[test]
fn make_and_unmake_restore_position_and_hash() {
    let mut kinds = [0usize; 3]; // moves naming a pile, pile to pile, sets
    let mut up = 0;
    for (r, (rules, size)) in rule_sets().iter().enumerate() {
        for seed in 0..6 {
            let pos = dealt(rules, &cards(rules.decks, 100 + seed), *size);
            let mut e = Engine::new(rules.clone(), &pos).unwrap();
            let mut s = seed;
            let mut ms = Vec::new();
            for _ in 0..300 {
                e.moves(&mut ms);
                if ms.is_empty() {
                    break;
                }
                let (before, key) = (e.position(), e.key());
                for &m in &ms.clone() {
                    kinds[0] += usize::from(m.to_pile().is_some());
                    kinds[1] += usize::from(m.from_pile().is_some() && m.to_foundation());
                    kinds[2] += usize::from(m.to_foundation() && m.count() == 4);
                    e.make(m);
                    let fresh = Engine::new(rules.clone(), &e.position()).unwrap();
                    assert_eq!(fresh.key(), e.key(), "rules {r}: hash after {m}");
                    assert_eq!(e.unmake(), Some(m));
                    assert_eq!(
                        (e.position(), e.key()),
                        (before.clone(), key),
                        "rules {r}: {m}"
                    );
                }
                // Prefer moves up, so that the walks fill the piles.
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
                let ups: Vec<Move> = ms.iter().copied().filter(|m| m.to_foundation()).collect();
                let m = if !ups.is_empty() && s >> 62 != 0 {
                    ups[(s >> 33) as usize % ups.len()]
                } else {
                    ms[(s >> 33) as usize % ms.len()]
                };
                e.make(m);
            }
            up = up.max(e.fp.iter().map(Vec::len).sum::<usize>());
        }
    }
    assert!(kinds.iter().all(|&k| k > 0), "kinds met: {kinds:?}");
    assert!(up >= 30, "the walks put {up} cards up at most");
}

#[test]
fn children_hashed_without_playing_have_their_played_key() {
    // With a foundation layout, the moves that put no card up are hashed unplayed (their keys
    // kept by the stock, waste, reserve and column keys alone), with the plain keys and with the
    // solver's: on random walks, each is its child's played key.
    for (r, (rules, size)) in rule_sets().iter().enumerate() {
        let mut unplayed = 0;
        for solver_keys in [false, true] {
            for seed in 0..4 {
                let pos = dealt(rules, &cards(rules.decks, 500 + seed), *size);
                let mut e = Engine::new(rules.clone(), &pos).unwrap();
                if solver_keys {
                    e.use_solver_keys();
                }
                walk(&mut e, seed, 150, |e, step| {
                    let n = children_hashed_unplayed(e);
                    assert!(
                        n.is_some(),
                        "rules {r} keys {solver_keys} seed {seed} step {step}"
                    );
                    unplayed += n.unwrap_or(0);
                });
            }
        }
        assert!(
            unplayed > 100,
            "rules {r}: {unplayed} children hashed unplayed"
        );
    }
}

#[test]
fn malformed_piles_are_refused() {
    let (laf, size) = rule_sets().remove(0);
    let good = dealt(&laf, &deck(5), size);
    let mut bad = good.clone();
    bad.foundations = (0..4).map(|s| (s, 0)).collect();
    assert!(
        Engine::new(laf.clone(), &bad).is_err(),
        "usual foundations too"
    );
    let mut bad = good.clone();
    bad.piles.pop();
    assert!(Engine::new(laf.clone(), &bad).is_err(), "a pile short");
    // The two of spades alone on the spade pile that starts with the ace.
    let mut bad = good.clone();
    let two = bad.stock.iter().position(|&c| c == 1);
    if let Some(i) = two {
        bad.stock.remove(i);
        bad.piles[0].push(1);
        assert!(
            Engine::new(laf.clone(), &bad).is_err(),
            "a pile out of sequence"
        );
    }
    // Without take-back, a card of the base rank on a pile that opens after the dealt one.
    let plot = rules(5, false, false, 1, 2, plot());
    let mut bad = dealt(&plot, &deck(5), 10);
    let i = bad.stock.iter().position(|&c| c % 13 == bad.start).unwrap();
    let c = bad.stock.remove(i);
    bad.piles[1].push(c);
    let why = Engine::new(plot, &bad).unwrap_err();
    assert!(why.contains("opens only once"), "{why}");
}

#[test]
fn prunings_keep_the_verdicts_with_foundation_layouts() {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_states: Some(200_000),
        deadline: None,
        memory: 1 << 24,
        stop: &stop,
    };
    let mut settled = [0; Pruning::EACH_OFF.len()];
    let mut verdicts = [0; 2];
    for (r, (rules, size)) in rule_sets().iter().enumerate() {
        for seed in 0..10 {
            let d = dealt(rules, &cards(rules.decks, 9000 + seed), *size);
            let mut e = Engine::new(rules.clone(), &d).unwrap();
            let what = format!("rules {r} seed {seed}");
            if let Some((verdict, each)) = agrees_with_each_pruning_off(&mut e, &limits, &what) {
                verdicts[usize::from(verdict == Verdict::Won)] += 1;
                count_settled(&mut settled, each);
            }
        }
    }
    assert!(settled.iter().all(|&n| n >= 10), "settled {settled:?}");
    assert!(verdicts[1] >= 10, "lost, won: {verdicts:?}");
}

#[test]
fn a_reserve_that_cannot_go_up_in_its_order_is_lost_at_once() {
    // The Plot's rules on one deck (four piles, three opening after the first): a deal whose
    // reserve cannot split into runs rising over the piles is lost at its first position, and
    // the search without that rule never wins one (nor proves one lost within the budget: the
    // rule is what settles them).
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_states: Some(100_000),
        deadline: None,
        memory: 1 << 24,
        stop: &stop,
    };
    let rules = plot_rules(12);
    let without = Pruning {
        reserve_order: false,
        ..Pruning::ALL
    };
    let (mut dead, mut settled_without, mut others) = (0, 0, 0);
    for seed in 0..80 {
        let d = dealt(&rules, &cards(1, 7000 + seed), 10);
        let mut e = Engine::new(rules.clone(), &d).unwrap();
        let with = solve_with(&mut e, &limits, false, Pruning::ALL);
        if with.verdict == Verdict::Lost && with.states == 1 {
            dead += 1;
            let plain = solve_with(&mut e, &limits, false, without);
            assert_ne!(plain.verdict, Verdict::Won, "seed {seed}");
            settled_without += usize::from(plain.verdict != Verdict::Unknown);
        } else {
            others += 1;
        }
    }
    assert!(
        dead >= 10 && others >= 10,
        "{dead} lost at once, {others} not"
    );
    assert!(settled_without < dead, "{settled_without} of {dead}");
}

/// `pos` with the cards of each rank relabelled among themselves: each rank's suits permuted, by
/// a permutation from `seed` and the rank.
fn relabel(pos: &Position, seed: u64) -> Position {
    let perm = |r: u8| {
        let order = deck(seed * 13 + u64::from(r));
        let mut suits: Vec<u8> = order.iter().filter(|&&c| c < 4).copied().collect();
        suits.dedup();
        suits
    };
    let perms: Vec<Vec<u8>> = (0..13).map(perm).collect();
    let map = |cs: &[u8]| -> Vec<u8> {
        cs.iter()
            .map(|&c| perms[usize::from(c % 13)][usize::from(c / 13)] * 13 + c % 13)
            .collect()
    };
    Position {
        reserve: map(&pos.reserve),
        more_reserves: pos.more_reserves.iter().map(|p| map(p)).collect(),
        columns: pos.columns.iter().map(|c| map(c)).collect(),
        stock: map(&pos.stock),
        waste: map(&pos.waste),
        piles: pos.piles.iter().map(|p| map(p)).collect(),
        ..pos.clone()
    }
}

#[test]
fn solver_keys_are_kept_move_by_move_and_know_relabelled_positions_as_one() {
    // The solver's keys (`Engine::use_solver_keys`) hash each card as its rank under rules blind
    // to suits, interchangeable piles as a multiset, a set pile's sets in any order: kept by make
    // and unmake, equal to the keys computed afresh, and the same for positions that differ only
    // by a relabelling of each rank's cards, or by which of two interchangeable piles holds what.
    let solver_key = |rules: &Arc<Rules>, pos: &Position| {
        let mut e = Engine::new(rules.clone(), pos).unwrap();
        e.use_solver_keys();
        e.key2(e.recycles)
    };
    let plain_key =
        |rules: &Arc<Rules>, pos: &Position| Engine::new(rules.clone(), pos).unwrap().key();
    let mut relabelled = [0usize; 2]; // relabellings met: plain keys the same, different
    let mut swapped = 0;
    let mut blind_sets = 0;
    for (r, (rules, size)) in rule_sets().iter().enumerate() {
        let blind = rules.suit_blind();
        blind_sets += usize::from(blind);
        let classes = rules.pile_classes();
        for seed in 0..6 {
            let deal = dealt(rules, &cards(rules.decks, 300 + seed), *size);
            let mut e = Engine::new(rules.clone(), &deal).unwrap();
            e.use_solver_keys();
            let mut ms = Vec::new();
            walk(&mut e, seed, 300, |e, step| {
                let (pos, key) = (e.position(), e.key2(e.recycles));
                assert_eq!(
                    solver_key(rules, &pos),
                    key,
                    "rules {r}: afresh at step {step}"
                );
                e.moves(&mut ms);
                for &m in &ms {
                    e.make(m);
                    e.unmake();
                    assert_eq!(e.key2(e.recycles), key, "rules {r}: {m} and back");
                }
                if blind && step % 10 == 0 {
                    let other = relabel(&pos, seed + step as u64);
                    assert_eq!(solver_key(rules, &other), key, "rules {r}: relabelled");
                    relabelled[usize::from(plain_key(rules, &other) != plain_key(rules, &pos))] +=
                        1;
                }
                for f in 0..classes.len() {
                    for g in f + 1..classes.len() {
                        if classes[f] == classes[g] && pos.piles[f] != pos.piles[g] {
                            let mut other = pos.clone();
                            other.piles.swap(f, g);
                            assert_eq!(solver_key(rules, &other), key, "rules {r}: piles {f}, {g}");
                            swapped += 1;
                        }
                    }
                }
            });
        }
    }
    assert!(blind_sets >= 3, "rule sets blind to suits: {blind_sets}");
    assert!(
        relabelled[1] >= 20,
        "relabellings (plain keys the same, different): {relabelled:?}"
    );
    assert!(swapped >= 20, "piles swapped: {swapped}");
}

#[test]
fn rules_that_see_suits_are_not_blind_to_them() {
    // Suits matter where columns build in alternate colours, or a pile takes one suit.
    assert!(!rules(4, false, true, 3, 3, two_way()).suit_blind());
    assert!(!rules(5, false, true, 1, 2, plot()).suit_blind());
    assert!(!rules(6, true, false, 3, 2, two_way()).suit_blind());
    assert!(rules(6, true, false, 3, 2, hive()).suit_blind());
    assert!(plot_rules(12).suit_blind());
    assert_eq!(plot_rules(12).pile_classes(), vec![0, 1, 1, 1]);
    assert_eq!(
        rules(4, false, true, 3, 3, two_way()).pile_classes(),
        (0..8).collect::<Vec<_>>()
    );
}
