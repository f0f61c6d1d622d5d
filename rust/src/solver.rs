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
//! Stock turns are folded into the moves that follow them. A stock turn touches only the stock
//! and the waste, so it commutes with every move that does not play the waste's top card; and
//! turning the stock puts no card anywhere. Every winning line can therefore be rewritten so that
//! each run of stock turns comes right before a move of the waste's card, and none comes last. The
//! search's moves are: every move other than a stock turn, plus "turn the stock k times, then play
//! the waste's card" for each k up to where the stock and waste come back to a state already seen
//! in this cycle (or the pass limit ends the turns). The positions between stock turns are never
//! stored: the same wins are reachable with far fewer positions.
//!
//! One move is played at once when it is safe ("safe moves"), only where it is proved safe: with
//! one deck and no foundation take-back, a column's top card (or, without automatic fill, the
//! reserve's top card) goes to its foundation at once when every card that could be built on it
//! is already on a foundation, and it is not the last card of a column that the reserve would
//! fill. Argument: such a card can never hold another card (those cards never leave the
//! foundations), so in any winning line it only ever moves alone, or at the end of a run whose
//! other cards move the same without it; dropping those moves and playing it up first gives a
//! line that is still legal and still wins (the card below it, or the reserve's next card, is
//! only free earlier, and no column empties at another time, so no fill changes). Foundation
//! counts never fall without take-back, so the search with safe moves still reaches a win from
//! every winnable position (induction on the foundation count, then the distance to the win).
//!
//! Nothing else is pruned. Move ordering (foundation moves first, then reserve plays, column
//! moves, waste plays, take-backs) changes how soon a win is found, never the verdict.

use crate::engine::{Engine, COL, FOUNDATION, FSUIT, REC_MOVE, RESERVE, WASTE};

/// A search move: a move int, after `TURNS_SHIFT`-shifted stock turns.
const TURNS_SHIFT: u32 = 20;
const MOVE_MASK: u32 = (1 << TURNS_SHIFT) - 1;
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
        let max_slots = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        Visited {
            slots: vec![0; max_slots.min(1 << 14)],
            len: 0,
            max_slots,
        }
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

/// The order moves are tried in: lower first. Moves that make progress come first: cards to the
/// foundations, the reserve's card played, a column move that empties its column or uncovers a
/// card that goes up; then the waste's card onto a column; other column moves last.
fn rank(e: &Engine, m: u32) -> u8 {
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
        (s, _) if s >= COL => {
            let col = &e.cols[(s - COL) as usize];
            let left = col.len() - (m >> 10) as usize;
            if left == 0 || e.wanted(col[left - 1]) {
                4
            } else {
                6
            }
        }
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
    let Some(s) = steady else {
        return e.key2(e.recycles);
    };
    let recycles = e.recycles.min(s);
    // Past the steady pass, the stock turns `d` cards at a time every pass: a position whose
    // waste holds a multiple of `d` cards, or all of them, turns back over and turns to the same
    // place again, so it and the position with its waste turned back over reach each other by
    // stock turns alone. They share a fingerprint: the one with the waste turned back over.
    let (p, total) = (e.waste.len(), e.waste.len() + e.stock.len());
    if p > 0 && e.recycles >= s {
        let d = usize::from(*e.rules.draws.last().expect("draws"));
        if p == total || p % d == 0 {
            return e.key2_turned_back(recycles);
        }
    }
    e.key2(recycles)
}

/// Play search move `m`: its stock turns, then its move; then, under rules that finish by
/// themselves, the cards the game puts up on its own. Returns how many of those it made.
fn play(e: &mut Engine, m: u32, auto_finish: bool, scratch: &mut Vec<u32>) -> u32 {
    for _ in 0..m >> TURNS_SHIFT {
        e.make(0);
    }
    e.make(m & MOVE_MASK);
    let mut auto = 0;
    // The game's own finish: while stock, waste and reserve are empty, the first move to a
    // foundation, as `canfield.Game` plays it.
    while auto_finish && e.stock.is_empty() && e.waste.is_empty() && e.res.is_empty() && !e.is_won()
    {
        e.moves(scratch);
        let Some(&up) = scratch.iter().find(|&&m| (m >> 5) & 31 == FOUNDATION) else {
            break;
        };
        e.make(up);
        auto += 1;
    }
    auto
}

/// Take back search move `m` and the `auto` moves the game made after it.
fn take_back(e: &mut Engine, m: u32, auto: u32) {
    for _ in 0..=(m >> TURNS_SHIFT) + auto {
        e.unmake();
    }
}

/// The search's moves of a position: a safe move alone, or every move with stock turns folded in.
struct Generator {
    safe: bool,
    no_takeback: bool,
    steady: Option<u32>,
    moves: Vec<u32>,
    waste: Vec<u32>,
    seen: Vec<(usize, u32)>,
}

impl Generator {
    fn new(e: &Engine, no_takeback: bool, auto_finish: bool) -> Generator {
        Generator {
            // The safe-move argument knows of no automatic move but the fill.
            safe: e.one_deck() && (no_takeback || !e.rules.takeback) && !auto_finish,
            no_takeback,
            steady: steady_recycles(e),
            moves: Vec::with_capacity(64),
            waste: Vec::with_capacity(16),
            seen: Vec::with_capacity(64),
        }
    }

    /// Whether move `m` plays a card up that is safe to play at once (see the module's docs).
    fn is_safe(&self, e: &Engine, m: u32) -> bool {
        let src = m & 31;
        if (m >> 5) & 31 != FOUNDATION {
            return false;
        }
        let card = if src >= COL {
            let col = &e.cols[(src - COL) as usize];
            if col.len() < 2 && e.rules.auto_fill && !e.res.is_empty() {
                return false;
            }
            col[col.len() - 1]
        } else if src == RESERVE && !e.rules.auto_fill {
            e.res[e.res.len() - 1]
        } else {
            return false;
        };
        let mut kids = e.rules.children[card as usize];
        while kids != 0 {
            let c = kids.trailing_zeros() as u8;
            kids &= kids - 1;
            if !e.on_foundation(c) {
                return false;
            }
        }
        true
    }

    fn stock_state(&self, waste: usize, recycles: u32) -> (usize, u32) {
        (waste, self.steady.map_or(recycles, |s| recycles.min(s)))
    }

    fn moves(&mut self, e: &Engine, out: &mut Vec<u32>) {
        out.clear();
        e.moves(&mut self.moves);
        if self.no_takeback {
            self.moves
                .retain(|&m| !(FSUIT..COL).contains(&(m & 31)) || m == 0);
        }
        if self.safe {
            if let Some(&m) = self.moves.iter().find(|&&m| self.is_safe(e, m)) {
                out.push(m);
                return;
            }
        }
        let turn = self.moves.last() == Some(&0);
        out.extend(self.moves.iter().copied().filter(|&m| m != 0));
        if turn {
            // Follow the stock turns by index, without playing them: `p` cards of the stock and
            // waste sequence are on the waste, after `rec` recycles.
            let total = e.waste.len() + e.stock.len();
            let draws = &e.rules.draws;
            let (mut p, mut rec) = (e.waste.len(), e.recycles);
            self.seen.clear();
            self.seen.push(self.stock_state(p, rec));
            let mut k = 0;
            loop {
                if p < total {
                    p = (p + usize::from(draws[(rec as usize).min(draws.len() - 1)])).min(total);
                } else if total > 0 && e.may_recycle(rec) {
                    p = 0;
                    rec += 1;
                } else {
                    break;
                }
                k += 1;
                let state = self.stock_state(p, rec);
                if self.seen.contains(&state) {
                    break;
                }
                self.seen.push(state);
                if p > 0 {
                    e.waste_moves(e.turn_order(p - 1), &mut self.waste);
                    out.extend(self.waste.iter().map(|&m| k << TURNS_SHIFT | m));
                }
            }
        }
        out.sort_by_key(|&m| (rank(e, m & MOVE_MASK), m >> TURNS_SHIFT));
    }
}

/// Search from `e`'s position for a win; `e` is left as it was.
///
/// Where the rules allow foundation take-backs, a first search leaves them out: its moves are
/// legal under the full rules too, so a win it finds is a win. It gets half the budget (5 million
/// positions when there is none); when it finds no win, the full search runs with what is left.
///
/// With `auto_finish`, the game puts cards up by itself once stock, waste and reserve are empty
/// (as `canfield.Game` does under such rules), and the line found includes those moves.
pub fn solve(e: &mut Engine, limits: &Limits<'_>, auto_finish: bool) -> Outcome {
    if !e.rules.takeback {
        return search(e, limits, false, auto_finish);
    }
    let start = Instant::now();
    let half = Limits {
        max_states: Some(
            limits
                .max_states
                .map_or(FIRST_PASS_STATES, |n| n.div_ceil(2)),
        ),
        deadline: limits
            .deadline
            .map(|d| start + d.saturating_duration_since(start) / 2),
        memory: limits.memory,
        stop: limits.stop,
    };
    let first = search(e, &half, true, auto_finish);
    if first.verdict == Verdict::Won || first.cut == Some(Cut::Stopped) {
        return first;
    }
    let rest = Limits {
        max_states: limits
            .max_states
            .map(|n| n.saturating_sub(first.states).max(1)),
        deadline: limits.deadline,
        memory: limits.memory,
        stop: limits.stop,
    };
    let mut full = search(e, &rest, false, auto_finish);
    full.states += first.states;
    full
}

/// The first pass's budget when the search has none: it is only a shortcut to a quick win.
const FIRST_PASS_STATES: u64 = 5_000_000;

/// One exhaustive search; `no_takeback` leaves out foundation take-backs.
fn search(e: &mut Engine, limits: &Limits<'_>, no_takeback: bool, auto_finish: bool) -> Outcome {
    let root = e.hist.len();
    let steady = steady_recycles(e);
    let mut states: u64 = 1;
    if e.is_won() {
        return Outcome {
            verdict: Verdict::Won,
            line: vec![],
            states,
            cut: None,
        };
    }
    let mut seen = Visited::new(limits.memory);
    if let Err(cut) = seen.insert(fingerprint(e, steady)) {
        return Outcome {
            verdict: Verdict::Unknown,
            line: vec![],
            states,
            cut: Some(cut),
        };
    }
    // The moves of every position on the path, in one buffer; frames[i] = (start, next, auto):
    // where the moves of depth i start, the next to try, and how many moves the game made by
    // itself after the move that led here (their end is the next frame's start, or the buffer's).
    let mut buf: Vec<u32> = Vec::with_capacity(4096);
    let mut frames: Vec<(usize, usize, u32)> = Vec::with_capacity(512);
    let mut scratch: Vec<u32> = Vec::with_capacity(64);
    let mut auto_scratch: Vec<u32> = Vec::with_capacity(64);
    let mut gen = Generator::new(e, no_takeback, auto_finish);
    let mut push_moves =
        |e: &mut Engine, buf: &mut Vec<u32>, frames: &mut Vec<(usize, usize, u32)>, auto: u32| {
            gen.moves(e, &mut scratch);
            let start = buf.len();
            buf.extend_from_slice(&scratch);
            frames.push((start, start, auto));
        };
    push_moves(e, &mut buf, &mut frames, 0);
    let mut cut = None;
    let won = loop {
        let depth = frames.len() - 1;
        let (start, next, auto) = frames[depth];
        if next == buf.len() {
            // Every move from here is tried: back up one move.
            frames.pop();
            buf.truncate(start);
            if frames.is_empty() {
                break false;
            }
            let (_, next, _) = frames[frames.len() - 1];
            take_back(e, buf[next - 1], auto);
            continue;
        }
        let m = buf[next];
        frames[depth].1 = next + 1;
        let auto = play(e, m, auto_finish, &mut auto_scratch);
        states += 1;
        if e.is_won() {
            break true;
        }
        match seen.insert(fingerprint(e, steady)) {
            Ok(true) => {}
            Ok(false) => {
                take_back(e, m, auto);
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
        push_moves(e, &mut buf, &mut frames, auto);
    };
    let line: Vec<u32> = if won {
        e.hist[root..].iter().map(|&r| r & REC_MOVE).collect()
    } else {
        vec![]
    };
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
    Outcome {
        verdict,
        line,
        states,
        cut,
    }
}
