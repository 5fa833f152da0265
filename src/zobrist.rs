//! Zobrist keys, generated per variant from a fixed seed so keys are reproducible.

use crate::piece::{MAX_PLAYERS, MAX_TYPES, Piece};
use crate::variant::Variant;

#[derive(Default)]
pub struct Zobrist {
    ncells: usize,
    ntypes: usize,
    players: usize,
    pieces: Vec<u64>,
    pub side: [u64; MAX_PLAYERS],
    pub rights: Vec<u64>,
    pub ep: Vec<u64>,
    /// hand[(player * MAX_TYPES + type) * 32 + count]
    hand: Vec<u64>,
    /// Free keys for game-specific state.
    pub extra: Vec<u64>,
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

const HAND_MAX: usize = 64;

impl Zobrist {
    pub fn new(v: &Variant) -> Zobrist {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let ncells = v.geo.num_cells();
        let ntypes = v.pieces.len();
        let players = v.players as usize;
        let npieces = players * players * ntypes;
        let mut z = Zobrist {
            ncells,
            ntypes,
            players,
            ..Default::default()
        };
        z.pieces = (0..npieces * ncells).map(|_| rng.next()).collect();
        for s in z.side.iter_mut() {
            *s = rng.next();
        }
        z.side[0] = 0;
        z.rights = (0..64).map(|_| rng.next()).collect();
        z.ep = (0..ncells).map(|_| rng.next()).collect();
        z.hand = (0..players * MAX_TYPES * HAND_MAX)
            .map(|_| rng.next())
            .collect();
        z.extra = (0..64).map(|_| rng.next()).collect();
        z
    }

    #[inline]
    pub fn piece(&self, p: Piece, cell: u16) -> u64 {
        let idx = (p.owner() as usize * self.players + p.army() as usize) * self.ntypes
            + p.kind() as usize;
        self.pieces[idx * self.ncells + cell as usize]
    }

    /// Key of holding `count` men of a type (keys xor in and out as counts change).
    #[inline]
    pub fn hand(&self, player: u8, kind: u8, count: u8) -> u64 {
        self.hand
            [(player as usize * MAX_TYPES + kind as usize) * HAND_MAX + (count as usize % HAND_MAX)]
    }

    /// Xor of the keys of every right bit set in `rights`.
    #[inline]
    pub fn rights_key(&self, mut rights: u64) -> u64 {
        let mut k = 0;
        while rights != 0 {
            k ^= self.rights[rights.trailing_zeros() as usize];
            rights &= rights - 1;
        }
        k
    }
}
