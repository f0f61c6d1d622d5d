//! The engine: a position, its legal moves, make and unmake.
//!
//! This mirrors `src/canfield/engine.py`, the readable reference of the rules, move for move:
//! the same move ints, in the same order, with the same undo records. A differential test in the
//! Python suite plays both side by side. Moves are `src | dst << 5 | count << 10` (see
//! `canfield.moves`); 0 is the stock move.

use crate::hash::{
    mix2, z2, Tag, COLUMN_KEYS, FOUNDATION_KEYS, LINK_KEYS, RECYCLES_KEYS, TOP_KEYS,
};
use crate::rules::{Rules, MODE_ANY, MODE_WHOLE};
use std::sync::Arc;

pub const WASTE: u32 = 1;
pub const RESERVE: u32 = 2;
pub const FOUNDATION: u32 = 3;
pub const FSUIT: u32 = 4;
pub const COL: u32 = 8;

/// An undo record holds the move int in its low 17 bits.
pub const REC_MOVE: u32 = 0x1FFFF;
/// A stock turn's record holds the number of cards turned from bit 17 (6 bits; 0 = a recycle).
pub const REC_TURNED_SHIFT: u32 = 17;
/// Set when a column move emptied its column and the reserve's top card filled it.
pub const REC_FILL: u32 = 1 << 23;
/// The foundation a card went to, or came back from, from bit 24.
pub const REC_FOUNDATION_SHIFT: u32 = 24;

const ONE: u32 = 1 << 10;
/// No card: before the first card of the stock and waste sequence, or the top of an empty waste.
const NO_CARD: u8 = 255;

/// The hash of card `b` coming right after `a` (or first, after `NO_CARD`) in the stock and waste
/// sequence.
#[inline]
fn link(a: u8, b: u8) -> u128 {
    LINK_KEYS.get(Tag::Link, a, usize::from(b))
}

/// The hash change when the waste's top card `c` leaves the stock and waste sequence, between
/// `before` (the waste's next card) and `after` (the stock's next card), or comes back.
#[inline]
fn unlink(before: Option<u8>, c: u8, after: Option<u8>) -> u128 {
    let b = before.unwrap_or(NO_CARD);
    let mut h = link(b, c) ^ top(Some(&c)) ^ top(before.as_ref());
    if let Some(a) = after {
        h ^= link(c, a) ^ link(b, a);
    }
    h
}

/// The hash of the waste's top card.
#[inline]
fn top(c: Option<&u8>) -> u128 {
    TOP_KEYS.get(Tag::Top, c.copied().unwrap_or(NO_CARD), 0)
}

/// The recycle count's part of the hash.
#[inline]
pub fn recycles_key(recycles: u32) -> u128 {
    RECYCLES_KEYS.get(Tag::Recycles, 0, recycles as usize)
}

/// A move's child, hashed without playing the move (see `Engine::child`).
#[derive(Clone, Copy, Debug)]
pub struct Child {
    /// The child's `key2` without the recycle count's part (`recycles_key`).
    pub key: u128,
    /// The child's waste top card, waste length, stock and waste length, and recycle count.
    pub waste_top: Option<u8>,
    pub waste: usize,
    pub total: usize,
    pub recycles: u32,
}

impl Child {
    /// The key's change were the child's waste turned back over onto its stock (one deck; see
    /// `Engine::key2_turned_back`).
    pub fn turned_back(&self) -> u128 {
        top(self.waste_top.as_ref()) ^ top(None)
    }
}
const TO_FOUNDATION: u32 = FOUNDATION << 5 | ONE;

/// A position as plain data: piles bottom to top, except `stock`, which is in turning order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub reserve: Vec<u8>,
    pub start: u8,
    pub foundations: Vec<(u8, u8)>,
    pub columns: Vec<Vec<u8>>,
    pub stock: Vec<u8>,
    pub waste: Vec<u8>,
    pub recycles: u32,
}

impl Position {
    /// Check that the position fits `rules`: its shape, and every card once per deck.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        if self.columns.len() != rules.columns {
            return Err(format!(
                "{} columns, the rules have {}",
                self.columns.len(),
                rules.columns
            ));
        }
        if self.foundations.len() != 4 * rules.decks {
            return Err(format!(
                "{} foundations, the rules have {}",
                self.foundations.len(),
                4 * rules.decks
            ));
        }
        if self.start > 12 {
            return Err(format!("foundation start rank {} is not 0..12", self.start));
        }
        let mut suits = [0usize; 4];
        for &(s, n) in &self.foundations {
            if s > 3 || n > 13 {
                return Err(format!(
                    "foundation ({s}, {n}): suit must be 0..3 and count 0..13"
                ));
            }
            suits[s as usize] += 1;
        }
        if suits.iter().any(|&k| k != rules.decks) {
            return Err("foundations must hold each suit once per deck".into());
        }
        let mut counts = [0usize; 52];
        let piles = [&self.reserve, &self.stock, &self.waste];
        for &c in piles
            .into_iter()
            .flatten()
            .chain(self.columns.iter().flatten())
        {
            if c >= 52 {
                return Err(format!("{c} is not a card (0..51)"));
            }
            counts[c as usize] += 1;
        }
        for &(s, n) in &self.foundations {
            for k in 0..n {
                counts[s as usize * 13 + (self.start + k) as usize % 13] += 1;
            }
        }
        if let Some(c) = counts.iter().position(|&k| k != rules.decks) {
            return Err(format!(
                "card {c} appears {} times; every card must appear once per deck ({})",
                counts[c], rules.decks
            ));
        }
        if let Some(limit) = rules.pass_limit {
            if self.recycles >= limit {
                return Err(format!(
                    "{} recycles, but the rules allow {} passes",
                    self.recycles, limit
                ));
            }
        }
        Ok(())
    }
}

/// A mutable position under compiled rules, with a stack of undo records.
#[derive(Clone, Debug)]
pub struct Engine {
    pub rules: Arc<Rules>,
    pub res: Vec<u8>,
    pub cols: Vec<Vec<u8>>,
    /// The stock, next card to turn at the end.
    pub stock: Vec<u8>,
    pub waste: Vec<u8>,
    pub fsuit: Vec<u8>,
    pub fcount: Vec<u8>,
    pub start: u8,
    pub recycles: u32,
    fnext: Vec<i16>,
    /// wants[card]: the foundation that takes `card` next, or -1.
    wants: [i8; 52],
    /// With one deck: the foundation of each suit, and each card's column (or -1).
    one_deck: bool,
    fof: [u8; 4],
    loc: [i8; 52],
    pub hist: Vec<u32>,
    redeals: i64,
    total: usize,
    // The position's hash, kept by make and unmake (see `key`).
    colh: Vec<u128>,
    /// `mix2` of each column's hash, and their sum (the columns' part of the key, the same in
    /// any column order), brought up to date at the end of each move (`settle`).
    colm: Vec<u128>,
    colsum: u128,
    pile_h: u128,
}

impl Engine {
    /// An engine at `pos`, which must pass `Position::check`.
    pub fn new(rules: Arc<Rules>, pos: &Position) -> Result<Engine, String> {
        pos.check(&rules)?;
        let rules = rules.for_base(pos.start);
        let nf = pos.foundations.len();
        let mut e = Engine {
            res: pos.reserve.clone(),
            cols: pos.columns.clone(),
            stock: pos.stock.iter().rev().copied().collect(),
            waste: pos.waste.clone(),
            fsuit: pos.foundations.iter().map(|&(s, _)| s).collect(),
            fcount: pos.foundations.iter().map(|&(_, n)| n).collect(),
            start: pos.start,
            recycles: pos.recycles,
            fnext: vec![0; nf],
            wants: [-1; 52],
            one_deck: rules.decks == 1,
            fof: [0; 4],
            loc: [-1; 52],
            hist: Vec::with_capacity(256),
            redeals: rules.pass_limit.map_or(-1, |p| i64::from(p) - 1),
            total: 52 * rules.decks,
            colh: vec![0; rules.columns],
            colm: vec![0; rules.columns],
            colsum: 0,
            pile_h: 0,
            rules,
        };
        for f in 0..nf {
            e.set_next(f);
        }
        for suit in 0..4 {
            e.rewant(suit);
        }
        if e.one_deck {
            for (f, &s) in e.fsuit.iter().enumerate() {
                e.fof[s as usize] = f as u8;
            }
            for (i, col) in e.cols.iter().enumerate() {
                for &c in col {
                    e.loc[c as usize] = i as i8;
                }
            }
        }
        e.rehash();
        Ok(e)
    }

    /// The position as plain data.
    pub fn position(&self) -> Position {
        Position {
            reserve: self.res.clone(),
            start: self.start,
            foundations: self
                .fsuit
                .iter()
                .copied()
                .zip(self.fcount.iter().copied())
                .collect(),
            columns: self.cols.clone(),
            stock: self.stock.iter().rev().copied().collect(),
            waste: self.waste.clone(),
            recycles: self.recycles,
        }
    }

    // -- hashing ---------------------------------------------------------------------------

    fn rehash(&mut self) {
        for (i, col) in self.cols.iter().enumerate() {
            self.colh[i] = col
                .iter()
                .enumerate()
                .fold(0, |h, (d, &c)| h ^ COLUMN_KEYS.get(Tag::Column, c, d));
        }
        self.colm = self.colh.iter().map(|&h| mix2(h)).collect();
        self.colsum = self.colm.iter().fold(0, |acc, &m| acc.wrapping_add(m));
        let mut h = 0;
        for (d, &c) in self.res.iter().enumerate() {
            h ^= z2(Tag::Reserve, c, d);
        }
        if self.one_deck {
            let mut before = NO_CARD;
            for i in 0..self.waste.len() + self.stock.len() {
                let c = self.turn_order(i);
                h ^= link(before, c);
                before = c;
            }
            h ^= top(self.waste.last());
        } else {
            for (d, &c) in self.stock.iter().enumerate() {
                h ^= z2(Tag::Stock, c, d);
            }
            for (d, &c) in self.waste.iter().enumerate() {
                h ^= z2(Tag::Waste, c, d);
            }
        }
        for (f, &n) in self.fcount.iter().enumerate() {
            h ^= FOUNDATION_KEYS.get(Tag::Foundation, f as u8, n as usize);
        }
        self.pile_h = h;
    }

    /// A 64-bit Zobrist-style hash of the position that ignores the order of the columns.
    ///
    /// Each column hashes its cards by depth; the columns combine by a sum of mixed column
    /// hashes, which does not depend on their order. Reserve, foundations and the recycle count
    /// are hashed by place. With one deck, the stock and waste are hashed as their sequence in
    /// turning order (each card with the card before it: the cards are distinct, so these links
    /// give the sequence back) and the waste's top card (which says where the waste ends): a
    /// stock turn changes only the top card, and playing the waste's card only the links around
    /// it. With several decks they are hashed by place.
    pub fn key(&self) -> u64 {
        self.key2(self.recycles) as u64
    }

    /// The 128-bit hash of the position as if `recycles` waste recycles had been made: two
    /// independent 64-bit hashes (the low half is `key`'s when `recycles` is the real count).
    pub fn key2(&self, recycles: u32) -> u128 {
        self.colsum ^ self.pile_h ^ recycles_key(recycles)
    }

    /// What playing search move `m` would give, hashed without playing it: `m` is a move other
    /// than a stock turn, legal once the stock has been turned to `p` cards on the waste after
    /// `recycles` recycles (the position's own, or later ones by stock turns alone). One deck
    /// only (None otherwise): the stock and waste sequence hash needs distinct cards.
    pub fn child(&self, m: u32, p: usize, recycles: u32) -> Option<Child> {
        if !self.one_deck {
            return None;
        }
        let (src, dst, count) = (m & 31, (m >> 5) & 31, (m >> 10) as usize);
        let total = self.waste.len() + self.stock.len();
        let mut colsum = self.colsum;
        // A column's hash changed by `delta`: the sum takes its new mixed hash.
        let mut change = |i: usize, delta: u128| {
            colsum = colsum
                .wrapping_sub(self.colm[i])
                .wrapping_add(mix2(self.colh[i] ^ delta));
        };
        let at = |i: usize| (i > 0).then(|| self.turn_order(i - 1));
        let mut waste_top = at(p);
        let mut pile = self.pile_h ^ top(self.waste.last()) ^ top(waste_top.as_ref());
        let (mut waste, mut left) = (p, total);
        let single;
        let moved: &[u8] = if src == WASTE {
            let c = waste_top.expect("a card on the waste");
            let before = at(p - 1);
            pile ^= unlink(before, c, (p < total).then(|| self.turn_order(p)));
            (waste, left, waste_top) = (p - 1, total - 1, before);
            single = [c];
            &single
        } else if src == RESERVE {
            let c = self.res[self.res.len() - 1];
            pile ^= z2(Tag::Reserve, c, self.res.len() - 1);
            single = [c];
            &single
        } else if src >= COL {
            let i = (src - COL) as usize;
            let col = &self.cols[i];
            let mut delta = 0;
            for (d, &c) in col.iter().enumerate().skip(col.len() - count) {
                delta ^= COLUMN_KEYS.get(Tag::Column, c, d);
            }
            if count == col.len() && self.rules.auto_fill && !self.res.is_empty() {
                let r = self.res[self.res.len() - 1];
                delta ^= COLUMN_KEYS.get(Tag::Column, r, 0);
                pile ^= z2(Tag::Reserve, r, self.res.len() - 1);
            }
            change(i, delta);
            &col[col.len() - count..]
        } else {
            let f = self.fof[(src - FSUIT) as usize] as usize;
            let n = self.fcount[f] as usize;
            pile ^= FOUNDATION_KEYS.get(Tag::Foundation, f as u8, n)
                ^ FOUNDATION_KEYS.get(Tag::Foundation, f as u8, n - 1);
            single = [self.ftop(f).expect("a foundation card")];
            &single
        };
        if dst == FOUNDATION {
            let f = self.wants[moved[0] as usize] as usize;
            let n = self.fcount[f] as usize;
            pile ^= FOUNDATION_KEYS.get(Tag::Foundation, f as u8, n)
                ^ FOUNDATION_KEYS.get(Tag::Foundation, f as u8, n + 1);
        } else {
            let j = (dst - COL) as usize;
            let base = self.cols[j].len();
            let mut delta = 0;
            for (d, &c) in moved.iter().enumerate() {
                delta ^= COLUMN_KEYS.get(Tag::Column, c, base + d);
            }
            change(j, delta);
        }
        Some(Child {
            key: colsum ^ pile,
            waste_top,
            waste,
            total: left,
            recycles,
        })
    }

    /// `key2(recycles)` of this position with the waste turned back over onto the stock (the
    /// stock and waste sequence unchanged, nothing on the waste).
    pub fn key2_turned_back(&self, recycles: u32) -> u128 {
        if self.one_deck {
            return self.key2(recycles) ^ top(self.waste.last()) ^ top(None);
        }
        // With several decks, by place: each waste card goes to its place in the stock.
        let total = self.waste.len() + self.stock.len();
        let moved = self.waste.iter().enumerate().fold(0u128, |acc, (i, &c)| {
            acc ^ z2(Tag::Waste, c, i) ^ z2(Tag::Stock, c, total - 1 - i)
        });
        self.key2(recycles) ^ moved
    }

    /// Bring column `i`'s mixed hash and the columns' sum up to date after its cards changed.
    #[inline]
    fn settle(&mut self, i: usize) {
        let m = mix2(self.colh[i]);
        self.colsum = self.colsum.wrapping_sub(self.colm[i]).wrapping_add(m);
        self.colm[i] = m;
    }

    #[inline]
    fn col_push(&mut self, i: usize, c: u8) {
        let d = self.cols[i].len();
        self.colh[i] ^= COLUMN_KEYS.get(Tag::Column, c, d);
        self.cols[i].push(c);
    }

    #[inline]
    fn col_pop(&mut self, i: usize) -> u8 {
        let c = self.cols[i].pop().expect("a card in the column");
        self.colh[i] ^= COLUMN_KEYS.get(Tag::Column, c, self.cols[i].len());
        c
    }

    #[inline]
    fn res_pop(&mut self) -> u8 {
        let c = self.res.pop().expect("a card in the reserve");
        self.pile_h ^= z2(Tag::Reserve, c, self.res.len());
        c
    }

    #[inline]
    fn res_push(&mut self, c: u8) {
        self.pile_h ^= z2(Tag::Reserve, c, self.res.len());
        self.res.push(c);
    }

    /// The hash change when the waste's top card leaves the stock and waste sequence, or comes
    /// back to it (with one deck; see `key`).
    #[inline]
    fn waste_card_delta(&self) -> u128 {
        let w = self.waste.len();
        unlink(
            self.waste.get(w.wrapping_sub(2)).copied(),
            self.waste[w - 1],
            self.stock.last().copied(),
        )
    }

    /// Take the waste's top card out of the position (a move plays it).
    #[inline]
    fn waste_pop(&mut self) -> u8 {
        if self.one_deck {
            self.pile_h ^= self.waste_card_delta();
            return self.waste.pop().expect("a card on the waste");
        }
        let c = self.waste.pop().expect("a card on the waste");
        self.pile_h ^= z2(Tag::Waste, c, self.waste.len());
        c
    }

    /// Put a card back on the waste (a move is taken back).
    #[inline]
    fn waste_push(&mut self, c: u8) {
        if self.one_deck {
            self.waste.push(c);
            self.pile_h ^= self.waste_card_delta();
            return;
        }
        self.pile_h ^= z2(Tag::Waste, c, self.waste.len());
        self.waste.push(c);
    }

    /// Move `k` cards from the stock to the waste, or back (`back`), one by one: a stock turn
    /// (or a recycle, all of them) and its undo.
    fn shift(&mut self, k: usize, back: bool) {
        let old_top = self.waste.last().copied();
        let (from, to) = if back {
            (&mut self.waste, &mut self.stock)
        } else {
            (&mut self.stock, &mut self.waste)
        };
        let n = from.len();
        if !self.one_deck {
            let (a, b) = if back {
                (Tag::Waste, Tag::Stock)
            } else {
                (Tag::Stock, Tag::Waste)
            };
            for (i, &c) in from[n - k..].iter().rev().enumerate() {
                self.pile_h ^= z2(a, c, n - 1 - i) ^ z2(b, c, to.len() + i);
            }
        }
        to.extend(from[n - k..].iter().rev());
        from.truncate(n - k);
        if self.one_deck {
            self.pile_h ^= top(old_top.as_ref()) ^ top(self.waste.last());
        }
    }

    // -- foundations -------------------------------------------------------------------------

    fn set_next(&mut self, f: usize) {
        let n = self.fcount[f];
        self.fnext[f] = if n >= 13 {
            -1
        } else {
            i16::from(self.fsuit[f]) * 13 + i16::from((self.start + n) % 13)
        };
    }

    fn rewant(&mut self, suit: u8) {
        for r in 0..13 {
            self.wants[suit as usize * 13 + r] = -1;
        }
        for f in 0..self.fsuit.len() {
            if self.fsuit[f] == suit {
                let c = self.fnext[f];
                if c >= 0 && self.wants[c as usize] < 0 {
                    self.wants[c as usize] = f as i8;
                }
            }
        }
    }

    /// The top card of foundation `f`, if any.
    pub fn ftop(&self, f: usize) -> Option<u8> {
        let n = self.fcount[f];
        (n > 0).then(|| self.fsuit[f] * 13 + (self.start + n - 1) % 13)
    }

    fn set_count(&mut self, f: usize, n: u8) {
        self.pile_h ^= FOUNDATION_KEYS.get(Tag::Foundation, f as u8, self.fcount[f] as usize);
        self.fcount[f] = n;
        self.pile_h ^= FOUNDATION_KEYS.get(Tag::Foundation, f as u8, n as usize);
    }

    fn fpush(&mut self, f: usize) {
        if self.one_deck {
            self.wants[self.fnext[f] as usize] = -1;
            self.set_count(f, self.fcount[f] + 1);
            self.set_next(f);
            if self.fnext[f] >= 0 {
                self.wants[self.fnext[f] as usize] = f as i8;
            }
        } else {
            self.set_count(f, self.fcount[f] + 1);
            self.set_next(f);
            self.rewant(self.fsuit[f]);
        }
    }

    fn fpop(&mut self, f: usize) {
        if self.one_deck {
            if self.fnext[f] >= 0 {
                self.wants[self.fnext[f] as usize] = -1;
            }
            self.set_count(f, self.fcount[f] - 1);
            self.set_next(f);
            self.wants[self.fnext[f] as usize] = f as i8;
        } else {
            self.set_count(f, self.fcount[f] - 1);
            self.set_next(f);
            self.rewant(self.fsuit[f]);
        }
    }

    // -- moves ---------------------------------------------------------------------------------

    /// Every legal move, each once, into `out`: to the foundations, onto columns, the stock last.
    pub fn moves(&self, out: &mut Vec<u32>) {
        out.clear();
        let r = &*self.rules;
        let n = r.columns;
        let mut tops = [-1i16; 9];
        for (i, col) in self.cols.iter().enumerate() {
            if let Some(&c) = col.last() {
                tops[i] = i16::from(c);
            }
        }
        let wtop = self.waste.last().map_or(-1, |&c| i16::from(c));
        let rtop = self.res.last().map_or(-1, |&c| i16::from(c));
        if wtop >= 0 && self.wants[wtop as usize] >= 0 {
            out.push(WASTE | TO_FOUNDATION);
        }
        if rtop >= 0 && self.wants[rtop as usize] >= 0 {
            out.push(RESERVE | TO_FOUNDATION);
        }
        for (i, &t) in tops[..n].iter().enumerate() {
            if t >= 0 && self.wants[t as usize] >= 0 {
                out.push((COL + i as u32) | TO_FOUNDATION);
            }
        }
        let mut sources: Vec<(u8, u32)> = Vec::new();
        if self.one_deck {
            // Each card is unique: look up where the cards that build on a top are.
            for (j, &t) in tops[..n].iter().enumerate() {
                if t < 0 {
                    continue;
                }
                let dst = (COL + j as u32) << 5;
                let mut kids = r.children[t as usize];
                while kids != 0 {
                    let c = kids.trailing_zeros() as i16;
                    kids &= kids - 1;
                    let i = self.loc[c as usize];
                    if i >= 0 {
                        let i = i as usize;
                        if i == j {
                            continue;
                        }
                        let col = &self.cols[i];
                        let size = col.len();
                        let p = col
                            .iter()
                            .position(|&x| i16::from(x) == c)
                            .expect("card in its column");
                        if r.mode != MODE_ANY && p != 0 && (r.mode == MODE_WHOLE || p != size - 1) {
                            continue;
                        }
                        let mut q = p + 1;
                        while q < size && r.builds(col[q], col[q - 1]) {
                            q += 1;
                        }
                        if q == size {
                            out.push((COL + i as u32) | dst | ((size - p) as u32) << 10);
                        }
                    } else if c == wtop {
                        out.push(WASTE | dst | ONE);
                    } else if c == rtop {
                        out.push(RESERVE | dst | ONE);
                    } else if r.takeback {
                        let s = (c / 13) as usize;
                        let nf = self.fcount[self.fof[s] as usize];
                        if nf > 0 && (self.start + nf - 1) % 13 == (c % 13) as u8 {
                            out.push((FSUIT + s as u32) | dst | ONE);
                        }
                    }
                }
            }
        } else {
            self.sources(&mut sources);
            for (j, &t) in tops[..n].iter().enumerate() {
                if t >= 0 {
                    let dst = COL + j as u32;
                    for &(c, code) in &sources {
                        if code & 31 != dst && r.builds(c, t as u8) {
                            out.push(code | dst << 5);
                        }
                    }
                }
            }
        }
        if tops[..n].contains(&-1) && (!r.auto_fill || self.res.is_empty()) {
            if self.one_deck {
                self.sources(&mut sources);
            }
            for (j, &t) in tops[..n].iter().enumerate() {
                if t < 0 {
                    let dst = (COL + j as u32) << 5;
                    for &(c, code) in &sources {
                        let src = code & 31;
                        if r.empty_ok(c)
                            && (src < COL
                                || (code >> 10) as usize != self.cols[(src - COL) as usize].len())
                        {
                            out.push(code | dst);
                        }
                    }
                }
            }
        }
        if !self.stock.is_empty()
            || (!self.waste.is_empty()
                && (self.redeals < 0 || i64::from(self.recycles) < self.redeals))
        {
            out.push(0);
        }
    }

    /// Every card that may move to a column, with its move's source and count bits.
    fn sources(&self, out: &mut Vec<(u8, u32)>) {
        out.clear();
        let r = &*self.rules;
        if let Some(&c) = self.waste.last() {
            out.push((c, WASTE | ONE));
        }
        if let Some(&c) = self.res.last() {
            out.push((c, RESERVE | ONE));
        }
        for (i, col) in self.cols.iter().enumerate() {
            let size = col.len();
            if size == 0 {
                continue;
            }
            let src = COL + i as u32;
            let mut k = 1;
            while k < size && r.builds(col[size - k], col[size - k - 1]) {
                k += 1;
            }
            if r.mode == MODE_ANY {
                for m in 1..=k {
                    out.push((col[size - m], src | (m as u32) << 10));
                }
            } else {
                if r.mode != MODE_WHOLE {
                    out.push((col[size - 1], src | ONE));
                }
                if k == size && (size > 1 || r.mode == MODE_WHOLE) {
                    out.push((col[0], src | (size as u32) << 10));
                }
            }
        }
        if r.takeback {
            let mut seen = 0u8;
            for (&s, &n) in self.fsuit.iter().zip(&self.fcount) {
                if n > 0 && seen & (1 << s) == 0 {
                    seen |= 1 << s;
                    out.push((
                        s * 13 + (self.start + n - 1) % 13,
                        (FSUIT + u32::from(s)) | ONE,
                    ));
                }
            }
        }
    }

    /// The moves the waste's top card would have if it were `w` (the rest of the position as it
    /// is), into `out` (cleared): what `moves` lists with the waste as source.
    pub fn waste_moves(&self, w: u8, out: &mut Vec<u32>) {
        out.clear();
        let r = &*self.rules;
        if self.wants[w as usize] >= 0 {
            out.push(WASTE | TO_FOUNDATION);
        }
        let fill_blocked = r.auto_fill && !self.res.is_empty();
        for (j, col) in self.cols.iter().enumerate() {
            let dst = (COL + j as u32) << 5;
            match col.last() {
                Some(&t) if r.builds(w, t) => out.push(WASTE | dst | ONE),
                None if !fill_blocked && r.empty_ok(w) => out.push(WASTE | dst | ONE),
                _ => {}
            }
        }
    }

    /// The card at place `i` of the stock and waste read as one sequence in turning order: the
    /// waste bottom to top, then the stock from its next card on.
    pub fn turn_order(&self, i: usize) -> u8 {
        let w = self.waste.len();
        if i < w {
            self.waste[i]
        } else {
            self.stock[self.stock.len() - 1 - (i - w)]
        }
    }

    /// Whether the waste may be turned back over after `recycles` recycles.
    pub fn may_recycle(&self, recycles: u32) -> bool {
        self.redeals < 0 || i64::from(recycles) < self.redeals
    }

    /// Whether a foundation takes `card` next.
    #[inline]
    pub fn wanted(&self, card: u8) -> bool {
        self.wants[card as usize] >= 0
    }

    /// Whether `card` is on its foundation (one deck).
    pub fn on_foundation(&self, card: u8) -> bool {
        let f = self.fof[card as usize / 13] as usize;
        (card % 13 + 13 - self.start) % 13 < self.fcount[f]
    }

    /// Whether there is just one deck.
    pub fn one_deck(&self) -> bool {
        self.one_deck
    }

    /// How many cards the next turn of the stock takes (before the end of the stock).
    pub fn draw_count(&self) -> usize {
        self.draw_at(self.recycles)
    }

    /// How many cards a turn of the stock takes after `recycles` recycles (before its end).
    pub fn draw_at(&self, recycles: u32) -> usize {
        let d = &self.rules.draws;
        usize::from(*d.get(recycles as usize).unwrap_or(d.last().expect("draws")))
    }

    /// Play move `m`, which must be legal here (see `moves`), and push its undo record.
    pub fn make(&mut self, m: u32) {
        if m == 0 {
            if self.stock.is_empty() {
                // The waste, turned over, is the stock in the same order.
                self.shift(self.waste.len(), true);
                self.recycles += 1;
                self.hist.push(0);
            } else {
                let k = self.draw_count().min(self.stock.len());
                self.shift(k, false);
                self.hist.push((k as u32) << REC_TURNED_SHIFT);
            }
            return;
        }
        let src = m & 31;
        let dst = (m >> 5) & 31;
        let count = (m >> 10) as usize;
        let mut rec = m;
        let mut moved = [0u8; 128];
        let n;
        if src == WASTE {
            moved[0] = self.waste_pop();
            n = 1;
        } else if src == RESERVE {
            moved[0] = self.res_pop();
            n = 1;
        } else if src >= COL {
            let i = (src - COL) as usize;
            n = count;
            for k in (0..n).rev() {
                moved[k] = self.col_pop(i);
            }
            if self.cols[i].is_empty() && self.rules.auto_fill && !self.res.is_empty() {
                let c = self.res_pop();
                self.col_push(i, c);
                rec |= REC_FILL;
                if self.one_deck {
                    self.loc[c as usize] = i as i8;
                }
            }
            self.settle(i);
        } else {
            // A take-back from the first foundation of that suit that has cards.
            let s = (src - FSUIT) as u8;
            let f = (0..self.fsuit.len())
                .find(|&g| self.fsuit[g] == s && self.fcount[g] > 0)
                .expect("a foundation card to take back");
            moved[0] = self.ftop(f).expect("a foundation card");
            self.fpop(f);
            rec |= (f as u32) << REC_FOUNDATION_SHIFT;
            n = 1;
        }
        if dst == FOUNDATION {
            let f = self.wants[moved[0] as usize] as usize;
            self.fpush(f);
            rec |= (f as u32) << REC_FOUNDATION_SHIFT;
            if self.one_deck {
                self.loc[moved[0] as usize] = -1;
            }
        } else {
            let j = (dst - COL) as usize;
            for &c in &moved[..n] {
                self.col_push(j, c);
                if self.one_deck {
                    self.loc[c as usize] = j as i8;
                }
            }
            self.settle(j);
        }
        self.hist.push(rec);
    }

    /// Turn the stock `k` times (recycles included), as `k` calls of `make(0)` would, with the
    /// same undo records, moving the cards once: the solver's folded stock turns.
    pub fn make_turns(&mut self, k: u32) {
        let (total, start) = (self.waste.len() + self.stock.len(), self.waste.len());
        let mut p = start;
        for _ in 0..k {
            if p == total {
                self.recycles += 1;
                p = 0;
                self.hist.push(0);
            } else {
                let n = self.draw_count().min(total - p);
                p += n;
                self.hist.push((n as u32) << REC_TURNED_SHIFT);
            }
        }
        self.shift_to(start, p);
    }

    /// Take back the last `k` moves made, which must all be stock turns, moving the cards once.
    pub fn unmake_turns(&mut self, k: u32) {
        let (total, start) = (self.waste.len() + self.stock.len(), self.waste.len());
        let mut p = start;
        for _ in 0..k {
            let rec = self.hist.pop().expect("a stock turn to take back");
            debug_assert_eq!(rec & REC_MOVE, 0, "only stock turns");
            let n = ((rec >> REC_TURNED_SHIFT) & 0x3F) as usize;
            if n > 0 {
                p -= n;
            } else {
                self.recycles -= 1;
                p = total;
            }
        }
        self.shift_to(start, p);
    }

    /// Move cards between stock and waste so that `to` cards are on the waste instead of `from`
    /// (the stock and waste sequence is the same through turns and recycles).
    fn shift_to(&mut self, from: usize, to: usize) {
        if to >= from {
            self.shift(to - from, false);
        } else {
            self.shift(from - to, true);
        }
    }

    /// Take back the last move made and return its move int (None when there is none).
    pub fn unmake(&mut self) -> Option<u32> {
        let rec = self.hist.pop()?;
        let m = rec & REC_MOVE;
        if m == 0 {
            let k = (rec >> REC_TURNED_SHIFT) & 0x3F;
            if k > 0 {
                self.shift(k as usize, true);
            } else {
                self.shift(self.stock.len(), false);
                self.recycles -= 1;
            }
            return Some(0);
        }
        let src = m & 31;
        let dst = (m >> 5) & 31;
        let f = (rec >> REC_FOUNDATION_SHIFT) as usize;
        let mut moved = [0u8; 128];
        let n;
        if dst == FOUNDATION {
            moved[0] = self.ftop(f).expect("a foundation card");
            self.fpop(f);
            n = 1;
        } else {
            let j = (dst - COL) as usize;
            n = if src >= COL { (m >> 10) as usize } else { 1 };
            for k in (0..n).rev() {
                moved[k] = self.col_pop(j);
            }
            self.settle(j);
        }
        if src == WASTE {
            self.waste_push(moved[0]);
        } else if src == RESERVE {
            self.res_push(moved[0]);
        } else if src >= COL {
            let i = (src - COL) as usize;
            if rec & REC_FILL != 0 {
                let c = self.col_pop(i);
                self.res_push(c);
                if self.one_deck {
                    self.loc[c as usize] = -1;
                }
            }
            for &c in &moved[..n] {
                self.col_push(i, c);
                if self.one_deck {
                    self.loc[c as usize] = i as i8;
                }
            }
            self.settle(i);
            return Some(m);
        } else {
            self.fpush(f);
        }
        if self.one_deck {
            self.loc[moved[0] as usize] = -1;
        }
        Some(m)
    }

    // -- queries ------------------------------------------------------------------------------

    /// The move ints made so far, oldest first (forced fills are part of their move).
    pub fn made(&self) -> Vec<u32> {
        self.hist.iter().map(|&r| r & REC_MOVE).collect()
    }

    /// All foundations complete.
    pub fn is_won(&self) -> bool {
        self.fcount.iter().map(|&n| n as usize).sum::<usize>() == self.total
    }

    /// No move but turning the stock can ever be made again (stock turns alone, within the
    /// pass limit, never reach a position with another legal move).
    pub fn is_lost(&mut self) -> bool {
        if self.is_won() {
            return false;
        }
        let d = &self.rules.draws;
        let mut steady = d.len() - 1;
        while steady > 0 && d[steady - 1] == d[d.len() - 1] {
            steady -= 1;
        }
        let limit = steady as u32 + 1; // recycles after which every pass repeats one seen
        let start_recycles = self.recycles;
        let mut made = 0;
        let mut lost = true;
        let mut ms = Vec::new();
        loop {
            self.moves(&mut ms);
            if ms.len() > 1 || (ms.len() == 1 && ms[0] != 0) {
                lost = false;
                break;
            }
            if ms.is_empty() {
                break;
            }
            if self.stock.is_empty() && self.redeals < 0 && self.recycles - start_recycles >= limit
            {
                break;
            }
            self.make(0);
            made += 1;
        }
        for _ in 0..made {
            self.unmake();
        }
        lost
    }

    /// The number of move sequences of exactly `depth` legal moves from here.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut ms = Vec::with_capacity(64);
        self.moves(&mut ms);
        if depth <= 1 {
            return if depth == 1 { ms.len() as u64 } else { 1 };
        }
        let mut total = 0;
        for &m in &ms {
            self.make(m);
            total += self.perft(depth - 1);
            self.unmake();
        }
        total
    }
}

/// Play up to `length` uniformly random legal moves from `e` (SplitMix64 seeded by `seed`), then
/// take them all back; returns how many were played.
pub fn random_playout(e: &mut Engine, length: usize, seed: u64) -> usize {
    let mut state = seed;
    let mut ms = Vec::with_capacity(64);
    let mut played = 0;
    for _ in 0..length {
        e.moves(&mut ms);
        if ms.is_empty() {
            break;
        }
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let pick = (crate::hash::mix(state) % ms.len() as u64) as usize;
        e.make(ms[pick]);
        played += 1;
    }
    for _ in 0..played {
        e.unmake();
    }
    played
}
