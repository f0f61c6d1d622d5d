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
        self.perft_checked(depth, &mut || Ok::<(), ()>(()))
            .expect("no check to fail")
    }

    /// `perft`, walking the tree with a stack of its own (no recursion, whatever the depth) and
    /// calling `check` every `CHECK_EVERY` positions: an error from it, or a path of moves longer
    /// than `MAX_WALK` moves' memory, ends the walk (`Walk::Stopped`, `Walk::TooDeep`) with the
    /// position as it was.
    pub fn perft_checked<E>(
        &mut self,
        depth: u32,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<u64, Walk<E>> {
        let mut ms = Vec::with_capacity(64);
        self.moves(&mut ms);
        if depth <= 1 {
            return Ok(if depth == 1 { ms.len() as u64 } else { 1 });
        }
        // The moves of each position on the path, in one buffer; frames[i] = (start, next) of the
        // position i moves from the root.
        let mut buf: Vec<Move> = ms.clone();
        let mut frames: Vec<(usize, usize)> = vec![(0, 0)];
        let mut total = 0u64;
        let mut ticks = 0u32;
        loop {
            let top = frames.len() - 1;
            let (start, next) = frames[top];
            if next == buf.len() {
                // Every move from here is tried: back up one move.
                frames.pop();
                buf.truncate(start);
                if frames.is_empty() {
                    return Ok(total);
                }
                self.unmake();
                continue;
            }
            frames[top].1 = next + 1;
            self.make(buf[next]);
            self.moves(&mut ms);
            if frames.len() as u64 + 1 == u64::from(depth) {
                total += ms.len() as u64;
                self.unmake();
            } else {
                let start = buf.len();
                buf.extend_from_slice(&ms);
                frames.push((start, start));
            }
            ticks = ticks.wrapping_add(1);
            if ticks.is_multiple_of(CHECK_EVERY) || buf.len() > MAX_WALK {
                let why = if buf.len() > MAX_WALK {
                    Err(Walk::TooDeep)
                } else {
                    check().map_err(Walk::Stopped)
                };
                if let Err(why) = why {
                    // Back to the root: one move made per frame past the first.
                    for _ in 1..frames.len() {
                        self.unmake();
                    }
                    return Err(why);
                }
            }
        }
    }
}

/// How often a long walk (perft, playouts) calls its check, in positions.
pub const CHECK_EVERY: u32 = 1 << 14;
/// The most moves a walk keeps on its path (perft's moves of each position on it, a playout's
/// undo records): 2^24 of them take 64 MiB to 128 MiB.
pub const MAX_WALK: usize = 1 << 24;

/// Why a walk ended before its end.
#[derive(Debug)]
pub enum Walk<E> {
    /// Its check failed (Ctrl-C, say), with this error.
    Stopped(E),
    /// Its path grew past `MAX_WALK` moves.
    TooDeep,
}

/// Play up to `length` uniformly random legal moves from `e` (SplitMix64 seeded by `seed`), then
/// take them all back; returns how many were played.
pub fn random_playout(e: &mut Engine, length: usize, seed: u64) -> usize {
    random_playout_checked(e, length, seed, &mut || Ok::<(), ()>(()))
        .expect("no check to fail, and no playout past MAX_WALK moves")
}

/// `random_playout`, calling `check` every `CHECK_EVERY` moves: an error from it, or more than
/// `MAX_WALK` moves played (their undo records), ends it with the position as it was.
pub fn random_playout_checked<E>(
    e: &mut Engine,
    length: usize,
    seed: u64,
    check: &mut dyn FnMut() -> Result<(), E>,
) -> Result<usize, Walk<E>> {
    let mut state = seed;
    let mut ms = Vec::with_capacity(64);
    let mut played = 0;
    let mut why = None;
    while played < length {
        e.moves(&mut ms);
        if ms.is_empty() {
            break;
        }
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let pick = (crate::hash::mix(state) % ms.len() as u64) as usize;
        e.make(ms[pick]);
        played += 1;
        if played % CHECK_EVERY as usize == 0 {
            if played > MAX_WALK {
                why = Some(Walk::TooDeep);
                break;
            }
            if let Err(err) = check() {
                why = Some(Walk::Stopped(err));
                break;
            }
        }
    }
    for _ in 0..played {
        e.unmake();
    }
    why.map_or(Ok(played), Err)
}
