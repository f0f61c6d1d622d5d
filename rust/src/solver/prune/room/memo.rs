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

/// The answers of the positions checked, by their `Key`: a table of `MEMO` slots, each holding
/// the last key that hashed to it, made at the first answer (most searches of small games never
/// count). A key fixes the cards of every pile but how the columns' cards lie among the columns
/// (those not in the waste, the columns or up lie in the stock and the reserve, which never trade
/// cards), and the count reads no more.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    slots: Vec<(Key, bool)>,
}

/// The slots of a `Memo` (a power of two).
const MEMO: usize = 1 << 14;

impl Memo {
    fn slot(key: &Key) -> usize {
        let h = (key.waste ^ key.columns.rotate_left(29) ^ u64::from(key.up))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - MEMO.trailing_zeros())) as usize
    }

    pub(super) fn get(&self, key: &Key) -> Option<bool> {
        let &(held, fits) = self.slots.get(Memo::slot(key))?;
        (held == *key).then_some(fits)
    }

    pub(super) fn put(&mut self, key: Key, fits: bool) {
        if self.slots.is_empty() {
            self.slots = vec![(Key::default(), false); MEMO];
        }
        self.slots[Memo::slot(&key)] = (key, fits);
    }
}
