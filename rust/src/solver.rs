//! The solver: can this position be won? An exhaustive depth-first search on the engine.
//!
//! The search is a depth-first search with make/unmake and a set of visited positions, marked on
//! entry. Reaching a position already in the set ends that branch, which also cuts every cycle.
//! Visited-on-entry depth-first search visits every position reachable from the root unless it
//! finds a win first, so when it ends without a win, no win is reachable: the position is lost.
//! That argument needs nothing of the rules beyond the engine's own move list, so it holds for
//! every variant: foundation take-back, automatic fill, pass limits and several decks included.
//!
//! Positions are stored as 128-bit fingerprints (two independent Zobrist-style hashes, see
//! `Engine::key2`). Two different positions with the same fingerprint would make the search skip
//! the second and could turn a win into a false "lost": with n positions stored, the chance that
//! any two collide is below n² / 2¹²⁹ (under 10⁻²¹ for n = 10⁹).
//!
//! The fingerprint leaves out what cannot change the future: the order of the columns (they are a
//! multiset: the engine's hash ignores their order), and, with unlimited passes, recycles past the
//! pass from which every pass turns the same number of cards.
//!
//! No move is pruned: the only pruning is the visited set. Move ordering (foundation moves first,
//! then reserve plays, column moves, waste plays, take-backs, the stock last) changes how soon a
//! win is found, never the verdict.

use crate::engine::{Engine, COL, FOUNDATION, FSUIT, REC_MOVE, RESERVE, WASTE};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won,
    Lost,
    Unknown,
}

/// Why a search ended without a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    Timeout,
    States,
    Memory,
    Stopped,
}

impl Cut {
    pub fn name(self) -> &'static str {
        match self {
            Cut::Timeout => "timeout",
            Cut::States => "max_states",
            Cut::Memory => "memory",
            Cut::Stopped => "interrupted",
        }
    }
}

/// A search's result: the verdict, a winning line of move ints when won, positions searched.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    pub line: Vec<u32>,
    pub states: u64,
    pub cut: Option<Cut>,
}

/// The search's budget.
pub struct Limits<'a> {
    pub max_states: Option<u64>,
    pub deadline: Option<Instant>,
    /// The most bytes the visited set may take.
    pub memory: usize,
    pub stop: &'a AtomicBool,
}

/// A set of 128-bit fingerprints: open addressing, linear probing, grown by doubling up to a cap.
struct Visited {
    slots: Vec<u128>,
    len: usize,
    max_slots: usize,
}

impl Visited {
    fn new(memory: usize) -> Visited {
        // The largest power of two of 16-byte slots that fits in `memory` (at least 1024).
        let n = (memory / 16).max(1024);
        let max_slots = if n.is_power_of_two() { n } else { n.next_power_of_two() / 2 };
        Visited { slots: vec![0; max_slots.min(1 << 14)], len: 0, max_slots }
    }

    /// Insert `key`: Ok(true) if it was new, Ok(false) if present, Err when the cap is reached.
    fn insert(&mut self, key: u128) -> Result<bool, Cut> {
        let key = if key == 0 { 1 } else { key };
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            if self.slots.len() * 2 > self.max_slots {
                return Err(Cut::Memory);
            }
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (key as usize ^ (key >> 64) as usize) & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                self.slots[i] = key;
                self.len += 1;
                return Ok(true);
            }
            if s == key {
                return Ok(false);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = vec![0; old.len() * 2];
        let mask = self.slots.len() - 1;
        for key in old.into_iter().filter(|&k| k != 0) {
            let mut i = (key as usize ^ (key >> 64) as usize) & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
    }
}

/// The order moves are tried in: lower first.
fn rank(m: u32) -> u8 {
    if m == 0 {
        return 9;
    }
    let src = m & 31;
    let dst = (m >> 5) & 31;
    match (src, dst) {
        (RESERVE, FOUNDATION) => 0,
        (s, FOUNDATION) if s >= COL => 1,
        (WASTE, FOUNDATION) => 2,
        (RESERVE, _) => 3,
        (s, _) if s >= COL => 4,
        (WASTE, _) => 5,
        (s, _) if (FSUIT..COL).contains(&s) => 7,
        _ => 8,
    }
}

/// The recycle count that the fingerprint keeps: all of it under a pass limit; with unlimited
/// passes, only up to the pass from which every pass turns the same number of cards.
fn steady_recycles(e: &Engine) -> Option<u32> {
    if e.rules.pass_limit.is_some() {
        return None;
    }
    let d = &e.rules.draws;
    let mut steady = d.len() - 1;
    while steady > 0 && d[steady - 1] == d[d.len() - 1] {
        steady -= 1;
    }
    Some(steady as u32)
}

fn fingerprint(e: &Engine, steady: Option<u32>) -> u128 {
    e.key2(steady.map_or(e.recycles, |s| e.recycles.min(s)))
}

/// Search from `e`'s position for a win; `e` is left as it was.
pub fn solve(e: &mut Engine, limits: &Limits<'_>) -> Outcome {
    let root = e.hist.len();
    let steady = steady_recycles(e);
    let mut states: u64 = 1;
    if e.is_won() {
        return Outcome { verdict: Verdict::Won, line: vec![], states, cut: None };
    }
    let mut seen = Visited::new(limits.memory);
    if let Err(cut) = seen.insert(fingerprint(e, steady)) {
        return Outcome { verdict: Verdict::Unknown, line: vec![], states, cut: Some(cut) };
    }
    // The moves of every position on the path, in one buffer; frames[i] = (start, next) of the
    // moves of depth i (its end is the next frame's start, or the buffer's end).
    let mut buf: Vec<u32> = Vec::with_capacity(4096);
    let mut frames: Vec<(usize, usize)> = Vec::with_capacity(512);
    let mut scratch: Vec<u32> = Vec::with_capacity(64);
    let push_moves = |e: &Engine, buf: &mut Vec<u32>, frames: &mut Vec<(usize, usize)>, scratch: &mut Vec<u32>| {
        e.moves(scratch);
        scratch.sort_by_key(|&m| rank(m));
        let start = buf.len();
        buf.extend_from_slice(scratch);
        frames.push((start, start));
    };
    push_moves(e, &mut buf, &mut frames, &mut scratch);
    let mut cut = None;
    let won = loop {
        let depth = frames.len() - 1;
        let (start, next) = frames[depth];
        if next == buf.len() {
            // Every move from here is tried: back up one move.
            frames.pop();
            buf.truncate(start);
            if frames.is_empty() {
                break false;
            }
            e.unmake();
            continue;
        }
        let m = buf[next];
        frames[depth].1 = next + 1;
        e.make(m);
        states += 1;
        if e.is_won() {
            break true;
        }
        match seen.insert(fingerprint(e, steady)) {
            Ok(true) => {}
            Ok(false) => {
                e.unmake();
                continue;
            }
            Err(c) => {
                cut = Some(c);
                break false;
            }
        }
        if states & 1023 == 0 {
            if limits.stop.load(Ordering::Relaxed) {
                cut = Some(Cut::Stopped);
            } else if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                cut = Some(Cut::Timeout);
            }
        }
        if cut.is_none() && limits.max_states.is_some_and(|n| states >= n) {
            cut = Some(Cut::States);
        }
        if cut.is_some() {
            break false;
        }
        // The child's moves go after the parent's: the top frame's moves always end the buffer.
        push_moves(e, &mut buf, &mut frames, &mut scratch);
    };
    let line: Vec<u32> = if won { e.hist[root..].iter().map(|&r| r & REC_MOVE).collect() } else { vec![] };
    while e.hist.len() > root {
        e.unmake();
    }
    let verdict = if won {
        Verdict::Won
    } else if cut.is_some() {
        Verdict::Unknown
    } else {
        Verdict::Lost
    };
    Outcome { verdict, line, states, cut }
}
