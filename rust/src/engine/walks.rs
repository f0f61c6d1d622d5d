//! Walks over the move tree: loss detection, perft and random playouts.

use super::Engine;
use crate::moves::Move;

impl Engine {
    /// No move but turning the stock can ever be made again (stock turns alone, within the
    /// pass limit, never reach a position with another legal move).
    pub fn is_lost(&mut self) -> bool {
        if self.is_won() {
            return false;
        }
        let limit = self.rules.steady + 1; // recycles after which every pass repeats one seen
        let start_recycles = self.recycles;
        let mut made = 0;
        let mut lost = true;
        let mut ms = Vec::new();
        loop {
            self.moves(&mut ms);
            if ms.len() > 1 || (ms.len() == 1 && !ms[0].is_stock()) {
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
            self.make(Move::STOCK);
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
