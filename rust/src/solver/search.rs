//! The search: a depth-first search with make/unmake and a set of visited positions, and the
//! interleaving of the complete search with a shortcut.
//!
//! Positions are marked visited when first met. Meeting a position already in the set ends that
//! branch, which also cuts every cycle. Such a search visits every position reachable from the
//! root unless it finds a win first, so when it ends without a win, no win is reachable: the
//! position is lost. That argument needs nothing of the rules beyond the engine's own move list,
//! so it holds for every variant: foundation take-back, automatic fill, pass limits and several
//! decks included. The pruning rules (`prune`) each keep it true, where they apply.
//!
//! A position's children are looked up in the visited set when the position is expanded, all
//! at once, and those already there are dropped; the rest are marked visited then and explored
//! later from this position. That is still a complete search: every marked position is explored
//! from the position that marked it (unless the search ends), and every position reachable from
//! the root is marked (the first unmarked one on a path from the root would have been marked by
//! the position before it). Where the engine can, children are hashed without being played
//! (`Engine::child`), their slots fetched side by side: most children are positions already
//! seen, and this way they cost a hash and a lookup each, not a move and its undo.

use super::fingerprint::Fingerprints;
use super::generator::{play, take_back, Generator, SearchMove};
use super::order::Order;
use super::prune::shortcut::{self, Pass};
use super::visited::Visited;
use super::{Cut, Limits, Outcome, Pruning, Verdict};
use crate::engine::Engine;
use crate::moves::Move;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Search from `e`'s position for a win, with every pruning rule where it applies; `e` is left
/// as it was (see `solve_with`).
pub fn solve(e: &mut Engine, limits: &Limits<'_>, auto_finish: bool) -> Outcome {
    solve_with(e, limits, auto_finish, Pruning::ALL)
}

/// Search from `e`'s position for a win, with the pruning rules `pruning` allows; `e` is left as
/// it was.
///
/// Up to three searches may run side by side, taking turns: the complete search, first (its
/// first turn settles most deals either way); where one move order is not best for every deal,
/// a second complete search in another order (`Order::second`), whose ending without a win
/// proves "lost" as well; and a shortcut (`prune::shortcut`), which searches a subset of the
/// legal moves, so a win it finds is a win, and when it ends without one it proves nothing and
/// simply stops. A shortcut's turn is three times a complete search's. Each keeps its place
/// between turns, so a search loses nothing but time to the others, and none once they have
/// ended. The budget is shared: `max_states` counts every search's positions, and the visited
/// sets share `memory` evenly among the searches running (a search that runs out of it stops,
/// while a complete search goes on, and leaves its share to the others).
///
/// With `auto_finish`, the game puts cards up by itself once stock, waste and reserve are empty
/// (as `canfield.Game` does under such rules), and the line found includes those moves.
pub fn solve_with(
    e: &mut Engine,
    limits: &Limits<'_>,
    auto_finish: bool,
    pruning: Pruning,
) -> Outcome {
    let first = Order::of(&e.rules);
    let second = pruning
        .second_order
        .then(|| Order::second(&e.rules))
        .flatten();
    let shortcut = pruning.shortcut.then(|| shortcut::pass(&e.rules)).flatten();
    let plan: Vec<(Pass, Order)> = std::iter::once((Pass::COMPLETE, first))
        .chain(second.map(|order| (Pass::COMPLETE, order)))
        .chain(shortcut.map(|pass| (pass, first)))
        .collect();
    let memory = limits.memory / plan.len();
    let mut states = 1u64; // the root
    let mut searches: Vec<Search> = plan
        .into_iter()
        .map(|(pass, order)| Search::new(e, pass, order, pruning, auto_finish, memory, &mut states))
        .collect();
    let (mut i, mut slice) = (0, FIRST_SLICE);
    loop {
        let others_complete = searches
            .iter()
            .enumerate()
            .any(|(j, search)| j != i && search.complete());
        match searches[i].run(limits, &mut states, slice) {
            Step::Paused => i += 1,
            Step::Won => {
                return Outcome {
                    verdict: Verdict::Won,
                    line: searches[i].line(),
                    states,
                    cut: None,
                }
            }
            Step::Lost if searches[i].complete() => return ended(None, states),
            // A shortcut ended (it proves nothing; a complete search always runs beside it, as
            // one is dropped only while another goes on), or a search ran out of its share of
            // memory while a complete search goes on: it stops, and its memory goes to the others.
            Step::Lost | Step::Ended(Cut::Memory) if others_complete => {
                searches.remove(i);
                let share = limits.memory / searches.len();
                for search in &mut searches {
                    search.seen.raise(share);
                }
            }
            Step::Lost => unreachable!("a shortcut runs beside a complete search"),
            Step::Ended(cut) => return ended(Some(cut), states),
        }
        i %= searches.len();
        slice = if searches[i].complete() {
            SLICE
        } else {
            SHORTCUT_SLICE
        };
    }
}

/// The outcome of a search that ended without a win: lost, or unknown for `cut`.
fn ended(cut: Option<Cut>, states: u64) -> Outcome {
    Outcome {
        verdict: if cut.is_some() {
            Verdict::Unknown
        } else {
            Verdict::Lost
        },
        line: vec![],
        states,
        cut,
    }
}

/// The complete search's first turn, in positions: most deals are settled within it.
const FIRST_SLICE: u64 = 250_000;
/// Each later turn of the complete search, in positions.
const SLICE: u64 = 100_000;
/// Each turn of a shortcut, in positions: they find most of their wins fast, so they get more.
const SHORTCUT_SLICE: u64 = 300_000;

/// How a search's turn ended.
enum Step {
    Won,
    Lost,
    Paused,
    Ended(Cut),
}

/// One exhaustive search over the moves its `Pass` allows, on its own copy of the engine; it
/// runs in turns (`run`) and keeps its place between them (see the module docs).
struct Search {
    e: Engine,
    root: usize,
    auto_finish: bool,
    fingerprints: Fingerprints,
    seen: Visited,
    gen: Generator,
    /// The moves of every position on the path, in one buffer.
    buf: Vec<SearchMove>,
    /// frames[i] = (start, next, auto): where the moves of depth i start, the next to try, and
    /// how many moves the game made by itself after the move that led here (their end is the
    /// next frame's start, or the buffer's).
    frames: Vec<(usize, usize, u32)>,
    scratch: Vec<SearchMove>,
    keys: Vec<u128>,
    auto_scratch: Vec<Move>,
    /// Positions played since the last look at the clock.
    ticks: u32,
    /// Set when the search is over before it starts: the root is won, or there is no memory.
    over: Option<Step>,
}

impl Search {
    fn new(
        e: &Engine,
        pass: Pass,
        order: Order,
        pruning: Pruning,
        auto_finish: bool,
        memory: usize,
        states: &mut u64,
    ) -> Search {
        let e = e.clone();
        let mut gen = Generator::new(&e, pass, pruning, auto_finish);
        gen.order = order;
        let fingerprints = Fingerprints::new(&e.rules, pruning.fold_turns);
        let mut search = Search {
            root: e.hist.len(),
            auto_finish,
            fingerprints,
            seen: Visited::new(memory),
            gen,
            buf: Vec::with_capacity(4096),
            frames: Vec::with_capacity(512),
            scratch: Vec::with_capacity(64),
            keys: Vec::with_capacity(64),
            auto_scratch: Vec::with_capacity(64),
            ticks: 0,
            over: None,
            e,
        };
        if search.e.is_won() {
            search.over = Some(Step::Won);
        } else if let Err(cut) = search
            .seen
            .insert(search.fingerprints.of(&search.e))
            .and_then(|_| search.push_moves(0, states))
        {
            search.over = Some(Step::Ended(cut));
        }
        search
    }

    /// Whether this search tries every legal move (its ending without a win proves "lost").
    fn complete(&self) -> bool {
        self.gen.pass == Pass::COMPLETE
    }

    /// The winning line found: the moves from the root.
    fn line(&self) -> Vec<Move> {
        self.e.made_since(self.root)
    }

    /// The fingerprint of search move `m`'s child.
    fn child_fingerprint(&mut self, m: SearchMove) -> u128 {
        if !self.auto_finish {
            if let Some(key) = self.fingerprints.of_unplayed(&mut self.e, m) {
                return key;
            }
        }
        let auto = play(&mut self.e, m, self.auto_finish, &mut self.auto_scratch);
        let key = self.fingerprints.of(&self.e);
        take_back(&mut self.e, m, auto);
        key
    }

    /// Expand the position reached: mark its children visited, and push a frame of the moves to
    /// those not seen before. Every child counts in `states`.
    fn push_moves(&mut self, auto: u32, states: &mut u64) -> Result<(), Cut> {
        self.gen.moves(&mut self.e, &mut self.scratch);
        self.keys.clear();
        for i in 0..self.scratch.len() {
            let key = self.child_fingerprint(self.scratch[i]);
            self.seen.prefetch(key);
            self.keys.push(key);
        }
        *states += self.scratch.len() as u64;
        let start = self.buf.len();
        for (&m, &key) in self.scratch.iter().zip(&self.keys) {
            if self.seen.insert(key)? {
                self.buf.push(m);
            }
        }
        self.frames.push((start, start, auto));
        Ok(())
    }

    /// Search on for `slice` positions at most, counting them in `states`, within `limits`.
    fn run(&mut self, limits: &Limits<'_>, states: &mut u64, slice: u64) -> Step {
        if let Some(step) = self.over.take() {
            return step;
        }
        let pause = *states + slice;
        loop {
            let depth = self.frames.len() - 1;
            let (start, next, auto) = self.frames[depth];
            if next == self.buf.len() {
                // Every move from here is tried: back up one move.
                self.frames.pop();
                self.buf.truncate(start);
                if self.frames.is_empty() {
                    return Step::Lost;
                }
                let (_, next, _) = self.frames[self.frames.len() - 1];
                take_back(&mut self.e, self.buf[next - 1], auto);
                continue;
            }
            let m = self.buf[next];
            self.frames[depth].1 = next + 1;
            let auto = play(&mut self.e, m, self.auto_finish, &mut self.auto_scratch);
            if self.e.is_won() {
                return Step::Won;
            }
            self.ticks += 1;
            if self.ticks & 255 == 0 {
                if limits.stop.load(Ordering::Relaxed) {
                    return Step::Ended(Cut::Stopped);
                }
                if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    return Step::Ended(Cut::Timeout);
                }
            }
            // The child's moves go after the parent's: the top frame's moves always end the buffer.
            if let Err(cut) = self.push_moves(auto, states) {
                return Step::Ended(cut);
            }
            if limits.max_states.is_some_and(|n| *states >= n) {
                return Step::Ended(Cut::States);
            }
            if *states >= pause {
                return Step::Paused;
            }
        }
    }
}
