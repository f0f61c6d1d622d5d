//! Hashing: the position's key, kept move by move, and the key of a move's child computed
//! without playing the move.
//!
//! Each column hashes its cards by depth; the columns combine by a sum of mixed column hashes,
//! which does not depend on their order. Reserve, foundations and the recycle count are hashed by
//! place; where the player chooses the base (`Rules::choose_base`), so is the base rank, or that it
//! is still to be chosen (`base_hash`). With one deck, the stock and waste are hashed as their
//! sequence in turning order (each card with the card before it: the cards are distinct, so these
//! links give the sequence back) and the waste's top card (which says where the waste ends): a
//! stock turn changes only the top card, and playing the waste's card only the links around it.
//! With several decks they are hashed by place.
//!
//! The solver may ask for its own keys (`Engine::use_solver_keys`), which know fewer positions
//! apart, each difference one that cannot change the game: under rules blind to suits
//! (`Rules::suit_blind`), each card is hashed as its rank (the stock and waste then by place);
//! with a foundation layout, piles of one class (`Rules::pile_classes`) are hashed as a
//! multiset, like the columns, and a set pile's cards by their place in their set. Such
//! positions have the same moves, relabelled, and the same verdict; `Game.key` keeps the plain
//! keys.

use super::layout::pile_key;
use super::reserves::reserve_key;
use super::Engine;
use crate::hash::{
    down_key, mix2, z2, Tag, COLUMN_KEYS, FOUNDATION_KEYS, LINK_KEYS, RECYCLES_KEYS, STOCK_KEYS,
    TOP_KEYS, WASTE_KEYS,
};
use crate::moves::{col_index, Move, WASTE};

/// No card: before the first card of the stock and waste sequence, or the top of an empty waste.
const NO_CARD: u8 = 255;

/// The hash of card `b` coming right after `a` (or first, after `NO_CARD`) in the stock and waste
/// sequence.
#[inline]
fn link(a: u8, b: u8) -> u128 {
    LINK_KEYS.get(a, usize::from(b))
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
pub(super) fn top(c: Option<&u8>) -> u128 {
    TOP_KEYS.get(c.copied().unwrap_or(NO_CARD), 0)
}

/// The recycle count's part of the hash.
#[inline]
pub fn recycles_key(recycles: u32) -> u128 {
    RECYCLES_KEYS.get(0, recycles as usize)
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
    /// Whether the stock and waste are hashed as a sequence (`turned_back` needs it).
    pub linked: bool,
}

/// What stock turns change of the hash by place, for each place the waste may end at, computed
/// as far as a child asks (`Engine::child`): each child of a position then costs one lookup, not
/// one key for each card its turns move. `on`: `k` cards on from where the waste ends now; `back`:
/// `k` cards back (turns after a recycle). Good for one position only.
#[derive(Clone, Debug, Default)]
pub struct TurnKeys {
    on: Vec<u128>,
    back: Vec<u128>,
}

impl TurnKeys {
    /// Forget the last position's keys.
    #[inline]
    pub fn clear(&mut self) {
        self.on.clear();
        self.back.clear();
    }
}

impl Child {
    /// The key's change were the child's waste turned back over onto its stock, where the stock
    /// and waste are hashed as a sequence (`linked`; see `Engine::key2_turned_back`).
    pub fn turned_back(&self) -> u128 {
        top(self.waste_top.as_ref()) ^ top(None)
    }
}

impl Engine {
    /// Compute every part of the hash from the position.
    pub(super) fn rehash(&mut self) {
        for (i, col) in self.cols.iter().enumerate() {
            let down = self.down[i];
            let hcard = &self.hcard;
            self.colh[i] = col.iter().enumerate().fold(0, |h, (d, &c)| {
                let hidden = if down >> d & 1 != 0 { down_key(d) } else { 0 };
                h ^ COLUMN_KEYS.get(hcard[c as usize], d) ^ hidden
            });
        }
        self.colm = self.colh.iter().map(|&h| mix2(h)).collect();
        self.colsum = self.colm.iter().fold(0, |acc, &m| acc.wrapping_add(m));
        let mut h = 0;
        for k in 0..self.reserve_piles() {
            for (d, &c) in self.pile(k).iter().enumerate() {
                h ^= reserve_key(k, self.hc(c), d);
            }
        }
        if self.linked {
            let mut before = NO_CARD;
            for i in 0..self.waste.len() + self.stock.len() {
                let c = self.turn_order(i);
                h ^= link(before, c);
                before = c;
            }
            h ^= top(self.waste.last());
        } else {
            for (d, &c) in self.stock.iter().enumerate() {
                h ^= STOCK_KEYS.get(self.hc(c), d);
            }
            for (d, &c) in self.waste.iter().enumerate() {
                h ^= WASTE_KEYS.get(self.hc(c), d);
            }
        }
        for (f, &n) in self.fcount.iter().enumerate() {
            h ^= FOUNDATION_KEYS.get(f as u8, n as usize);
        }
        if self.pclass.is_empty() {
            for (f, pile) in self.fp.iter().enumerate() {
                for (d, &c) in pile.iter().enumerate() {
                    h ^= pile_key(f, c, d);
                }
            }
        } else {
            self.ph = (0..self.fp.len())
                .map(|f| {
                    (self.fp[f].iter().enumerate()).fold(0u128, |ph, (d, &c)| {
                        ph.wrapping_add(self.solver_pile_key(f, c, d))
                    })
                })
                .collect();
            self.psum = (0..self.fp.len()).fold(0u128, |acc, f| acc.wrapping_add(self.pile_mix(f)));
        }
        self.pile_h = h ^ self.base_hash();
    }

    /// Hash positions as the solver knows them (see the module docs): each card as its rank
    /// where the rules are blind to suits, interchangeable foundation piles as a multiset.
    pub fn use_solver_keys(&mut self) {
        if self.rules.suit_blind() {
            self.hcard = std::array::from_fn(|c| c as u8 % 13);
            self.linked = false;
        }
        if self.layout {
            let classes = self.rules.pile_classes();
            self.pclass = classes.iter().map(|&k| z2(Tag::Pile, 255, k)).collect();
        }
        self.rehash();
    }

    /// Hash each card `c` as `class[c]` (the solver's far cards, `prune::far`), the stock and
    /// waste by place: positions that differ only in which card of a class lies where share a
    /// key.
    pub fn use_class_keys(&mut self, class: &[u8; 52]) {
        self.hcard = *class;
        self.linked = false;
        self.rehash();
    }

    /// What card `c` is hashed as.
    #[inline]
    pub(super) fn hc(&self, c: u8) -> u8 {
        self.hcard[c as usize]
    }

    /// Pile `f`'s part of the piles' sum (solver keys with a layout).
    #[inline]
    pub(super) fn pile_mix(&self, f: usize) -> u128 {
        mix2(self.ph[f] ^ self.pclass[f])
    }

    /// A 64-bit Zobrist-style hash of the position that ignores the order of the columns (see
    /// the module docs).
    pub fn key(&self) -> u64 {
        self.key2(self.recycles) as u64
    }

    /// The 128-bit hash of the position as if `recycles` waste recycles had been made: two
    /// independent 64-bit hashes (the low half is `key`'s when `recycles` is the real count).
    pub fn key2(&self, recycles: u32) -> u128 {
        self.colsum ^ self.pile_h ^ self.psum ^ recycles_key(recycles)
    }

    /// What playing search move `m` would give, hashed without playing it: `m` is a move other
    /// than a stock turn, legal once the stock has been turned to `p` cards on the waste after
    /// `recycles` recycles (the position's own, or later ones by stock turns alone). None for the
    /// stock move; where the stock and waste are hashed by place (several decks, or the solver's
    /// keys), for a take-back from a foundation; and with a foundation layout of the rules' own,
    /// for a move to or from the foundations, whose piles' keys the move's own make and unmake
    /// keep. `turns` keeps what the stock turns change of the hash by place, for the children of
    /// one position: clear it before the first child of another.
    pub fn child(&self, m: Move, p: usize, recycles: u32, turns: &mut TurnKeys) -> Option<Child> {
        let (src, count) = (m.src(), m.count());
        let from_pile = src == WASTE || m.from_reserve().is_some() || m.from_column();
        // (a card that chooses the base changes every foundation's next card)
        if m.is_stock()
            || (self.base_open && m.to_foundation())
            || (self.layout && (m.to_foundation() || !from_pile))
            || (!self.linked && !from_pile)
        {
            return None;
        }
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
        let mut pile = self.pile_h ^ self.turned_to(p, turns);
        // The waste's top card leaves it, the stock and waste turned to `p`.
        let turned_top = waste_top;
        let take_top = |pile: &mut u128| {
            let c = turned_top.expect("a card on the waste");
            let before = at(p - 1);
            *pile ^= if self.linked {
                unlink(before, c, (p < total).then(|| self.turn_order(p)))
            } else {
                WASTE_KEYS.get(self.hc(c), p - 1)
            };
            (c, before)
        };
        let (mut waste, mut left) = (p, total);
        let single;
        let moved: &[u8] = if src == WASTE {
            let (c, before) = take_top(&mut pile);
            (waste, left, waste_top) = (p - 1, total - 1, before);
            single = [c];
            &single
        } else if let Some(k) = m.from_reserve() {
            let res = self.pile(k);
            let c = res[res.len() - 1];
            pile ^= reserve_key(k, self.hc(c), res.len() - 1);
            single = [c];
            &single
        } else if m.from_column() {
            let i = col_index(src);
            let col = &self.cols[i];
            let mut delta = 0;
            for (d, &c) in col.iter().enumerate().skip(col.len() - count) {
                delta ^= COLUMN_KEYS.get(self.hc(c), d);
            }
            let fill = if count == col.len() && self.rules.auto_fill {
                self.fill_pile()
            } else {
                None
            };
            if let Some(k) = fill {
                let res = self.pile(k);
                let r = res[res.len() - 1];
                delta ^= COLUMN_KEYS.get(self.hc(r), 0);
                pile ^= reserve_key(k, self.hc(r), res.len() - 1);
            } else if count == col.len() && self.rules.auto_fill && self.rules.fill_waste && p > 0 {
                // The waste's top card fills the emptied column.
                let (c, before) = take_top(&mut pile);
                (waste, left, waste_top) = (p - 1, total - 1, before);
                delta ^= COLUMN_KEYS.get(self.hc(c), 0);
            } else if count < col.len() && self.down[i] >> (col.len() - count - 1) & 1 != 0 {
                delta ^= down_key(col.len() - count - 1); // the uncovered card turns up
            }
            change(i, delta);
            &col[col.len() - count..]
        } else {
            let f = self.fof[m.suit_taken_back()] as usize;
            let n = self.fcount[f] as usize;
            pile ^= FOUNDATION_KEYS.get(f as u8, n) ^ FOUNDATION_KEYS.get(f as u8, n - 1);
            single = [self.ftop(f).expect("a foundation card")];
            &single
        };
        if m.to_foundation() {
            let f = self.wants[moved[0] as usize] as usize;
            let n = self.fcount[f] as usize;
            pile ^= FOUNDATION_KEYS.get(f as u8, n) ^ FOUNDATION_KEYS.get(f as u8, n + 1);
        } else {
            let j = col_index(m.dst());
            let base = self.cols[j].len();
            let mut delta = 0;
            for (d, &c) in moved.iter().enumerate() {
                delta ^= COLUMN_KEYS.get(self.hc(c), base + d);
            }
            change(j, delta);
        }
        Some(Child {
            key: colsum ^ pile ^ self.psum,
            waste_top,
            waste,
            total: left,
            recycles,
            linked: self.linked,
        })
    }

    /// The change of the stock and waste's hash when the stock is turned to `p` cards on the
    /// waste (by stock turns alone, recycles included: the cards keep their sequence): by
    /// sequence, the top card's; by place, each card between the waste's end now and `p` moves
    /// between its place in the stock and its place in the waste, from `turns`.
    #[inline]
    fn turned_to(&self, p: usize, turns: &mut TurnKeys) -> u128 {
        if self.linked {
            let top_at = (p > 0).then(|| self.turn_order(p - 1));
            return top(self.waste.last()) ^ top(top_at.as_ref());
        }
        let w = self.waste.len();
        let (keys, k) = if p >= w {
            (&mut turns.on, p - w)
        } else {
            (&mut turns.back, w - p)
        };
        if keys.is_empty() {
            keys.push(0);
        }
        while keys.len() <= k {
            let j = keys.len();
            let i = if p >= w { w + j - 1 } else { w - j };
            keys.push(keys[j - 1] ^ self.between_piles(i));
        }
        keys[k]
    }

    /// `key2(recycles)` of this position with the waste turned back over onto the stock (the
    /// stock and waste sequence unchanged, nothing on the waste).
    pub fn key2_turned_back(&self, recycles: u32) -> u128 {
        if self.linked {
            return self.key2(recycles) ^ top(self.waste.last()) ^ top(None);
        }
        // By place: each waste card goes to its place in the stock.
        let moved = (0..self.waste.len()).fold(0u128, |acc, i| acc ^ self.between_piles(i));
        self.key2(recycles) ^ moved
    }

    /// By place, the hash change when card `i` of the stock and waste sequence moves between its
    /// place in the waste (i) and its place in the stock (counted from the stock's bottom): a
    /// stock turn or a recycle moves it so.
    #[inline]
    fn between_piles(&self, i: usize) -> u128 {
        let total = self.waste.len() + self.stock.len();
        let c = self.hc(self.turn_order(i));
        WASTE_KEYS.get(c, i) ^ STOCK_KEYS.get(c, total - 1 - i)
    }

    /// Bring column `i`'s mixed hash and the columns' sum up to date after its cards changed.
    #[inline]
    pub(super) fn settle(&mut self, i: usize) {
        let m = mix2(self.colh[i]);
        self.colsum = self.colsum.wrapping_sub(self.colm[i]).wrapping_add(m);
        self.colm[i] = m;
    }

    /// The hash change when the waste's top card leaves the stock and waste sequence, or comes
    /// back to it (with one deck).
    #[inline]
    pub(super) fn waste_card_delta(&self) -> u128 {
        let w = self.waste.len();
        unlink(
            self.waste.get(w.wrapping_sub(2)).copied(),
            self.waste[w - 1],
            self.stock.last().copied(),
        )
    }
}
