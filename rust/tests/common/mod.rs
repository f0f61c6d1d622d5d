//! What the integration tests share: seeded decks and random walks, a line's replay, the check
//! that every pruning keeps the verdict, and Canfield's rules and deals built by hand.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use canfield_native::engine::{Engine, Position};
use canfield_native::rules::Rules;
use canfield_native::solver::{solve, solve_with, Limits, Outcome, Pruning, Verdict};
use std::sync::Arc;

/// Check that `out`'s line, played from `e`'s position, is legal move by move and wins exactly
/// when the verdict says won.
pub fn check_line(e: &Engine, out: &Outcome) {
    let mut e = e.clone();
    let mut ms = Vec::new();
    for &m in &out.line {
        e.moves(&mut ms);
        assert!(ms.contains(&m), "the line is legal move by move");
        e.make(m);
    }
    assert_eq!(e.is_won(), out.verdict == Verdict::Won);
}

/// Solve `e` with every pruning, then with each of `Pruning::EACH_OFF`; every search that settles
/// must give the same verdict (`what` names the position in a failure) and a line that replays.
/// Returns the verdict with every pruning (None when unknown, and then nothing else is run) and,
/// for each setting of `EACH_OFF`, whether it settled.
pub fn agrees_with_each_pruning_off(
    e: &mut Engine,
    limits: &Limits,
    what: &str,
) -> Option<(Verdict, [bool; Pruning::EACH_OFF.len()])> {
    let all = solve(e, limits, false);
    if all.verdict == Verdict::Unknown {
        return None;
    }
    check_line(e, &all);
    let mut settled = [false; Pruning::EACH_OFF.len()];
    for (i, &pruning) in Pruning::EACH_OFF.iter().enumerate() {
        let out = solve_with(e, limits, false, pruning);
        if out.verdict == Verdict::Unknown {
            continue;
        }
        assert_eq!(out.verdict, all.verdict, "{what} {pruning:?}");
        check_line(e, &out);
        settled[i] = true;
    }
    Some((all.verdict, settled))
}

/// Add one position's `settled` flags to the running counts.
pub fn count_settled(
    counts: &mut [usize; Pruning::EACH_OFF.len()],
    settled: [bool; Pruning::EACH_OFF.len()],
) {
    for (n, s) in counts.iter_mut().zip(settled) {
        *n += usize::from(s);
    }
}

/// A shuffled deck from a seed (a plain LCG: the test needs variety, not the deal codes).
pub fn deck(seed: u64) -> Vec<u8> {
    let mut d: Vec<u8> = (0..52).collect();
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for i in (1..52).rev() {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = (s >> 33) as usize % (i + 1);
        d.swap(i, j);
    }
    d
}

pub fn red(card: usize) -> bool {
    matches!(card / 13, 1 | 2)
}

/// A random walk of up to `steps` legal moves from `e` (a plain LCG from `seed`), calling
/// `check(e, step)` at each position before its move; it stops where no move is left.
pub fn walk(e: &mut Engine, seed: u64, steps: usize, mut check: impl FnMut(&mut Engine, usize)) {
    let mut ms = Vec::new();
    let mut s = seed;
    for step in 0..steps {
        check(e, step);
        e.moves(&mut ms);
        if ms.is_empty() {
            break;
        }
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
        e.make(ms[(s >> 33) as usize % ms.len()]);
    }
}

/// Canfield's columns: down by one rank in alternate colours, a king on an ace.
pub fn canfield_rules(takeback: bool, pass_limit: Option<u32>) -> Arc<Rules> {
    rules_with(takeback, pass_limit, vec![3], true)
}

/// Canfield's columns with other stock turns, take-back, pass limit and column wrap.
pub fn rules_with(
    takeback: bool,
    pass_limit: Option<u32>,
    draws: Vec<u8>,
    past_base: bool,
) -> Arc<Rules> {
    rules_moving(0, takeback, pass_limit, draws, past_base)
}

/// `rules_with`, under tableau move mode `mode` (0: any run, 1: top card or whole column).
pub fn rules_moving(
    mode: u8,
    takeback: bool,
    pass_limit: Option<u32>,
    draws: Vec<u8>,
    past_base: bool,
) -> Arc<Rules> {
    rules_of_decks(1, mode, takeback, pass_limit, draws, past_base)
}

/// `rules_moving` with `decks` decks shuffled together.
pub fn rules_of_decks(
    decks: usize,
    mode: u8,
    takeback: bool,
    pass_limit: Option<u32>,
    draws: Vec<u8>,
    past_base: bool,
) -> Arc<Rules> {
    Arc::new(
        Rules::new(
            4,
            decks,
            &alternate_colours(),
            &[true; 52],
            true,
            mode,
            takeback,
            draws,
            pass_limit,
            past_base,
        )
        .unwrap(),
    )
}

/// Canfield's build: down in alternate colours (entry 52 s + t: card s goes on card t).
pub fn alternate_colours() -> Vec<bool> {
    (0..52 * 52)
        .map(|i| {
            let (s, t) = (i / 52, i % 52);
            red(s) != red(t) && (s % 13 + 1) % 13 == t % 13
        })
        .collect()
}

/// `rules` with no automatic fill: any card fills an empty column, at any time (Superior's rule,
/// under which the solver runs a second complete search in another order).
pub fn free_fill(rules: Arc<Rules>) -> Arc<Rules> {
    let mut rules = Rules::clone(&rules);
    rules.auto_fill = false;
    Arc::new(rules)
}

/// The deal of a deck: 13 to the reserve, the base card, one card a column, the rest the stock.
pub fn dealt(d: &[u8]) -> Position {
    let base = d[13];
    let mut suits = vec![base / 13];
    suits.extend((0..4).filter(|&s| s != base / 13));
    Position {
        reserve: d[..13].to_vec(),
        start: base % 13,
        foundations: suits
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, u8::from(i == 0)))
            .collect(),
        columns: d[14..18].iter().map(|&c| vec![c]).collect(),
        stock: d[18..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    }
}

/// The deal of `decks` decks shuffled together, as `dealt` deals one: the stock takes the rest,
/// and each suit has a foundation a deck (the base card's first).
pub fn dealt_decks(decks: usize, seed: u64) -> Position {
    let mut cards: Vec<u8> = (0..decks as u64).flat_map(|k| deck(seed * 8 + k)).collect();
    let order = deck(seed * 8 + 7); // a shuffle of the copies: deck k's card i goes to 52k + i
    let mut s = seed | 1;
    for i in (1..cards.len()).rev() {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(u64::from(order[i % 52]));
        cards.swap(i, (s >> 33) as usize % (i + 1));
    }
    let mut pos = dealt(&cards);
    let suits: Vec<u8> = pos.foundations.iter().map(|&(s, _)| s).collect();
    for _ in 1..decks {
        pos.foundations.extend(suits.iter().map(|&s| (s, 0)));
    }
    pos
}

/// A fresh engine (no history) at the position a random walk of `steps` moves, seeded by `seed`,
/// reaches from the deal `deck(base + seed)` under `rules`.
pub fn walked(rules: &Arc<Rules>, base: u64, seed: u64, steps: usize) -> Engine {
    let deal = if rules.decks == 1 {
        dealt(&deck(base + seed))
    } else {
        dealt_decks(rules.decks, base + seed)
    };
    let mut e = Engine::new(rules.clone(), &deal).unwrap();
    walk(&mut e, seed, steps, |_, _| {});
    Engine::new(rules.clone(), &e.position()).unwrap()
}

/// Minerva's rules: 7 columns of four dealt face down, up, down, up, empty foundations taking
/// the aces, no king on an ace, kings only on an empty column and no fill; under tableau move
/// mode `mode`, a column limit and a reserve play rule.
pub fn face_down_rules(mode: u8, limit: Option<usize>, reserve_play: u8) -> Arc<Rules> {
    let builds: Vec<bool> = (0..52 * 52)
        .map(|i| {
            let (s, t) = (i / 52, i % 52);
            red(s) != red(t) && s % 13 + 1 == t % 13
        })
        .collect();
    let kings: Vec<bool> = (0..52).map(|c| c % 13 == 12).collect();
    let rules = Rules::new(
        7,
        1,
        &builds,
        &kings,
        false,
        mode,
        false,
        vec![1],
        Some(2),
        true,
    )
    .unwrap()
    .with_limits(limit, reserve_play, true)
    .unwrap();
    Arc::new(rules)
}

/// Minerva's deal of a deck: 11 to the reserve, 7 columns of 4 a row at a time (rows 0 and 2
/// face down), the rest the stock.
pub fn dealt_face_down(d: &[u8]) -> Position {
    Position {
        reserve: d[..11].to_vec(),
        start: 0,
        foundations: (0..4).map(|s| (s, 0)).collect(),
        columns: (0..7)
            .map(|i| (0..4).map(|r| d[11 + r * 7 + i]).collect())
            .collect(),
        stock: d[39..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: vec![vec![0, 2]; 7],
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
    }
}

/// `rules` with one card turned at a time.
pub fn draw_one(rules: Arc<Rules>) -> Arc<Rules> {
    let mut rules = Rules::clone(&rules);
    rules.draws = vec![1];
    Arc::new(rules)
}

/// `rules` without a limit on the passes through the stock.
pub fn unlimited(rules: Arc<Rules>) -> Arc<Rules> {
    let mut rules = Rules::clone(&rules);
    rules.pass_limit = None;
    Arc::new(rules)
}

/// One rank down in any suit, as Rainbow's columns build (card `s` on card `t`).
pub fn any_suit(s: usize, t: usize) -> bool {
    (s % 13 + 1) % 13 == t % 13
}

/// Rules whose columns build by `builds(s, t)` (card `s` on card `t`), any other knob as
/// Canfield's: a plugin's build rule may be any relation.
pub fn rules_building(
    builds: impl Fn(usize, usize) -> bool,
    mode: u8,
    takeback: bool,
    pass_limit: Option<u32>,
) -> Arc<Rules> {
    let table: Vec<bool> = (0..52 * 52).map(|i| builds(i / 52, i % 52)).collect();
    Arc::new(
        Rules::new(
            4,
            1,
            &table,
            &[true; 52],
            true,
            mode,
            takeback,
            vec![3],
            pass_limit,
            true,
        )
        .unwrap(),
    )
}
