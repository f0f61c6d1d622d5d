//! Hash keys for positions: a fixed, platform-independent 64-bit key per (place, card, depth).

/// What a key is for.
#[derive(Clone, Copy)]
pub enum Tag {
    Column = 1,
    Reserve = 2,
    Stock = 3,
    Waste = 4,
    Foundation = 5,
    Recycles = 6,
    /// Two cards next to each other in the stock and waste sequence (see `Engine::key2`).
    Link = 7,
    /// The waste's top card.
    Top = 8,
    /// A face-down card's place in a column.
    Down = 9,
    /// A card on a pile of a foundation layout (see `Engine::fp`).
    Pile = 10,
    /// The foundations' base rank, or that it is still to be chosen (`Rules::choose_base`).
    Base = 11,
    /// The card a search move put from the waste on a column, which the next move must take
    /// (`solver::prune::pool`).
    Placed = 12,
}

/// A bijective 64-bit mixer (the SplitMix64 finalizer); `mix(0) == 0`.
#[inline]
pub const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The key of `card` (or foundation index) at `depth` in a place of kind `tag`.
#[inline]
pub const fn z(tag: Tag, card: u8, depth: usize) -> u64 {
    let id = (tag as u64) << 40 | (card as u64) << 24 | depth as u64;
    mix(id
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x2545_F491_4F6C_DD1D))
}

/// Two independent 64-bit keys of `card` at `depth` in a place of kind `tag`, as one 128-bit key
/// (the low half is `z`).
#[inline]
pub const fn z2(tag: Tag, card: u8, depth: usize) -> u128 {
    let id = (tag as u64) << 40 | (card as u64) << 24 | depth as u64;
    let hi = mix(id
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        .wrapping_add(0x6A09_E667_F3BC_C909));
    z(tag, card, depth) as u128 | (hi as u128) << 64
}

/// `z2` for the keys a search reads most, computed once at compile time: `get(c, d)` is
/// `z2(tag, c, d)`, from the table for cards `c` below `C` (or the index) and depths below `D`.
pub struct Table<const C: usize, const D: usize> {
    keys: [[u128; D]; C],
    tag: Tag,
}

impl<const C: usize, const D: usize> Table<C, D> {
    const fn new(tag: Tag) -> Self {
        let mut keys = [[0; D]; C];
        let mut c = 0;
        while c < C {
            let mut d = 0;
            while d < D {
                keys[c][d] = z2(tag, c as u8, d);
                d += 1;
            }
            c += 1;
        }
        Table { keys, tag }
    }

    /// `z2(tag, card, depth)` of the table's tag, from the table where it holds it.
    #[inline]
    pub fn get(&self, card: u8, depth: usize) -> u128 {
        match self.keys.get(card as usize).and_then(|row| row.get(depth)) {
            Some(&k) => k,
            None => z2(self.tag, card, depth),
        }
    }
}

/// Column cards by depth.
pub static COLUMN_KEYS: Table<52, 64> = Table::new(Tag::Column);
/// Foundation counts by foundation.
pub static FOUNDATION_KEYS: Table<16, 14> = Table::new(Tag::Foundation);
/// The waste's top card (any card number, `NO_CARD` included).
pub static TOP_KEYS: Table<256, 1> = Table::new(Tag::Top);
/// Recycle counts.
pub static RECYCLES_KEYS: Table<1, 64> = Table::new(Tag::Recycles);
/// Links in the stock and waste sequence (`NO_CARD`, 255, is looked up through `z2`).
pub static LINK_KEYS: Table<52, 52> = Table::new(Tag::Link);
/// Stock cards by place, where the stock and waste are hashed by place (several decks, or cards
/// known by a class): a stock turn or a recycle moves cards from one to the other, one key each,
/// so that with four decks the keys' computation took half the solver's time.
pub static STOCK_KEYS: Table<52, 256> = Table::new(Tag::Stock);
/// Waste cards by place (as `STOCK_KEYS`).
pub static WASTE_KEYS: Table<52, 256> = Table::new(Tag::Waste);
/// The key of a face-down card `depth` places from a column's bottom (with the card's own key).
#[inline]
pub fn down_key(depth: usize) -> u128 {
    z2(Tag::Down, 0, depth)
}

/// The key of the foundations' base under `Rules::choose_base`: rank `start`, or (None) still to
/// be chosen.
#[inline]
pub fn base_key(start: Option<u8>) -> u128 {
    z2(Tag::Base, start.unwrap_or(13), 0)
}

/// `mix` on each half of a 128-bit key.
#[inline]
pub fn mix2(x: u128) -> u128 {
    u128::from(mix(x as u64)) | u128::from(mix((x >> 64) as u64 ^ 0x243F_6A88_85A3_08D3)) << 64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table gives its own tag's `z2`, inside the table and past it.
    #[test]
    fn each_table_gives_its_tags_keys() {
        fn check<const C: usize, const D: usize>(table: &Table<C, D>, tag: Tag) {
            for c in (0..C + 2).filter(|&c| c < 256) {
                for d in [0, 1, D / 2, D - 1, D, D + 7, 1 << 16] {
                    assert_eq!(
                        table.get(c as u8, d),
                        z2(tag, c as u8, d),
                        "card {c}, depth {d}"
                    );
                }
            }
        }
        check(&COLUMN_KEYS, Tag::Column);
        check(&FOUNDATION_KEYS, Tag::Foundation);
        check(&STOCK_KEYS, Tag::Stock);
        check(&WASTE_KEYS, Tag::Waste);
        check(&TOP_KEYS, Tag::Top);
        check(&RECYCLES_KEYS, Tag::Recycles);
        check(&LINK_KEYS, Tag::Link);
    }

    /// Keys of different tags, cards or depths differ (no two of a table's slots collide).
    #[test]
    fn keys_differ_by_tag_card_and_depth() {
        let mut seen = std::collections::HashSet::new();
        for tag in [Tag::Column, Tag::Stock, Tag::Waste, Tag::Reserve] {
            for c in 0..52 {
                for d in 0..64 {
                    assert!(seen.insert(z2(tag, c, d)));
                }
            }
        }
    }
}
