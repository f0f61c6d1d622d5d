//! Make and unmake: play a legal move and push its undo record; take the last one back,
//! restoring the exact position (the fill from the reserve included) and its hash.

use super::keys::top;
use super::Engine;
use crate::hash::{base_key, down_key, COLUMN_KEYS, FOUNDATION_KEYS, STOCK_KEYS, WASTE_KEYS};
use crate::moves::{col_index, Move, Record, MAX_COUNT, WASTE};

impl Engine {
    /// Play move `m`, which must be legal here (see `moves`), and push its undo record.
    pub fn make(&mut self, m: Move) {
        if m.is_stock() {
            if self.stock.is_empty() {
                // The waste, turned over, is the stock in the same order.
                self.shift(self.waste.len(), true);
                self.recycles += 1;
                self.hist.push(Record::RECYCLE);
            } else {
                let k = self.draw_count().min(self.stock.len());
                self.shift(k, false);
                self.hist.push(Record::turn(k));
            }
            return;
        }
        let src = m.src();
        let mut rec = Record::of(m);
        let mut moved = [0u8; MAX_COUNT as usize];
        let n;
        // With a foundation layout, the pile a card goes up to, worked out before anything moves.
        let up = (self.layout && m.to_foundation()).then(|| self.target_pile(m, self.moving(m)));
        if src == WASTE {
            moved[0] = self.waste_pop();
            n = 1;
        } else if let Some(k) = m.from_reserve() {
            moved[0] = self.pile_pop(k);
            n = 1;
        } else if m.from_column() {
            let i = col_index(src);
            n = m.count();
            for k in (0..n).rev() {
                moved[k] = self.col_pop(i);
            }
            if let Some((c, filled)) = self.fill(i, rec) {
                rec = filled;
                self.col_push(i, c);
                if self.one_deck {
                    self.loc[c as usize] = i as i8;
                }
            } else if let Some(p) = self.cols[i].len().checked_sub(1) {
                if self.down[i] >> p & 1 != 0 {
                    // The uncovered card turns up.
                    self.down[i] ^= 1 << p;
                    self.colh[i] ^= down_key(p);
                    rec = rec.with_flip();
                }
            }
            self.settle(i);
        } else if let Some(f) = m.from_pile() {
            // A take-back from a pile of a foundation layout, to a column or another pile.
            moved[0] = self.pile_take(f);
            if up.is_none() {
                rec = rec.with_foundation(f);
            }
            n = 1;
        } else {
            // A take-back from the first foundation of that suit that has cards.
            let s = m.suit_taken_back() as u8;
            let f = (0..self.fsuit.len())
                .find(|&g| self.fsuit[g] == s && self.fcount[g] > 0)
                .expect("a foundation card to take back");
            moved[0] = self.ftop(f).expect("a foundation card");
            self.fpop(f);
            rec = rec.with_foundation(f);
            n = 1;
        }
        if m.to_foundation() && self.base_open {
            self.choose_base(moved[0] % 13);
            rec = rec.with_base();
        }
        if let Some(g) = up {
            for &c in &moved[..n] {
                self.pile_put(g, c);
                if self.one_deck {
                    self.loc[c as usize] = -1;
                }
            }
            rec = rec.with_foundation(g);
        } else if m.to_foundation() {
            let f = self.wants[moved[0] as usize] as usize;
            self.fpush(f);
            rec = rec.with_foundation(f);
            if self.one_deck {
                self.loc[moved[0] as usize] = -1;
            }
        } else {
            let j = col_index(m.dst());
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

    /// Turn the stock `k` times (recycles included), as `k` calls of `make(Move::STOCK)` would,
    /// with the same undo records, moving the cards once: the solver's folded stock turns.
    pub fn make_turns(&mut self, k: u32) {
        let (total, start) = (self.waste.len() + self.stock.len(), self.waste.len());
        let mut p = start;
        for _ in 0..k {
            if p == total {
                self.recycles += 1;
                p = 0;
                self.hist.push(Record::RECYCLE);
            } else {
                let n = self.draw_count().min(total - p);
                p += n;
                self.hist.push(Record::turn(n));
            }
        }
        self.shift_to(start, p);
    }

    /// The card at the bottom of what move `m` (not the stock move) takes from its source.
    fn moving(&self, m: Move) -> u8 {
        let src = m.src();
        if src == WASTE {
            self.waste[self.waste.len() - 1]
        } else if let Some(k) = m.from_reserve() {
            let pile = self.pile(k);
            pile[pile.len() - 1]
        } else if m.from_column() {
            let col = &self.cols[col_index(src)];
            col[col.len() - m.count()]
        } else {
            let f = m
                .from_pile()
                .expect("a layout's moves take back from its piles");
            self.fp[f][self.fp[f].len() - 1]
        }
    }

    /// Take back the last `k` moves made, which must all be stock turns, moving the cards once.
    pub fn unmake_turns(&mut self, k: u32) {
        let (total, start) = (self.waste.len() + self.stock.len(), self.waste.len());
        let mut p = start;
        for _ in 0..k {
            let rec = self.hist.pop().expect("a stock turn to take back");
            debug_assert!(rec.made().is_stock(), "only stock turns");
            let n = rec.turned();
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

    /// Take back the last move made and return it (None when there is none).
    pub fn unmake(&mut self) -> Option<Move> {
        let rec = self.hist.pop()?;
        let m = rec.made();
        if m.is_stock() {
            let k = rec.turned();
            if k > 0 {
                self.shift(k, true);
            } else {
                self.shift(self.stock.len(), false);
                self.recycles -= 1;
            }
            return Some(m);
        }
        let src = m.src();
        let f = rec.foundation();
        let mut moved = [0u8; MAX_COUNT as usize];
        let n;
        if self.layout && m.to_foundation() {
            n = m.count();
            for k in (0..n).rev() {
                moved[k] = self.pile_take(f);
            }
        } else if m.to_foundation() {
            moved[0] = self.ftop(f).expect("a foundation card");
            self.fpop(f);
            if rec.chose_base() {
                self.open_base();
            }
            n = 1;
        } else {
            let j = col_index(m.dst());
            n = if m.from_column() { m.count() } else { 1 };
            for k in (0..n).rev() {
                moved[k] = self.col_pop(j);
            }
            self.settle(j);
        }
        if src == WASTE {
            self.waste_push(moved[0]);
        } else if let Some(k) = m.from_reserve() {
            self.pile_push(k, moved[0]);
        } else if m.from_column() {
            let i = col_index(src);
            if rec.filled() || rec.waste_filled() {
                let c = self.col_pop(i);
                if rec.filled() {
                    self.pile_push(rec.fill_pile(), c);
                } else {
                    self.waste_push(c);
                }
                if self.one_deck {
                    self.loc[c as usize] = -1;
                }
            }
            if rec.flipped() {
                let p = self.cols[i].len() - 1;
                self.down[i] |= 1 << p;
                self.colh[i] ^= down_key(p);
            }
            for &c in &moved[..n] {
                self.col_push(i, c);
                if self.one_deck {
                    self.loc[c as usize] = i as i8;
                }
            }
            self.settle(i);
            return Some(m);
        } else if let Some(g) = m.from_pile() {
            self.pile_put(g, moved[0]);
        } else {
            self.fpush(f);
        }
        if self.one_deck {
            self.loc[moved[0] as usize] = -1;
        }
        Some(m)
    }

    // -- piles, their hash kept -----------------------------------------------------------------

    #[inline]
    fn col_push(&mut self, i: usize, c: u8) {
        let d = self.cols[i].len();
        self.colh[i] ^= COLUMN_KEYS.get(self.hc(c), d);
        self.cols[i].push(c);
    }

    #[inline]
    fn col_pop(&mut self, i: usize) -> u8 {
        let c = self.cols[i].pop().expect("a card in the column");
        self.colh[i] ^= COLUMN_KEYS.get(self.hc(c), self.cols[i].len());
        c
    }

    /// The automatic fill of column `i`, which a move (its record so far `rec`) just emptied:
    /// the card taken for it, from the fullest reserve pile or (`fill_waste`, every pile empty)
    /// the waste, with the record saying so; None when the column stays empty.
    fn fill(&mut self, i: usize, rec: Record) -> Option<(u8, Record)> {
        if !self.cols[i].is_empty() || !self.rules.auto_fill {
            return None;
        }
        if let Some(k) = self.fill_pile() {
            return Some((self.pile_pop(k), rec.with_fill(k)));
        }
        if self.rules.fill_waste && !self.waste.is_empty() {
            return Some((self.waste_pop(), rec.with_waste_fill()));
        }
        None
    }

    /// Take the waste's top card out of the position (a move plays it).
    #[inline]
    fn waste_pop(&mut self) -> u8 {
        if self.linked {
            self.pile_h ^= self.waste_card_delta();
            return self.waste.pop().expect("a card on the waste");
        }
        let c = self.waste.pop().expect("a card on the waste");
        self.pile_h ^= WASTE_KEYS.get(self.hc(c), self.waste.len());
        c
    }

    /// Put a card back on the waste (a move is taken back).
    #[inline]
    fn waste_push(&mut self, c: u8) {
        if self.linked {
            self.waste.push(c);
            self.pile_h ^= self.waste_card_delta();
            return;
        }
        self.pile_h ^= WASTE_KEYS.get(self.hc(c), self.waste.len());
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
        if !self.linked {
            let (a, b) = if back {
                (&WASTE_KEYS, &STOCK_KEYS)
            } else {
                (&STOCK_KEYS, &WASTE_KEYS)
            };
            for (i, &c) in from[n - k..].iter().rev().enumerate() {
                let c = self.hcard[c as usize];
                self.pile_h ^= a.get(c, n - 1 - i) ^ b.get(c, to.len() + i);
            }
        }
        to.extend(from[n - k..].iter().rev());
        from.truncate(n - k);
        if self.linked {
            self.pile_h ^= top(old_top.as_ref()) ^ top(self.waste.last());
        }
    }

    // -- foundations ----------------------------------------------------------------------------

    /// The base's part of the hash (see `base_key`): none unless the player chooses the base.
    pub(super) fn base_hash(&self) -> u128 {
        if !self.rules.choose_base {
            0
        } else {
            base_key((!self.base_open).then_some(self.start))
        }
    }

    /// Set the foundations' base to `rank` (the first card put up, `Rules::choose_base`).
    fn choose_base(&mut self, rank: u8) {
        self.pile_h ^= self.base_hash();
        self.base_open = false;
        self.start = rank;
        for f in 0..self.fsuit.len() {
            self.set_next(f);
        }
        for suit in 0..4 {
            self.rewant(suit);
        }
        self.pile_h ^= self.base_hash();
    }

    /// Open the base again (the undo of the move that chose it): no foundation wants a card.
    fn open_base(&mut self) {
        self.pile_h ^= self.base_hash();
        self.base_open = true;
        self.start = 0;
        for f in 0..self.fsuit.len() {
            self.set_next(f);
        }
        self.wants = [-1; 52];
        self.pile_h ^= self.base_hash();
    }

    pub(super) fn set_next(&mut self, f: usize) {
        let n = self.fcount[f];
        self.fnext[f] = if n >= 13 {
            -1
        } else {
            i16::from(self.fsuit[f]) * 13 + i16::from((self.start + n) % 13)
        };
    }

    pub(super) fn rewant(&mut self, suit: u8) {
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

    fn set_count(&mut self, f: usize, n: u8) {
        self.pile_h ^= FOUNDATION_KEYS.get(f as u8, self.fcount[f] as usize);
        self.fcount[f] = n;
        self.pile_h ^= FOUNDATION_KEYS.get(f as u8, n as usize);
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
}
