//! A rule set's own foundation layout (`Rules::piles`): each pile keeps its cards (`Engine::fp`),
//! and after every change the engine works out which piles take each card (`takers`), and which
//! set piles are open. A pile takes nothing while the pile it opens after is not complete.
//!
//! A card that one pile takes goes there by the move to `FOUNDATION`; a card that several piles
//! take has one move per pile, each naming its pile (`FPILE + f`), in pile order. A set pile takes
//! the top four cards of a column at once, when they are face up and of one rank.

use super::Engine;
use crate::hash::{z2, Tag};
use crate::moves::{fpile, Move, FOUNDATION, SET_CARDS};

/// The hash of card `c` at `depth` on foundation pile `f` of a layout.
#[inline]
pub(super) fn pile_key(f: usize, c: u8, depth: usize) -> u128 {
    z2(Tag::Pile, c, depth | f << 8)
}

impl Engine {
    /// Whether the rules have a foundation layout of their own.
    #[inline]
    pub fn has_layout(&self) -> bool {
        self.layout
    }

    /// Work out which piles take each card now, and which set piles are open (`wants` holds the
    /// first pile that takes a card, so that `wanted` reads the same with a layout).
    pub(super) fn retake(&mut self) {
        self.takers = [0; 52];
        self.wants = [-1; 52];
        self.set_open = 0;
        let rules = std::sync::Arc::clone(&self.rules);
        let piles = rules.piles.as_ref().expect("a foundation layout");
        for (f, p) in piles.iter().enumerate() {
            if let Some(a) = p.after {
                let a = usize::from(a);
                if !rules.pile_complete(a, &self.fp[a], self.start) {
                    continue;
                }
            }
            if p.set {
                if !rules.pile_complete(f, &self.fp[f], self.start) {
                    self.set_open |= 1 << f;
                }
                continue;
            }
            if let Some(rank) = rules.pile_next(p, &self.fp[f], self.start) {
                for s in 0..4u8 {
                    if p.suit.is_none_or(|x| x == s) {
                        let c = usize::from(s * 13 + rank);
                        self.takers[c] |= 1 << f;
                        if self.wants[c] < 0 {
                            self.wants[c] = f as i8;
                        }
                    }
                }
            }
        }
    }

    /// The moves of card `c` from `src` to the piles that take it, into `out`: to `FOUNDATION`
    /// when one does, one move naming each pile when several do.
    pub(super) fn ups(&self, src: u32, c: u8, out: &mut Vec<Move>) {
        let t = self.takers[c as usize];
        if t.is_power_of_two() {
            out.push(Move::up(src));
        } else {
            push_each(t, |f| out.push(Move::new(src, fpile(f), 1)));
        }
    }

    /// The set moves of column `i` (its top four cards, face up and of one rank, to the open set
    /// piles), into `out`.
    pub(super) fn set_ups(&self, i: usize, out: &mut Vec<Move>) {
        let col = &self.cols[i];
        let n = SET_CARDS as usize;
        if self.set_open == 0 || col.len() < n || col.len() - n < self.face_up_from(i) {
            return;
        }
        let rank = col[col.len() - 1] % 13;
        if col[col.len() - n..].iter().any(|&c| c % 13 != rank) {
            return;
        }
        let src = crate::moves::col(i);
        if self.set_open.is_power_of_two() {
            out.push(Move::new(src, FOUNDATION, SET_CARDS));
        } else {
            push_each(self.set_open, |f| {
                out.push(Move::new(src, fpile(f), SET_CARDS))
            });
        }
    }

    /// The pile a move up of `n` cards, starting with card `c`, goes to: the one it names, or the
    /// one pile that takes it.
    pub(super) fn target_pile(&self, m: Move, c: u8) -> usize {
        if let Some(f) = m.to_pile() {
            f
        } else if m.count() > 1 {
            self.set_open.trailing_zeros() as usize
        } else {
            self.wants[c as usize] as usize
        }
    }

    /// The pile of the layout dealt the base card (the first where none is).
    pub(super) fn first_pile(&self) -> usize {
        self.rules
            .piles
            .as_ref()
            .and_then(|ps| ps.iter().position(|p| p.dealt))
            .unwrap_or(0)
    }

    /// Whether pile `f`'s top card may come back from it (it has one, and is not a set pile).
    #[inline]
    pub(super) fn gives_back(&self, f: usize) -> bool {
        !self.fp[f].is_empty() && !self.rules.piles.as_ref().expect("a layout")[f].set
    }

    /// The pile whose top card is `c`, if it may give it back (see `gives_back`).
    pub(super) fn pile_with_top(&self, c: u8) -> Option<usize> {
        (0..self.fp.len()).find(|&f| self.fp[f].last() == Some(&c) && self.gives_back(f))
    }

    /// Put card `c` on pile `f`, its hash kept, and work out the takers again.
    pub(super) fn pile_put(&mut self, f: usize, c: u8) {
        self.pile_hash(f, c, self.fp[f].len(), true);
        self.fp[f].push(c);
        self.retake();
    }

    /// The solver's key of card `c` at `depth` on pile `f` (see `keys`), in the pile's own hash:
    /// on a set pile, by its place in its set, not in the pile. A set pile gives no card back, and
    /// what it holds matters to the game only as the sets it holds (which cards are up, how many):
    /// the order they went up in does not. The pile's own hash is the sum of its cards' keys, so
    /// that two sets of one rank (two decks, suits blind) do not cancel.
    pub(super) fn solver_pile_key(&self, f: usize, c: u8, depth: usize) -> u128 {
        let set = self.rules.piles.as_ref().is_some_and(|ps| ps[f].set);
        pile_key(
            0,
            self.hc(c),
            if set {
                depth % SET_CARDS as usize
            } else {
                depth
            },
        )
    }

    /// Card `c` at `depth` on pile `f` into the hash (`put`) or out of it: by place, or in pile
    /// `f`'s own hash and the piles' sum (the solver's keys, see `keys`).
    #[inline]
    fn pile_hash(&mut self, f: usize, c: u8, depth: usize, put: bool) {
        if self.pclass.is_empty() {
            self.pile_h ^= pile_key(f, c, depth);
        } else {
            let key = self.solver_pile_key(f, c, depth);
            self.psum = self.psum.wrapping_sub(self.pile_mix(f));
            self.ph[f] = if put {
                self.ph[f].wrapping_add(key)
            } else {
                self.ph[f].wrapping_sub(key)
            };
            self.psum = self.psum.wrapping_add(self.pile_mix(f));
        }
    }

    /// Take pile `f`'s top card, its hash kept, and work out the takers again.
    pub(super) fn pile_take(&mut self, f: usize) -> u8 {
        let c = self.fp[f].pop().expect("a card on the foundation pile");
        self.pile_hash(f, c, self.fp[f].len(), false);
        self.retake();
        c
    }
}

/// Call `push` with each pile of the set `piles` (bit f for pile f), in pile order.
fn push_each(mut piles: u16, mut push: impl FnMut(usize)) {
    while piles != 0 {
        push(piles.trailing_zeros() as usize);
        piles &= piles - 1;
    }
}
