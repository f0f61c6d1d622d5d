//! What the integration tests share: seeded decks and random walks, a line's replay, and the check
//! that every pruning keeps the verdict.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use canfield_native::engine::Engine;
use canfield_native::solver::{solve, solve_with, Limits, Outcome, Pruning, Verdict};

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
