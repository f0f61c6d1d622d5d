//! Several reserve piles: pile 1 is `Engine::res`, piles 2 to N `Engine::more_res`; each top
//! card plays from its own place (`crate::moves::reserve`). An emptied column fills at once
//! (with `auto_fill`) from the pile holding the most cards, the leftmost of those on a tie, and,
//! with `fill_waste`, from the waste's top card once every pile is empty.

use super::Engine;
use crate::hash::{z2, Tag};

/// The hash of card `c` at `depth` in reserve pile `k` (pile 1's keys are the one-pile keys).
#[inline]
pub(super) fn reserve_key(k: usize, c: u8, depth: usize) -> u128 {
    z2(Tag::Reserve, c, depth + (k << 16))
}

impl Engine {
    /// How many reserve piles there are.
    #[inline]
    pub fn reserve_piles(&self) -> usize {
        1 + self.more_res.len()
    }

    /// Reserve pile `k` (from 0), bottom to top.
    #[inline]
    pub fn pile(&self, k: usize) -> &[u8] {
        if k == 0 {
            &self.res
        } else {
            &self.more_res[k - 1]
        }
    }

    /// Whether every reserve pile is empty.
    #[inline]
    pub fn reserve_empty(&self) -> bool {
        self.res.is_empty() && self.more_res.iter().all(Vec::is_empty)
    }

    /// The pile that fills an emptied column: the one with the most cards, the leftmost on a
    /// tie; None when every pile is empty.
    #[inline]
    pub fn fill_pile(&self) -> Option<usize> {
        let mut best = (0, 0);
        for k in 0..self.reserve_piles() {
            let n = self.pile(k).len();
            if n > best.1 {
                best = (k, n);
            }
        }
        (best.1 > 0).then_some(best.0)
    }

    /// Take the top card of reserve pile `k`, its hash kept.
    #[inline]
    pub(super) fn pile_pop(&mut self, k: usize) -> u8 {
        let pile = if k == 0 {
            &mut self.res
        } else {
            &mut self.more_res[k - 1]
        };
        let c = pile.pop().expect("a card in the reserve pile");
        self.pile_h ^= reserve_key(k, self.hcard[c as usize], pile.len());
        c
    }

    /// Put card `c` back on reserve pile `k`, its hash kept.
    #[inline]
    pub(super) fn pile_push(&mut self, k: usize, c: u8) {
        let pile = if k == 0 {
            &mut self.res
        } else {
            &mut self.more_res[k - 1]
        };
        self.pile_h ^= reserve_key(k, self.hcard[c as usize], pile.len());
        pile.push(c);
    }
}
