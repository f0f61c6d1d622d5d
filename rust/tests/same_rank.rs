//! Columns that build by rank in any suit (Beehive's `build="same-rank"`): the solver's verdicts
//! with each pruning switched off agree with the search with all of them, so no pruning whose
//! argument needs a one-rank-down build (the swaps of twin cards) is on for it.

use canfield_native::engine::{Engine, Position};
use canfield_native::rules::Rules;
use canfield_native::solver::{Limits, Pruning, Verdict};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod common;
use common::{agrees_with_each_pruning_off, count_settled, deck};

/// Same-rank columns, `columns` columns, an automatic fill from the reserve, take-back or not,
/// `draw` cards a turn and `passes` passes.
fn rules(columns: usize, takeback: bool, draw: u8, passes: u32) -> Arc<Rules> {
    let builds: Vec<bool> = (0..52 * 52)
        .map(|i| (i / 52) % 13 == (i % 52) % 13)
        .collect();
    Arc::new(
        Rules::new(
            columns,
            1,
            &builds,
            &[true; 52],
            true,
            0,
            takeback,
            vec![draw],
            Some(passes),
            true,
        )
        .unwrap(),
    )
}

/// A reserve of `size`, one card a column, the rest the stock; foundations empty, from the ace.
fn dealt(d: &[u8], size: usize, columns: usize) -> Position {
    Position {
        reserve: d[..size].to_vec(),
        more_reserves: Vec::new(),
        base_open: false,
        piles: Vec::new(),
        start: 0,
        foundations: (0..4).map(|s| (s, 0)).collect(),
        columns: d[size..size + columns].iter().map(|&c| vec![c]).collect(),
        stock: d[size + columns..].to_vec(),
        waste: vec![],
        recycles: 0,
        face_down: Vec::new(),
    }
}

#[test]
fn prunings_keep_the_verdicts_with_same_rank_columns() {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_states: Some(300_000),
        deadline: None,
        memory: 1 << 24,
        stop: &stop,
    };
    let rule_sets = [(rules(6, false, 3, 2), 13, 6), (rules(4, true, 1, 1), 8, 4)];
    let mut settled = [0; Pruning::EACH_OFF.len()];
    let mut verdicts = [0; 2];
    for (r, (rules, size, columns)) in rule_sets.iter().enumerate() {
        for seed in 0..30 {
            let d = dealt(&deck(7000 + seed), *size, *columns);
            let mut e = Engine::new(rules.clone(), &d).unwrap();
            let what = format!("rules {r} seed {seed}");
            if let Some((verdict, each)) = agrees_with_each_pruning_off(&mut e, &limits, &what) {
                verdicts[usize::from(verdict == Verdict::Won)] += 1;
                count_settled(&mut settled, each);
            }
        }
    }
    assert!(settled.iter().all(|&n| n >= 10), "settled {settled:?}");
    assert!(verdicts[0] >= 10, "lost, won: {verdicts:?}");
}
