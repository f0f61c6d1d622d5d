//! A base the player chooses (Dutchess's rules, `Rules::choose_base`): the moves while it is
//! open, the card that sets it and its undo, keys, and the solver's verdicts with each pruning
//! switched off.

use canfield_native::engine::{Engine, Position};
use canfield_native::moves::{col, reserve, Move};
use canfield_native::rules::Rules;
use canfield_native::solver::{
    children_hashed_unplayed, solve, solve_with, Limits, Pruning, Verdict,
};

mod common;
use common::{agrees_with_each_pruning_off, check_line, count_settled, deck, red, walk};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Dutchess: four piles of 3, 4 columns building down in alternate colours with a king on an
/// ace, a fill by choice from the piles, then the waste; `mode` 2 (whole columns) as the game
/// has it, or 0 (any run, where the swaps would apply); `takeback`; `passes` of one card (two in
/// the game).
fn rules(mode: u8, takeback: bool, passes: u32) -> Arc<Rules> {
    let builds: Vec<bool> = (0..52 * 52)
        .map(|i| {
            let (s, t) = (i / 52, i % 52);
            red(s) != red(t) && (s % 13 + 1) % 13 == t % 13
        })
        .collect();
    let rules = Rules::new(
        4,
        1,
        &builds,
        &[true; 52],
        false,
        mode,
        takeback,
        vec![1],
        Some(passes),
        true,
    )
    .unwrap()
    .with_reserves(4, false)
    .unwrap()
    .with_fill_by_choice(true)
    .unwrap()
    .with_choose_base(true);
    Arc::new(rules)
}

/// Dutchess as the game has it: whole columns, no take-back, two passes; or with any run moving
/// and take-back.
fn dutchess(mode: u8, takeback: bool) -> Arc<Rules> {
    rules(mode, takeback, 2)
}

/// The deal: four piles of 3, one card a column, the rest the stock; the base still open.
fn dealt(d: &[u8]) -> Position {
    Position {
        reserve: d[..3].to_vec(),
        more_reserves: (1..4).map(|k| d[k * 3..(k + 1) * 3].to_vec()).collect(),
        start: 0,
        foundations: (0..4).map(|s| (s, 0)).collect(),
        columns: d[12..16].iter().map(|&c| vec![c]).collect(),
        stock: d[16..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        base_open: true,
        piles: Vec::new(),
    }
}

#[test]
fn only_reserve_cards_move_until_one_goes_up_and_sets_the_base() {
    for seed in 0..40 {
        let mut e = Engine::new(dutchess(2, false), &dealt(&deck(seed))).unwrap();
        let mut ms = Vec::new();
        e.moves(&mut ms);
        // every pile's top card may go up; nothing else but reserve cards onto columns
        for k in 0..4 {
            assert!(ms.contains(&Move::up(reserve(k))), "seed {seed}");
        }
        assert!(ms.iter().all(|m| m.from_reserve().is_some()), "seed {seed}");
        assert!(!ms.contains(&Move::STOCK));
        let (before, key) = (e.position(), e.key());
        let card = *e.pile(2).last().unwrap();
        e.make(Move::up(reserve(2)));
        assert!(!e.base_open && e.start == card % 13, "seed {seed}");
        assert!(e.hist.last().unwrap().chose_base());
        assert_ne!(e.key(), key);
        e.moves(&mut ms);
        assert!(ms.contains(&Move::STOCK));
        e.unmake();
        assert!(e.base_open);
        assert_eq!(e.position(), before);
        assert_eq!(e.key(), key);
    }
}

#[test]
fn a_reserve_card_may_go_on_a_column_before_the_base() {
    // Columns 5H, 8C, KS, 2D; pile 1's top 4S goes on 5H, pile 2's 7H on 8C.
    let used = [17u8, 46, 12, 27, 3, 19];
    let rest: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
    let pos = Position {
        reserve: vec![rest[0], rest[1], 3],
        more_reserves: vec![
            vec![rest[2], rest[3], 19],
            rest[4..7].to_vec(),
            rest[7..10].to_vec(),
        ],
        start: 0,
        foundations: (0..4).map(|s| (s, 0)).collect(),
        columns: vec![vec![17], vec![46], vec![12], vec![27]],
        stock: rest[10..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        base_open: true,
        piles: Vec::new(),
    };
    let e = Engine::new(dutchess(2, false), &pos).unwrap();
    let mut ms = Vec::new();
    e.moves(&mut ms);
    assert!(ms.contains(&Move::new(reserve(0), col(0), 1)));
    assert!(ms.contains(&Move::new(reserve(1), col(1), 1)));
    assert!(ms.iter().all(|m| m.from_reserve().is_some()));
    // a position with the base open needs rules that let the player choose it
    let plain = Rules::clone(&dutchess(2, false)).with_choose_base(false);
    assert!(Engine::new(Arc::new(plain), &pos)
        .unwrap_err()
        .contains("choose_base"));
    let mut bad = pos.clone();
    bad.foundations[0] = (0, 1);
    assert!(Engine::new(dutchess(2, false), &bad).is_err());
}

#[test]
fn make_and_unmake_restore_the_position_the_base_and_the_key() {
    // Every move of every position of random walks is undone exactly with its key; the key is
    // the fresh engine's; children hashed unplayed have their played key.
    let mut chosen = 0;
    for (r, rules) in [dutchess(2, false), dutchess(0, true)]
        .into_iter()
        .enumerate()
    {
        for seed in 0..24 {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(seed))).unwrap();
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
                    e.make(m);
                    chosen += usize::from(e.hist.last().unwrap().chose_base());
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
    assert!(chosen >= 4 * 48, "{chosen} moves chose the base");
}

#[test]
fn prunings_keep_the_verdicts_with_a_chosen_base() {
    // Under Dutchess's rules (and with any-run moves and take-back, where swaps would apply, and
    // in one pass), the search with each pruning switched off, and with none, agrees with
    // `solve`, on deals (the base open) and on positions walks reach.
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_states: Some(40_000),
        deadline: None,
        memory: 1 << 24,
        stop: &stop,
    };
    let mut settled = [0; Pruning::EACH_OFF.len()];
    let mut verdicts = [0; 2];
    let mut opened = [0; 2];
    let sets = [dutchess(2, false), dutchess(0, true), rules(2, false, 1)];
    for (r, rules) in sets.iter().enumerate() {
        for seed in 0..16 {
            let mut e = Engine::new(rules.clone(), &dealt(&deck(7000 + seed))).unwrap();
            walk(&mut e, seed, (seed % 4 * 20) as usize, |_, _| {});
            let mut e = Engine::new(rules.clone(), &e.position()).unwrap();
            let what = format!("rules {r} seed {seed}");
            if let Some((verdict, each)) = agrees_with_each_pruning_off(&mut e, &limits, &what) {
                let lost = usize::from(verdict == Verdict::Lost);
                verdicts[lost] += 1;
                opened[lost] += usize::from(e.base_open);
                count_settled(&mut settled, each);
            }
        }
    }
    assert!(settled.iter().all(|&n| n >= 10), "settled {settled:?}");
    assert!(
        verdicts.iter().all(|&n| n >= 5),
        "verdicts won/lost {verdicts:?}"
    );
    assert!(opened[0] >= 2, "{opened:?} won/lost with the base open"); // (lost: the next test)
}

#[test]
fn a_deal_lost_with_the_base_open_is_lost_with_every_pruning_off() {
    // Deal 254 of `deck`, played in one pass, is lost from its first move: the search with each
    // pruning switched off, and with none, proves it too, and so does every choice of base.
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_states: Some(3_000_000),
        deadline: None,
        memory: 1 << 27,
        stop: &stop,
    };
    let mut e = Engine::new(rules(2, false, 1), &dealt(&deck(254))).unwrap();
    assert!(e.base_open);
    assert_eq!(solve(&mut e, &limits, false).verdict, Verdict::Lost);
    for pruning in Pruning::EACH_OFF {
        let out = solve_with(&mut e, &limits, false, pruning);
        assert_eq!(out.verdict, Verdict::Lost, "{pruning:?}");
        check_line(&e, &out);
    }
    let mut ms = Vec::new();
    e.moves(&mut ms);
    for m in ms.into_iter().filter(|m| m.to_foundation()) {
        e.make(m);
        assert!(!e.base_open);
        assert_eq!(solve(&mut e, &limits, false).verdict, Verdict::Lost, "{m}");
        e.unmake();
    }
}
