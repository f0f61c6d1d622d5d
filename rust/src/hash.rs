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
}

/// A bijective 64-bit mixer (the SplitMix64 finalizer); `mix(0) == 0`.
#[inline]
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The key of `card` (or foundation index) at `depth` in a place of kind `tag`.
#[inline]
pub fn z(tag: Tag, card: u8, depth: usize) -> u64 {
    let id = (tag as u64) << 40 | u64::from(card) << 24 | depth as u64;
    mix(id
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x2545_F491_4F6C_DD1D))
}

/// Two independent 64-bit keys of `card` at `depth` in a place of kind `tag`, as one 128-bit key
/// (the low half is `z`).
#[inline]
pub fn z2(tag: Tag, card: u8, depth: usize) -> u128 {
    let id = (tag as u64) << 40 | u64::from(card) << 24 | depth as u64;
    let hi = mix(id
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        .wrapping_add(0x6A09_E667_F3BC_C909));
    u128::from(z(tag, card, depth)) | u128::from(hi) << 64
}

/// `mix` on each half of a 128-bit key.
#[inline]
pub fn mix2(x: u128) -> u128 {
    u128::from(mix(x as u64)) | u128::from(mix((x >> 64) as u64 ^ 0x243F_6A88_85A3_08D3)) << 64
}
