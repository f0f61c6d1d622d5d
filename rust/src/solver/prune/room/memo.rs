//! What the room check reads of a position (`Key`), and the answers it remembers by it (`Memo`).

use crate::engine::Engine;

/// What the check reads of a position in the last pass: the cards in the waste and in the
/// columns, and how many cards each suit has up. The waste's order follows from its cards: cards
/// join it from the stock in the order they lie there, leave only from its top, and a recycle
/// turns it back into the stock in the same order, so the cards of the stock and the waste keep
/// one order for the whole game, and the waste's are the ones it holds, in that order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Key {
    waste: u64,
    columns: u64,
    /// Each suit's count up, four bits each, and bit 31 (a slot with no key has none).
    up: u32,
}

impl Key {
    pub(super) fn of(e: &Engine, columns: u64) -> Key {
        let waste = e.waste.iter().fold(0u64, |m, &c| m | 1 << c);
        Key {
            waste,
            columns,
            up: Key::up(e, 1 << 31),
        }
    }

    /// Each suit's count up, four bits each, over the bits of `kind`.
    fn up(e: &Engine, kind: u32) -> u32 {
        (e.fsuit.iter().zip(&e.fcount)).fold(kind, |m, (&suit, &n)| m | u32::from(n) << (4 * suit))
    }

    /// What the count of the reserve's own moments reads (`Room::reserve_moments`): the cards in
    /// the columns, the count up of each suit, and how many cards each reserve pile holds (its
    /// bottom ones: nothing goes onto a pile), six bits each in place of the waste's cards; bit 30
    /// tells the two kinds of key apart.
    pub(super) fn of_reserve(e: &Engine, columns: u64) -> Key {
        let piles = std::iter::once(&e.res).chain(&e.more_res);
        let waste = piles.fold(0u64, |m, pile| m << 6 | pile.len() as u64);
        Key {
            waste,
            columns,
            up: Key::up(e, 3 << 30),
        }
    }
}

/// The answers of the positions checked, by their `Key`: a table of slots, each holding the last
/// key that hashed to it, made at the first answer (most searches of small games never count)
/// with `FIRST` slots, and made anew four times larger, empty, each time it has taken four times
/// its slots' answers, up to `MOST`: a search that counts a few thousand positions does not clear
/// half a megabyte for them (a solve has a table for each of its searches). A key fixes the cards
/// of every pile but how the columns' cards lie among the columns (those not in the waste, the
/// columns or up lie in the stock and the reserve, which never trade cards), and the count reads
/// no more.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    slots: Vec<(Key, bool)>,
    /// The answers put since the table was made.
    puts: usize,
}

/// The slots of a `Memo` at first, and at most (powers of two).
const FIRST: usize = 1 << 10;
const MOST: usize = 1 << 14;

impl Memo {
    fn slot(&self, key: &Key) -> usize {
        let h = (key.waste ^ key.columns.rotate_left(29) ^ u64::from(key.up))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    pub(super) fn get(&self, key: &Key) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let (held, fits) = self.slots[self.slot(key)];
        (held == *key).then_some(fits)
    }

    pub(super) fn put(&mut self, key: Key, fits: bool) {
        let n = self.slots.len();
        if n == 0 || (n < MOST && self.puts >= 4 * n) {
            self.slots = vec![(Key::default(), false); if n == 0 { FIRST } else { 4 * n }];
            self.puts = 0;
        }
        self.puts += 1;
        let i = self.slot(&key);
        self.slots[i] = (key, fits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_grows_with_use_and_never_gives_another_answer() {
        // Answers put for 200,000 keys, each read back at once and again later: the one put, or
        // none (a later key took its slot); the table grows from `FIRST` slots to `MOST`.
        let key = |i: u64| Key {
            waste: i.wrapping_mul(0x2545_F491_4F6C_DD1D),
            columns: i >> 3,
            up: 1 << 31 | (i as u32 & 0xffff),
        };
        let answer = |i: u64| i.is_multiple_of(3);
        let mut memo = Memo::default();
        assert_eq!(memo.get(&key(1)), None);
        let mut sizes = Vec::new();
        let mut kept = 0;
        for i in 0..200_000u64 {
            memo.put(key(i), answer(i));
            assert_eq!(memo.get(&key(i)), Some(answer(i)));
            if sizes.last() != Some(&memo.slots.len()) {
                sizes.push(memo.slots.len());
            }
            if i >= 100 {
                let old = i - 100;
                if let Some(fits) = memo.get(&key(old)) {
                    assert_eq!(fits, answer(old), "key {old}");
                    kept += 1;
                }
            }
        }
        assert_eq!(sizes, vec![FIRST, 4 * FIRST, 16 * FIRST]);
        assert_eq!(*sizes.last().unwrap(), MOST);
        assert!(kept > 150_000, "{kept} of the recent answers kept");
    }
}
