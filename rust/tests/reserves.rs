//! Several reserve piles and the fill from the waste (Gate's and Duke's rules): make and unmake,
//! keys, the fill's order, and the solver's verdicts with each pruning switched off.

use canfield_native::engine::{Engine, Position};
use canfield_native::moves::{col, reserve, Move, RESERVE, RESERVES, WASTE};
use canfield_native::rules::Rules;
use canfield_native::solver::{children_hashed_unplayed, Limits, Pruning, Verdict};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod common;
use common::{agrees_with_each_pruning_off, count_settled, deck, red, walk};

/// Gate's columns (down in alternate colours, no king on an ace, any run moves, aces first on
/// empty foundations) with `piles` reserve piles, `columns` columns, an automatic fill or not,
/// the waste's fill, take-back, and `passes` passes of one card at a time.
fn rules(
    piles: usize,
    columns: usize,
    auto: bool,
    waste: bool,
    takeback: bool,
    passes: u32,
) -> Arc<Rules> {
    let builds: Vec<bool> = (0..52 * 52)
        .map(|i| {
            let (s, t) = (i / 52, i % 52);
            red(s) != red(t) && s % 13 + 1 == t % 13
        })
        .collect();
    let rules = Rules::new(
        columns,
        1,
        &builds,
        &[true; 52],
        auto,
        0,
        takeback,
        vec![1],
        Some(passes),
        true,
    )
    .unwrap()
    .with_reserves(piles, waste)
    .unwrap();
    Arc::new(rules)
}

/// Gate: 2 piles of 5, 8 columns, fill from the fuller pile then the waste, one pass.
fn gate(takeback: bool) -> Arc<Rules> {
    rules(2, 8, true, true, takeback, 1)
}

/// Duke: 4 piles of 3, 4 columns, no automatic fill, 3 passes.
fn duke(takeback: bool) -> Arc<Rules> {
    rules(4, 4, false, false, takeback, 3)
}

/// The deal of a deck: `piles` reserve piles of `size`, one card a column, the rest the stock;
/// the foundations empty.
fn dealt(d: &[u8], piles: usize, size: usize, columns: usize) -> Position {
    let n = piles * size;
    Position {
        reserve: d[..size].to_vec(),
        more_reserves: (1..piles)
            .map(|k| d[k * size..(k + 1) * size].to_vec())
            .collect(),
        piles: Vec::new(),
        start: 0,
        foundations: (0..4).map(|s| (s, 0)).collect(),
        columns: d[n..n + columns].iter().map(|&c| vec![c]).collect(),
        stock: d[n + columns..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        base_open: false,
    }
}

#[test]
fn make_and_unmake_restore_every_pile_and_the_key() {
    // Every move from every position of random walks under Gate's and Duke's rules is undone
    // exactly (each pile, the fill's card back where it came from) with its key; the key is the
    // fresh engine's; children hashed unplayed have their played key. The walks meet fills from
    // both piles and from the waste, and moves from every pile.
    let (mut pile_fills, mut waste_fills, mut from_piles) = ([0usize; 2], 0, [0usize; 4]);
    for (r, (rules, piles, size, columns)) in [
        (gate(false), 2, 5, 8),
        (gate(true), 2, 5, 8),
        (duke(true), 4, 3, 4),
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..24 {
            let mut e =
                Engine::new(rules.clone(), &dealt(&deck(seed), piles, size, columns)).unwrap();
            let mut ms = Vec::new();
            walk(&mut e, seed, 150, |e, step| {
                let (before, key) = (e.position(), e.key());
                let fresh = Engine::new(e.rules.clone(), &before).unwrap();
                assert_eq!(
                    fresh.key2(e.recycles),
                    e.key2(e.recycles),
                    "rules {r} seed {seed} step {step}"
                );
                e.moves(&mut ms);
                for &m in &ms {
                    if let Some(k) = m.from_reserve() {
                        from_piles[k] += 1;
                    }
                    e.make(m);
                    let rec = *e.hist.last().unwrap();
                    if rec.filled() {
                        pile_fills[rec.fill_pile().min(1)] += 1;
                    }
                    waste_fills += usize::from(rec.waste_filled());
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
    assert!(pile_fills.iter().all(|&n| n > 50), "fills {pile_fills:?}");
    assert!(waste_fills > 20, "{waste_fills} fills from the waste");
    assert!(
        from_piles.iter().all(|&n| n > 50),
        "moves from the piles {from_piles:?}"
    );
}

#[test]
fn the_fullest_pile_fills_the_left_one_on_a_tie_then_the_waste() {
    // Columns 5H / 4S (the rest empty of interest): 4S goes on 5H, emptying column 2.
    let rules = rules(2, 2, true, true, false, 1);
    let at = |res: Vec<u8>, more: Vec<u8>, waste: Vec<u8>| {
        let mut used = vec![17u8, 3]; // 5H, 4S
        used.extend(&res);
        used.extend(&more);
        used.extend(&waste);
        let stock: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        let pos = Position {
            reserve: res,
            more_reserves: vec![more],
            base_open: false,
            piles: Vec::new(),
            start: 0,
            foundations: (0..4).map(|s| (s, 0)).collect(),
            columns: vec![vec![17], vec![3]],
            stock,
            waste,
            recycles: 0,
            face_down: Vec::new(),
        };
        let mut e = Engine::new(rules.clone(), &pos).unwrap();
        e.make(Move::new(col(1), col(0), 1));
        e.cols[1].clone()
    };
    assert_eq!(at(vec![30, 31], vec![40, 41], vec![]), vec![31]); // a tie: the left pile
    assert_eq!(at(vec![30], vec![40, 41], vec![]), vec![41]); // the fuller pile
    assert_eq!(at(vec![], vec![], vec![44, 45]), vec![45]); // no pile: the waste's top card
    assert_eq!(at(vec![], vec![], vec![]), Vec::<u8>::new()); // nothing: it stays empty
}

#[test]
fn each_pile_plays_from_its_own_place() {
    assert_eq!(reserve(0), RESERVE);
    assert_eq!(reserve(1), RESERVES);
    let e = Engine::new(duke(false), &dealt(&deck(7), 4, 3, 4)).unwrap();
    let mut ms = Vec::new();
    e.moves(&mut ms);
    for m in ms.iter().filter(|m| m.from_reserve().is_some()) {
        let k = m.from_reserve().unwrap();
        assert!(k < 4 && !m.from_column() && m.src() != WASTE);
    }
    // More piles than the rules have, or none, are refused.
    let mut pos = dealt(&deck(7), 4, 3, 4);
    pos.more_reserves.pop();
    assert!(Engine::new(duke(false), &pos)
        .unwrap_err()
        .contains("reserve piles"));
    assert!(Rules::clone(&duke(false)).with_reserves(9, false).is_err());
    assert!(Rules::clone(&duke(false)).with_reserves(2, true).is_err()); // no auto fill
}

#[test]
fn prunings_keep_the_verdicts_with_several_piles() {
    // Under Gate's and Duke's rules (with and without take-back), the search with each pruning
    // switched off, and with none, agrees with `solve`, on deals and positions walks reach.
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_states: Some(40_000),
        deadline: None,
        memory: 1 << 24,
        stop: &stop,
    };
    let rule_sets = [
        (gate(false), 2, 5, 8),
        (rules(2, 4, true, true, true, 1), 2, 5, 4),
        (duke(false), 4, 3, 4),
        (duke(true), 4, 3, 4),
    ];
    let mut settled = [0; Pruning::EACH_OFF.len()];
    let mut lost = 0;
    for (r, (rules, piles, size, columns)) in rule_sets.iter().enumerate() {
        for seed in 0..16 {
            let d = dealt(&deck(9000 + seed), *piles, *size, *columns);
            let mut e = Engine::new(rules.clone(), &d).unwrap();
            walk(&mut e, seed, (seed % 3 * 20) as usize, |_, _| {});
            let mut e = Engine::new(rules.clone(), &e.position()).unwrap();
            let what = format!("rules {r} seed {seed}");
            if let Some((verdict, each)) = agrees_with_each_pruning_off(&mut e, &limits, &what) {
                lost += usize::from(verdict == Verdict::Lost);
                count_settled(&mut settled, each);
            }
        }
    }
    assert!(settled.iter().all(|&n| n >= 20), "settled {settled:?}");
    assert!(lost >= 3, "{lost} lost");
}
