//! The solver: can this position be won? An exhaustive depth-first search on the engine.
//!
//! The search is a depth-first search with make/unmake and a set of visited positions, marked
//! when first met (see `Search`). Meeting a position already in the set ends that branch, which
//! also cuts every cycle. Such a search visits every position reachable from the root unless it
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
//! pass from which every pass turns the same number of cards. Past that pass, positions that reach
//! each other by stock turns alone share a fingerprint (see `fingerprint`): they have the same
//! moves once turns are folded in (below), up to positions that again reach each other by turns,
//! so the search needs only one of them. The visited-set argument above holds over such classes.
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
//! one deck and no foundation take-back, the top card of a column or of the reserve goes to its
//! foundation at once when every card that could be built on it is already on a foundation (a
//! dead card). Argument: a dead card can never hold another card (those cards never leave the
//! foundations), so in a winning line it only ever moves alone, or at the end of a run whose
//! other cards move the same without it. Play it up first, then follow the line, dropping the
//! dead card's own moves and taking it off the runs it ends. Without automatic fill that line is
//! legal and wins: the card below it, or the reserve's next card, is only free earlier, and no
//! column empties at another time. With automatic fill, where the old line has the dead card
//! alone in a column (one it filled, or its own column when it was the only card there), the new
//! line has the reserve's next card q there and one card fewer in the reserve. Call two such positions
//! related; each old move has a new one that keeps them related or makes them equal:
//! - the dead card going up empties its column, which the old line fills with q: equal;
//! - q played from the reserve is played from its column instead; the column fills with the
//!   reserve's next card, in the new line, and the positions are related again (with no card
//!   left to fill it, the new line has an empty column where the old has the dead card alone,
//!   and only more moves);
//! - a move that empties another column fills it, in both lines, with the reserve's top card,
//!   which is related again with the two columns' roles exchanged;
//! - the dead card moved onto another column is dropped (the old line then holds it on top of a
//!   column, where nothing can go on it); nothing else changes, and the new position only has
//!   more places to build on.
//!
//! A win puts the dead card up, so the lines meet again before the old one wins.
//!
//! A card is also played up at once when each card that could go on it is up, or is wanted now
//! and the same holds for each card that could go on that one, and so on (`up_whenever`). Such
//! a card c stays wanted until it goes up (its foundation waits for it), as do the cards that
//! could be put on it, so a line that puts c on the card can put c, and whatever it would carry,
//! up instead, top card first; then nothing is ever put on the card: it is as good as dead, and
//! the argument above applies.
//!
//! Foundation counts never fall without take-back, so the search with safe moves still reaches
//! a win from every winnable position (induction on the foundation count, then the distance to
//! the win).
//!
//! Swaps are searched only with their uses. With one deck and runs of any length, call two cards
//! twins when they are the only two cards that take the same cards in a column (the two red
//! nines, say). A swap moves the run lying on a card onto its twin, a column's top card, and
//! leaves the card in its column. The swap back undoes it, so positions that reach each other
//! by swaps win or lose together: call them a class. A swap changes which cards are uncovered
//! only for its own two twins, so a move from any position of a class leads into the same class
//! as some move from the position at hand (a run that takes the uncovered twin along matches the
//! same run with the cards on it; a run moved off a twin onto a third card is the same move from
//! both), except the moves that use the twin a swap uncovers: that card going up, and a card or
//! run put onto it (these are the moves onto the covered twin, made onto the uncovered one,
//! unless a column is long enough to hold two cards of a rank in one run: then the swap is
//! played to list them). So the search plays no swap alone, only each swap with each of its
//! uses; and of two uncovered twins it builds only on the lower-numbered, the same run on the
//! other being one swap away. It still reaches a position of every class the complete search
//! reaches (with safe moves: induction on the foundation count, then the number of moves
//! between classes to the win); the won position is a class of its own. `swaps_covered` checks
//! this position by position in the tests. Where only a column's top card or all of it moves, a
//! run built on a moved card could not move back, and swaps are plain moves.
//!
//! Shortcut searches over subsets of the legal moves take turns with the complete search (see
//! `solve`): a win one of them finds is a legal win, and only the complete search says "lost".
//!
//! Nothing else is pruned. Move ordering (see `rank`) changes how soon a win is found, never the
//! verdict.
//!
//! Where the engine can, a position's children are hashed without being played (`Engine::child`)
//! and looked up in the visited set all at once, their slots fetched side by side; the visited
//! set asks for huge pages. Most children are positions already seen, and this way they cost a
//! hash and a lookup each.

use crate::engine::{
    recycles_key, Child, Engine, COL, FOUNDATION, FSUIT, REC_MOVE, RESERVE, WASTE,
};
use crate::rules::MODE_ANY;

/// A search move (u64): a move int, after `TURNS_SHIFT`-shifted stock turns, after the swap
/// (a move int) in the bits from `SWAP_SHIFT`, if any (see `Generator::moves`).
const TURNS_SHIFT: u32 = 20;
const MOVE_MASK: u32 = (1 << TURNS_SHIFT) - 1;
const SWAP_SHIFT: u32 = 32;
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
        let max_slots = Visited::slots_in(memory);
        Visited {
            slots: table(max_slots.min(1 << 14)),
            len: 0,
            max_slots,
        }
    }

    /// The largest power of two of 16-byte slots that fits in `memory` (at least 1024).
    fn slots_in(memory: usize) -> usize {
        let n = (memory / 16).max(1024);
        if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        }
    }

    /// Let the set grow to `memory` bytes.
    fn raise(&mut self, memory: usize) {
        self.max_slots = self.max_slots.max(Visited::slots_in(memory));
    }

    /// Insert `key`: Ok(true) if it was new, Ok(false) if present, Err when the cap is reached.
    fn insert(&mut self, key: u128) -> Result<bool, Cut> {
        let key = stored(key);
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            if self.slots.len() * 2 > self.max_slots {
                return Err(Cut::Memory);
            }
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
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

    /// Where `key` (as `stored`) is first looked for.
    #[inline]
    fn slot(&self, key: u128) -> usize {
        (key as usize ^ (key >> 64) as usize) & (self.slots.len() - 1)
    }

    /// Ask the processor to fetch `key`'s slot into the cache: a search looks up all of a
    /// position's children at once, and their slots (far apart in a large table) then load
    /// side by side instead of one after another.
    #[inline]
    fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[self.slot(stored(key))];
            // SAFETY: a prefetch is only a hint; the address is the slot's, inside the table.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>((slot as *const u128).cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = table(old.len() * 2);
        let mask = self.slots.len() - 1;
        for key in old.into_iter().filter(|&k| k != 0) {
            let mut i = self.slot(key);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
    }
}

/// `key` as the visited set stores it: 0 marks an empty slot, so the key 0 is stored as 1.
#[inline]
fn stored(key: u128) -> u128 {
    if key == 0 {
        1
    } else {
        key
    }
}

/// A zeroed table of `n` slots. On Linux, a large table asks for huge pages: its slots are read
/// at random, and with 4 KiB pages nearly every read would also miss the address cache (TLB).
fn table(n: usize) -> Vec<u128> {
    let slots = vec![0u128; n];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = n * std::mem::size_of::<u128>();
        if bytes >= 2 * HUGE {
            let start = slots.as_ptr() as usize;
            let aligned = (start + HUGE - 1) & !(HUGE - 1);
            let len = (start + bytes - aligned) & !(HUGE - 1);
            // SAFETY: the range lies inside the table's allocation; the advice changes only how
            // the kernel backs its pages, never their contents. A refusal is harmless.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    slots
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
            if uncovered(e, m).is_none_or(|c| e.wanted(c)) {
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

/// The card column move `m` leaves on top of its column, None when it empties it. (A move
/// after a swap, ranked before the swap is played, may take more cards than the column holds.)
#[inline]
fn uncovered(e: &Engine, m: u32) -> Option<u8> {
    let col = &e.cols[((m & 31) - COL) as usize];
    let left = col.len().saturating_sub((m >> 10) as usize);
    left.checked_sub(1).map(|i| col[i])
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
    let (waste, total) = (e.waste.len(), e.waste.len() + e.stock.len());
    let recycles = kept_recycles(e.recycles, steady);
    if turns_back(e, waste, total, e.recycles, steady) {
        e.key2_turned_back(recycles)
    } else {
        e.key2(recycles)
    }
}

/// `fingerprint` of a move's child, from its hash (`Engine::child`): the same key, without
/// playing the move.
fn child_fingerprint(e: &Engine, c: &Child, steady: Option<u32>) -> u128 {
    let key = c.key ^ recycles_key(kept_recycles(c.recycles, steady));
    if turns_back(e, c.waste, c.total, c.recycles, steady) {
        key ^ c.turned_back()
    } else {
        key
    }
}

/// The recycle count the fingerprint keeps (see `steady_recycles`).
fn kept_recycles(recycles: u32, steady: Option<u32>) -> u32 {
    steady.map_or(recycles, |s| recycles.min(s))
}

/// Whether a position with `waste` of `total` stock and waste cards on the waste, after
/// `recycles`, shares its fingerprint with the same position turned back over. Past the steady
/// pass, the stock turns `d` cards at a time every pass: a waste holding a multiple of `d`
/// cards, or all of them, turns back over and turns to the same place again, so the position and
/// the one with its waste turned back over reach each other by stock turns alone.
fn turns_back(e: &Engine, waste: usize, total: usize, recycles: u32, steady: Option<u32>) -> bool {
    steady.is_some_and(|s| {
        let d = usize::from(*e.rules.draws.last().expect("draws"));
        waste > 0 && recycles >= s && (waste == total || waste.is_multiple_of(d))
    })
}

/// Whether every search move of `e`'s position (all legal moves, stock turns folded in) has the
/// same fingerprint hashed without playing it (`Engine::child`) as played; for the tests.
#[doc(hidden)]
pub fn child_keys_agree(e: &mut Engine) -> bool {
    let steady = steady_recycles(e);
    let mut gen = Generator::new(e, Pass::COMPLETE, false);
    let (mut ms, mut scratch) = (Vec::new(), Vec::new());
    gen.moves(e, &mut ms);
    ms.iter().all(|&m| {
        let Some(key) = hashed_child(e, m, steady) else {
            return true;
        };
        let auto = play(e, m, false, &mut scratch);
        let played = fingerprint(e, steady);
        take_back(e, m, auto);
        key == played
    })
}

/// Whether the search's moves of `e`'s position reach every class (positions that reach each
/// other by swaps) that the plain moves of the position and of the positions one swap away
/// reach; for the tests (see the module docs). Positions where a move is safe are not checked.
#[doc(hidden)]
pub fn swaps_covered(e: &mut Engine) -> bool {
    let mut paired = Generator::new(e, Pass::COMPLETE, false);
    let (mut ms, mut scratch) = (Vec::new(), Vec::new());
    paired.moves(e, &mut ms);
    if ms.len() == 1 && paired.is_safe(e, move_int(ms[0])) {
        return true;
    }
    let twin = paired.twin;
    let steady = steady_recycles(e);
    let mut reached = vec![class_key(e, &twin, steady)];
    for &m in &ms {
        let auto = play(e, m, false, &mut scratch);
        reached.push(class_key(e, &twin, steady));
        take_back(e, m, auto);
    }
    let mut plain = Generator::new(
        e,
        Pass {
            swaps: false,
            ..Pass::COMPLETE
        },
        false,
    );
    plain.safe = false;
    e.moves(&mut scratch);
    let swaps: Vec<u32> = scratch
        .iter()
        .copied()
        .filter(|&m| paired.is_swap(e, m))
        .collect();
    std::iter::once(0).chain(swaps).all(|swap| {
        if swap != 0 {
            e.make(swap);
        }
        plain.moves(e, &mut ms);
        let all = ms.iter().all(|&m| {
            let auto = play(e, m, false, &mut scratch);
            let key = class_key(e, &twin, steady);
            take_back(e, m, auto);
            reached.contains(&key)
        });
        if swap != 0 {
            e.unmake();
        }
        all
    })
}

/// The fingerprint of the position of `e`'s class where every run that a swap can move onto a
/// lower-numbered twin lies there (swaps are independent, so that position is one per class).
fn class_key(e: &Engine, twin: &[u8; 52], steady: Option<u32>) -> u128 {
    let mut e = e.clone();
    let mut ms = Vec::new();
    'again: loop {
        e.moves(&mut ms);
        for &m in &ms {
            let (src, dst) = (m & 31, (m >> 5) & 31);
            if src < COL || dst < COL {
                continue;
            }
            let top = e.cols[(dst - COL) as usize].last().copied();
            if uncovered(&e, m).is_some_and(|a| top.is_some_and(|b| twin[a as usize] == b && b < a))
            {
                e.make(m);
                continue 'again;
            }
        }
        return fingerprint(&e, steady);
    }
}

/// The fingerprint of search move `m`'s child, hashed without playing its last move (only its
/// swap, if any), where the engine can (`Engine::child`).
fn hashed_child(e: &mut Engine, m: u64, steady: Option<u32>) -> Option<u128> {
    let swap = swap_of(m);
    if swap != 0 {
        e.make(swap);
    }
    let (p, rec) = turned(e, m);
    let key = e
        .child(move_int(m), p, rec)
        .map(|c| child_fingerprint(e, &c, steady));
    if swap != 0 {
        e.unmake();
    }
    key
}

/// The stock after one more stock turn (or recycle) from `p` cards on the waste after `rec`
/// recycles, `total` cards in stock and waste; None when the stock cannot turn.
fn turn_once(e: &Engine, p: usize, rec: u32, total: usize) -> Option<(usize, u32)> {
    if p < total {
        Some(((p + e.draw_at(rec)).min(total), rec))
    } else if total > 0 && e.may_recycle(rec) {
        Some((0, rec + 1))
    } else {
        None
    }
}

/// The stock after search move `m`'s stock turns: cards on the waste, recycles.
fn turned(e: &Engine, m: u64) -> (usize, u32) {
    let total = e.waste.len() + e.stock.len();
    let (mut p, mut rec) = (e.waste.len(), e.recycles);
    for _ in 0..turns(m) {
        (p, rec) = turn_once(e, p, rec, total).expect("a legal stock turn");
    }
    (p, rec)
}

/// Search move `m`'s stock turns.
fn turns(m: u64) -> u32 {
    (m as u32) >> TURNS_SHIFT
}

/// Search move `m`'s move int (after its swap and stock turns).
fn move_int(m: u64) -> u32 {
    m as u32 & MOVE_MASK
}

/// Search move `m`'s swap, if any: a move int, 0 for none.
fn swap_of(m: u64) -> u32 {
    (m >> SWAP_SHIFT) as u32
}

/// Play search move `m`: its swap, its stock turns, then its move; then, under rules that finish
/// by themselves, the cards the game puts up on its own. Returns how many of those it made.
fn play(e: &mut Engine, m: u64, auto_finish: bool, scratch: &mut Vec<u32>) -> u32 {
    if swap_of(m) != 0 {
        e.make(swap_of(m));
    }
    e.make_turns(turns(m));
    e.make(move_int(m));
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
fn take_back(e: &mut Engine, m: u64, auto: u32) {
    for _ in 0..=auto {
        e.unmake();
    }
    e.unmake_turns(turns(m));
    if swap_of(m) != 0 {
        e.unmake();
    }
}

/// The search's moves of a position: a safe move alone, or every move with stock turns folded in.
struct Generator {
    safe: bool,
    no_takeback: bool,
    narrow: bool,
    steady: Option<u32>,
    moves: Vec<u32>,
    waste: Vec<u32>,
    /// The stock states met while folding turns: bit p of `seen[r]` for p cards on the waste
    /// after r (steady) recycles past the first.
    seen: Vec<[u64; 4]>,
    order: Vec<u64>,
    plays: Vec<u64>,
    /// twin[a]: the one other card whose column children are exactly `a`'s, or `NO_TWIN`; all
    /// `NO_TWIN` where swaps are not pruned (see `moves`).
    twin: [u8; 52],
    /// Whether any card has a twin.
    twins: bool,
    swaps: Vec<u32>,
}

const NO_TWIN: u8 = 255;

impl Generator {
    fn new(e: &Engine, pass: Pass, auto_finish: bool) -> Generator {
        let Pass {
            no_takeback,
            narrow,
            swaps,
        } = pass;
        let twin = if swaps {
            twins(e, auto_finish)
        } else {
            [NO_TWIN; 52]
        };
        Generator {
            // The safe-move argument knows of no automatic move but the fill.
            safe: e.one_deck() && (no_takeback || !e.rules.takeback) && !auto_finish,
            no_takeback,
            narrow,
            steady: steady_recycles(e),
            moves: Vec::with_capacity(64),
            waste: Vec::with_capacity(16),
            seen: Vec::with_capacity(8),
            order: Vec::with_capacity(64),
            plays: Vec::with_capacity(64),
            twin,
            twins: twin.iter().any(|&t| t != NO_TWIN),
            swaps: Vec::with_capacity(8),
        }
    }

    /// Whether `m` is a swap: a column-to-column move of a run off card `a`, leaving `a` in its
    /// column, onto `a`'s twin (see `moves`).
    fn is_swap(&self, e: &Engine, m: u32) -> bool {
        let (src, dst) = (m & 31, (m >> 5) & 31);
        if src < COL || dst < COL {
            return false;
        }
        uncovered(e, m).is_some_and(|a| {
            e.cols[(dst - COL) as usize]
                .last()
                .is_some_and(|&b| self.twin[a as usize] == b)
        })
    }

    /// Whether move `m` plays a card up that is safe to play at once (see the module's docs).
    fn is_safe(&self, e: &Engine, m: u32) -> bool {
        let src = m & 31;
        if (m >> 5) & 31 != FOUNDATION {
            return false;
        }
        let card = if src >= COL {
            let col = &e.cols[(src - COL) as usize];
            col[col.len() - 1]
        } else if src == RESERVE {
            e.res[e.res.len() - 1]
        } else {
            return false;
        };
        cards(e.rules.children[card as usize]).all(|c| up_whenever(e, c))
    }

    /// Mark the stock state of `waste` cards on the waste after `recycles`; whether it was met
    /// before (since `seen` was cleared, at `first` steady recycles).
    fn met(&mut self, waste: usize, recycles: u32, first: u32) -> bool {
        let r = (kept_recycles(recycles, self.steady) - first) as usize;
        if r >= self.seen.len() {
            self.seen.resize(r + 1, [0; 4]);
        }
        let (word, bit) = (waste / 64, 1u64 << (waste % 64));
        let before = self.seen[r][word] & bit != 0;
        self.seen[r][word] |= bit;
        before
    }

    /// The legal moves the pass allows, into `self.moves`.
    fn legal(&mut self, e: &Engine) {
        e.moves(&mut self.moves);
        if self.narrow {
            self.moves.retain(|&m| {
                let (src, dst) = (m & 31, (m >> 5) & 31);
                if src < COL || dst < COL {
                    return true;
                }
                uncovered(e, m).is_none_or(|c| e.wanted(c))
            });
        }
        if self.no_takeback {
            self.moves
                .retain(|&m| !(FSUIT..COL).contains(&(m & 31)) || m == 0);
        }
    }

    /// The search's moves of `e`'s position into `out`, best first (see `rank`).
    ///
    /// Swaps are not moves of their own where twins are known (see `twins`): each comes with
    /// one of the moves it makes possible, which use the card it uncovers (see the module docs).
    fn moves(&mut self, e: &mut Engine, out: &mut Vec<u64>) {
        out.clear();
        self.legal(e);
        if self.safe {
            if let Some(&m) = self.moves.iter().find(|&&m| self.is_safe(e, m)) {
                out.push(u64::from(m));
                return;
            }
        }
        // (In order: the stock turn, if any, stays last, where `plays` looks for it.)
        self.swaps.clear();
        let mut kept = 0;
        for i in 0..self.moves.len() {
            let m = self.moves[i];
            if self.is_swap(e, m) {
                self.swaps.push(m);
            } else {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        self.plays(e, out);
        if self.twins {
            // Twins both uncovered take the same cards, and a run put on one moves onto the other
            // by a swap: moves onto the higher-numbered one lead into the same classes as the
            // same moves onto the lower, so only those are searched.
            let tops = e
                .cols
                .iter()
                .filter_map(|col| col.last())
                .fold(0u64, |acc, &t| acc | 1 << t);
            // (Not a run that ends with the lower one: it cannot go onto itself.)
            out.retain(|&m| {
                let (src, dst) = (move_int(m) & 31, (move_int(m) >> 5) & 31);
                if dst < COL {
                    return true;
                }
                let Some(&b) = e.cols[(dst - COL) as usize].last() else {
                    return true;
                };
                let a = self.twin[b as usize];
                let carried = src >= COL && e.cols[(src - COL) as usize].last() == Some(&a);
                !(a < b && tops >> a & 1 != 0 && !carried)
            });
        }
        let before = out.len();
        if e.cols.iter().any(|col| col.len() > 12) {
            // A column may hold a run with two cards of one rank: find each swap's uses by
            // playing it (a move onto the uncovered card, or that card going up).
            for i in 0..self.swaps.len() {
                let swap = self.swaps[i];
                let from = swap & 31;
                e.make(swap);
                self.legal(e);
                let start = out.len();
                self.plays(e, out);
                let mut kept = start;
                for j in start..out.len() {
                    let m = move_int(out[j]);
                    let (src, dst) = (m & 31, (m >> 5) & 31);
                    if (dst == from && !self.is_swap(e, m)) || (src == from && dst == FOUNDATION) {
                        out[kept] = u64::from(swap) << SWAP_SHIFT | out[j];
                        kept += 1;
                    }
                }
                out.truncate(kept);
                e.unmake();
            }
            self.swaps.clear();
        }
        // A swap uncovers card `a` in column `from`, and covers `a`'s twin in column `to`, which
        // take the same cards: its uses are `a` going up, and each move onto `to`, made onto
        // `from` instead (with no column longer than 12 cards, no run holds two cards of a rank,
        // so these are all the moves that playing the swap would show).
        for &swap in &self.swaps {
            let (from, to) = (swap & 31, (swap >> 5) & 31);
            let tag = u64::from(swap) << SWAP_SHIFT;
            if uncovered(e, swap).is_some_and(|a| e.wanted(a)) {
                out.push(tag | u64::from(from | FOUNDATION << 5 | 1 << 10));
            }
            for i in 0..before {
                let m = out[i];
                if (move_int(m) >> 5) & 31 == to {
                    out.push(tag | (m & !(31 << 5)) | u64::from(from << 5));
                }
            }
        }
        // Sort by rank, then by stock turns, then as listed: keys computed once, made unique.
        self.order.clear();
        self.order.extend(out.iter().enumerate().map(|(i, &m)| {
            u64::from(rank(e, move_int(m))) << 56 | u64::from(turns(m)) << 44 | i as u64
        }));
        self.order.sort_unstable();
        self.plays.clear();
        self.plays.extend(
            self.order
                .iter()
                .map(|&k| out[(k & 0xFFF_FFFF_FFFF) as usize]),
        );
        std::mem::swap(out, &mut self.plays);
    }

    /// Push the moves in `self.moves`, stock turns folded in, onto `out`.
    fn plays(&mut self, e: &Engine, out: &mut Vec<u64>) {
        out.extend(
            self.moves
                .iter()
                .filter(|&&m| m != 0)
                .map(|&m| u64::from(m)),
        );
        if self.moves.last() == Some(&0) {
            // Follow the stock turns by index, without playing them: `p` cards of the stock and
            // waste sequence are on the waste, after `rec` recycles.
            let total = e.waste.len() + e.stock.len();
            let (mut p, mut rec) = (e.waste.len(), e.recycles);
            self.seen.clear();
            let first = kept_recycles(rec, self.steady);
            self.met(p, rec, first);
            let mut k = 0;
            while let Some(next) = turn_once(e, p, rec, total) {
                (p, rec) = next;
                k += 1;
                if self.met(p, rec, first) {
                    break;
                }
                if p > 0 {
                    e.waste_moves(e.turn_order(p - 1), &mut self.waste);
                    out.extend(self.waste.iter().map(|&m| u64::from(k << TURNS_SHIFT | m)));
                }
            }
        }
    }
}

/// The cards of a card set (bit c for card c).
fn cards(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// Whether `card` is up, or may go up whenever it is free, as may every card that could ever be
/// put on it: it is wanted now (so until it goes up), and so on up the cards that could go on it.
/// A line that puts such a card anywhere can put it, and all put on it, up instead.
fn up_whenever(e: &Engine, card: u8) -> bool {
    e.on_foundation(card)
        || (e.wanted(card) && cards(e.rules.children[card as usize]).all(|c| up_whenever(e, c)))
}

/// The twin table for `Generator::twin`: cards `a` and `b` are twins when they are the only two
/// cards with their (non-empty) set of column children. Only with one deck, any-run column moves
/// and no automatic finish (where the swap argument is made; where only a column's top card or
/// all of it moves, a run built on a moved card could not move back); otherwise no card has a
/// twin.
fn twins(e: &Engine, auto_finish: bool) -> [u8; 52] {
    let mut twin = [NO_TWIN; 52];
    if !e.one_deck() || auto_finish || e.rules.mode != MODE_ANY {
        return twin;
    }
    let kids = &e.rules.children;
    for a in 0..52 {
        let same: Vec<usize> = (0..52)
            .filter(|&b| b != a && kids[a] != 0 && kids[b] == kids[a])
            .collect();
        if let [b] = same[..] {
            twin[a] = b as u8;
        }
    }
    twin
}

/// Search from `e`'s position for a win; `e` is left as it was.
///
/// Two searches may run side by side, taking turns: the complete search, first (its first turn
/// settles most deals either way), and a shortcut, which searches a subset of the legal moves, so
/// a win it finds is a win, and when it ends without one it proves nothing and simply stops:
///
/// - with any-run column moves, a narrow search whose column-to-column moves must empty their
///   column or uncover a card that goes up, and without take-backs: it finds many wins that the
///   complete search reaches only after millions of positions, in a far smaller space;
/// - otherwise, where the rules allow foundation take-backs, a search without them.
///
/// A shortcut's turn is three times the complete search's. Both keep their place between turns,
/// so the complete search loses nothing but time to the shortcut, and none once it has ended. The
/// budget is shared: `max_states` counts both searches' positions, and the visited sets share
/// `memory` (half each while both run; all of it for the complete search after).
///
/// With `auto_finish`, the game puts cards up by itself once stock, waste and reserve are empty
/// (as `canfield.Game` does under such rules), and the line found includes those moves.
pub fn solve(e: &mut Engine, limits: &Limits<'_>, auto_finish: bool) -> Outcome {
    solve_with(e, limits, auto_finish, true)
}

/// `solve`, with swaps paired with their uses (`swaps`, as `solve` does) or searched as moves of
/// their own: the tests check that both give the same verdicts.
#[doc(hidden)]
pub fn solve_with(e: &mut Engine, limits: &Limits<'_>, auto_finish: bool, swaps: bool) -> Outcome {
    let complete = Pass {
        swaps,
        ..Pass::COMPLETE
    };
    let shortcut = if e.rules.mode == MODE_ANY {
        Some(Pass {
            no_takeback: true,
            narrow: true,
            swaps,
        })
    } else if e.rules.takeback {
        Some(Pass {
            no_takeback: true,
            narrow: false,
            swaps,
        })
    } else {
        None
    };
    let memory = if shortcut.is_some() {
        limits.memory / 2
    } else {
        limits.memory
    };
    let mut states = 1u64; // the root
    let mut searches: Vec<Search> = std::iter::once(complete)
        .chain(shortcut)
        .map(|pass| Search::new(e, pass, auto_finish, memory, &mut states))
        .collect();
    let mut turn = 0;
    loop {
        let i = turn % searches.len();
        turn += 1;
        let slice = match (turn, i) {
            (1, _) => FIRST_SLICE,
            (_, 0) => SLICE,
            _ => SHORTCUT_SLICE,
        };
        let cut = match searches[i].run(limits, &mut states, slice) {
            Step::Paused => continue,
            Step::Won => {
                return Outcome {
                    verdict: Verdict::Won,
                    line: searches[i].line(),
                    states,
                    cut: None,
                }
            }
            Step::Ended(Cut::Memory) | Step::Lost if i > 0 => {
                // The shortcut ended: it proves nothing; its memory goes to the complete search.
                searches.truncate(1);
                searches[0].seen.raise(limits.memory);
                continue;
            }
            Step::Lost => None,
            Step::Ended(cut) => Some(cut),
        };
        return Outcome {
            verdict: if cut.is_some() {
                Verdict::Unknown
            } else {
                Verdict::Lost
            },
            line: vec![],
            states,
            cut,
        };
    }
}

/// The complete search's first turn, in positions: most deals are settled within it.
const FIRST_SLICE: u64 = 250_000;
/// Each later turn of the complete search, in positions.
const SLICE: u64 = 100_000;
/// Each turn of a shortcut, in positions: they find most of their wins fast, so they get more.
const SHORTCUT_SLICE: u64 = 300_000;

/// Which moves a search tries: all legal moves, or a subset (see `solve`).
#[derive(Clone, Copy)]
struct Pass {
    no_takeback: bool,
    narrow: bool,
    /// Whether swaps are searched only with their uses (see `Generator::moves`).
    swaps: bool,
}

impl Pass {
    /// Every legal move.
    const COMPLETE: Pass = Pass {
        no_takeback: false,
        narrow: false,
        swaps: true,
    };
}

/// How a search's turn ended.
enum Step {
    Won,
    Lost,
    Paused,
    Ended(Cut),
}

/// One exhaustive search over the moves its `Pass` allows, on its own copy of the engine; it
/// runs in turns (`run`) and keeps its place between them.
///
/// A position's children are looked up in the visited set when the position is expanded, all
/// at once, and those already there are dropped; the rest are marked visited then and explored
/// later from this position. That is still a complete search: every marked position is explored
/// from the position that marked it (unless the search ends), and every position reachable from
/// the root is marked (the first unmarked one on a path from the root would have been marked by
/// the position before it). Children are hashed without being played where the engine can
/// (`Engine::child`), so a child already seen costs a hash and a lookup, not a move and its undo.
struct Search {
    e: Engine,
    root: usize,
    auto_finish: bool,
    steady: Option<u32>,
    seen: Visited,
    gen: Generator,
    /// The moves of every position on the path, in one buffer.
    buf: Vec<u64>,
    /// frames[i] = (start, next, auto): where the moves of depth i start, the next to try, and
    /// how many moves the game made by itself after the move that led here (their end is the
    /// next frame's start, or the buffer's).
    frames: Vec<(usize, usize, u32)>,
    scratch: Vec<u64>,
    keys: Vec<u128>,
    auto_scratch: Vec<u32>,
    /// Positions played since the last look at the clock.
    ticks: u32,
    /// Set when the search is over before it starts: the root is won, or there is no memory.
    over: Option<Step>,
}

impl Search {
    fn new(e: &Engine, pass: Pass, auto_finish: bool, memory: usize, states: &mut u64) -> Search {
        let e = e.clone();
        let steady = steady_recycles(&e);
        let mut search = Search {
            root: e.hist.len(),
            auto_finish,
            steady,
            seen: Visited::new(memory),
            gen: Generator::new(&e, pass, auto_finish),
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
            .insert(fingerprint(&search.e, steady))
            .and_then(|_| search.push_moves(0, states))
        {
            search.over = Some(Step::Ended(cut));
        }
        search
    }

    /// The winning line found: the moves from the root.
    fn line(&self) -> Vec<u32> {
        self.e.hist[self.root..]
            .iter()
            .map(|&r| r & REC_MOVE)
            .collect()
    }

    /// The fingerprint of search move `m`'s child.
    fn child_fingerprint(&mut self, m: u64) -> u128 {
        if !self.auto_finish {
            if let Some(key) = hashed_child(&mut self.e, m, self.steady) {
                return key;
            }
        }
        let auto = play(&mut self.e, m, self.auto_finish, &mut self.auto_scratch);
        let key = fingerprint(&self.e, self.steady);
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
