//! The relaxed game's search: a depth-first search of its positions that pauses at the end of
//! each turn the solver gives it and goes on from there (`Relaxing`), and a whole search of it on
//! its own (`solve_shapes`).

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{Relaxed, Shapes, State};
use crate::engine::Engine;
use crate::solver::visited::Visited;
use crate::solver::{Cut, Limits, Outcome, Verdict};

/// The relaxed game's depth-first search, which can pause and go on from where it was.
pub(in crate::solver) struct Relaxing {
    shapes: Shapes,
    seen: Visited,
    stack: Vec<State>,
    kids: Vec<State>,
    memory: usize,
    /// How it ended, once it has.
    end: Option<Relaxed>,
}

impl Relaxing {
    /// The search from `shapes`' root, its set of positions bounded by `memory` bytes.
    pub(in crate::solver) fn new(shapes: Shapes, memory: usize) -> Relaxing {
        let mut seen = Visited::new(memory);
        let end = seen
            .insert(shapes.key(&shapes.root))
            .err()
            .map(Relaxed::Cut);
        Relaxing {
            stack: vec![shapes.root],
            shapes,
            seen,
            kids: Vec::new(),
            memory,
            end,
        }
    }

    /// The bytes its set of positions may take.
    pub(in crate::solver) fn memory(&self) -> usize {
        self.memory
    }

    /// Search on for up to `turn` more positions, within `limits`' deadline and stop: how it
    /// ended (None when it paused at the end of its turn), and the positions it searched.
    pub(in crate::solver) fn run(
        &mut self,
        limits: &Limits<'_>,
        turn: u64,
    ) -> (Option<Relaxed>, u64) {
        let mut states = 0;
        if self.end.is_none() {
            self.end = self.search(limits, turn, &mut states);
        }
        (self.end, states)
    }

    fn search(&mut self, limits: &Limits<'_>, turn: u64, states: &mut u64) -> Option<Relaxed> {
        let shapes = &self.shapes;
        let mut ticks = 0u32;
        while let Some(s) = self.stack.pop() {
            if s.fcount.iter().all(|&n| n == 13) {
                return Some(Relaxed::Won);
            }
            ticks = ticks.wrapping_add(1);
            if ticks & 255 == 0 {
                if limits.stop.load(Ordering::Relaxed) {
                    self.stack.push(s);
                    return Some(Relaxed::Cut(Cut::Stopped));
                }
                if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    self.stack.push(s);
                    return Some(Relaxed::Cut(Cut::Timeout));
                }
            }
            shapes.children(&s, &mut self.kids);
            // Each child looked up counts, as in the rules' searches.
            *states += self.kids.len() as u64;
            for t in &self.kids {
                match self.seen.insert(shapes.key(t)) {
                    Ok(true) => {
                        self.stack.push(*t);
                    }
                    Ok(false) => {}
                    Err(cut) => return Some(Relaxed::Cut(cut)),
                }
            }
            if *states >= turn {
                return None;
            }
        }
        Some(Relaxed::Lost)
    }
}

/// Search the relaxed game of `e`'s position within `limits` (the finish as `auto_finish` has
/// it): `Lost` is a proof that the position is lost, `Won` (with no line) a relaxed win, which
/// proves nothing; None where the relaxed game does not apply.
pub fn solve_shapes(e: &Engine, limits: &Limits<'_>, auto_finish: bool) -> Option<Outcome> {
    let mut search = Relaxing::new(Shapes::new(e, auto_finish)?, limits.memory);
    let (end, states) = search.run(limits, limits.max_states.unwrap_or(u64::MAX));
    let (verdict, cut) = match end {
        Some(Relaxed::Lost) => (Verdict::Lost, None),
        Some(Relaxed::Won) => (Verdict::Won, None),
        Some(Relaxed::Cut(cut)) => (Verdict::Unknown, Some(cut)),
        None => (Verdict::Unknown, Some(Cut::States)),
    };
    Some(Outcome {
        verdict,
        line: Vec::new(),
        states,
        cut,
    })
}
