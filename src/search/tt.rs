//! The transposition table, shared by all search threads without locks: each entry is three
//! atomic words, the first holding `key ^ move ^ data` so a torn write is detected on reading.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use crate::moves::{Move, MoveKind};

pub const BOUND_NONE: u8 = 0;
pub const BOUND_UPPER: u8 = 1;
pub const BOUND_LOWER: u8 = 2;
pub const BOUND_EXACT: u8 = 3;

/// Where an entry's data word keeps its 6-bit search generation (above the bound's two bits).
const GEN_SHIFT: u32 = 42;
const GEN_MASK: u64 = 63;
/// Set in every stored data word, so a written entry's data is never 0 (0 marks an empty slot).
const WRITTEN: u64 = 1 << 50;

/// The search generation an entry's data word was written or last used in.
#[inline]
fn generation_of(data: u64) -> u8 {
    (data >> GEN_SHIFT & GEN_MASK) as u8
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    mv: AtomicU64,
    data: AtomicU64,
}

/// Two entries on one cache line: a probe touches a single line (24-byte entries packed
/// back to back would split every other bucket across two).
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: u8,
}

pub struct TT {
    buckets: Vec<Bucket>,
    /// Bucket index mask (a power of two less one).
    mask: usize,
    generation: AtomicU8,
}

const KINDS: [MoveKind; 8] = [
    MoveKind::Normal,
    MoveKind::Double,
    MoveKind::Promotion,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::Drop,
    MoveKind::Replace,
    MoveKind::Special,
];

#[inline]
pub fn pack_move(m: Move) -> u64 {
    m.from as u64
        | (m.to as u64) << 16
        | (m.aux as u64) << 32
        | (m.kind as u8 as u64) << 48
        | (m.piece as u64) << 56
}

#[inline]
pub fn unpack_move(x: u64) -> Move {
    Move {
        from: x as u16,
        to: (x >> 16) as u16,
        aux: (x >> 32) as u16,
        kind: KINDS[(x >> 48 & 7) as usize],
        piece: (x >> 56) as u8,
    }
}

impl TT {
    /// A table of `mb` megabytes (rounded down to a power of two); for sizes the program itself
    /// picks. A size from the user goes through `try_new`.
    pub fn new(mb: usize) -> TT {
        Self::try_new(mb).expect("a small hash table")
    }

    /// A table of `mb` megabytes, or an error when this machine cannot give the memory.
    pub fn try_new(mb: usize) -> Result<TT, String> {
        let bytes = mb.clamp(1, 1 << 30) << 20;
        let n = (bytes / std::mem::size_of::<Bucket>()).next_power_of_two();
        let n = if n * std::mem::size_of::<Bucket>() > bytes {
            n / 2
        } else {
            n
        };
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(n)
            .map_err(|_| format!("cannot allocate {mb} MB for the hash table"))?;
        buckets.resize_with(n, Bucket::default);
        Ok(TT {
            mask: buckets.len() - 1,
            buckets,
            generation: AtomicU8::new(0),
        })
    }

    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    pub fn clear(&self) {
        for e in self.buckets.iter().flat_map(|b| &b.0) {
            e.check.store(0, Relaxed);
            e.mv.store(0, Relaxed);
            e.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Relaxed) & GEN_MASK as u8
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        for e in &self.buckets[key as usize & self.mask].0 {
            let mv = e.mv.load(Relaxed);
            let data = e.data.load(Relaxed);
            if data != 0 && e.check.load(Relaxed) ^ mv ^ data == key {
                // An entry this search uses is this search's: it should not age out.
                let g = self.generation();
                if generation_of(data) != g {
                    let fresh = data & !(GEN_MASK << GEN_SHIFT) | (g as u64) << GEN_SHIFT;
                    e.data.store(fresh, Relaxed);
                    e.check.store(key ^ mv ^ fresh, Relaxed);
                }
                return Some(Hit {
                    mv: unpack_move(mv),
                    score: data as u16 as i16 as i32,
                    eval: (data >> 16) as u16 as i16 as i32,
                    depth: (data >> 32) as u8 as i8 as i32,
                    bound: (data >> 40) as u8 & 3,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: u8) {
        let bucket = &self.buckets[key as usize & self.mask].0;
        let g = self.generation();
        // Same key: replace (keeping an old move when none is given); else the weaker entry.
        let mut slot = 0;
        let mut worst = i32::MAX;
        for (j, e) in bucket.iter().enumerate() {
            let m = e.mv.load(Relaxed);
            let data = e.data.load(Relaxed);
            if data == 0 || e.check.load(Relaxed) ^ m ^ data == key {
                slot = j;
                break;
            }
            let d = (data >> 32) as u8 as i8 as i32;
            let age = (g.wrapping_sub(generation_of(data)) & GEN_MASK as u8) as i32;
            let w = d - 8 * age;
            if w < worst {
                worst = w;
                slot = j;
            }
        }
        let e = &bucket[slot];
        let old_mv = e.mv.load(Relaxed);
        let old_data = e.data.load(Relaxed);
        let same = old_data != 0 && e.check.load(Relaxed) ^ old_mv ^ old_data == key;
        if same {
            let od = (old_data >> 32) as u8 as i8 as i32;
            // Keep a much deeper entry (another thread's, or one a probe of this search has just
            // made this search's) unless the new one is exact.
            if bound != BOUND_EXACT && od > depth + 3 {
                return;
            }
        }
        let m = if mv.is_none() && same {
            old_mv
        } else {
            pack_move(mv)
        };
        let data = (score.clamp(-32767, 32767) as i16 as u16 as u64)
            | (eval.clamp(-32767, 32767) as i16 as u16 as u64) << 16
            | (depth.clamp(-100, 127) as i8 as u8 as u64) << 32
            | (bound as u64 & 3) << 40
            | (g as u64) << GEN_SHIFT
            | WRITTEN;
        e.mv.store(m, Relaxed);
        e.data.store(data, Relaxed);
        e.check.store(key ^ m ^ data, Relaxed);
    }

    /// Permille of sampled entries written in this search.
    pub fn hashfull(&self) -> u32 {
        let g = self.generation();
        let n = (self.buckets.len() * 2).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(n)
            .filter(|e| {
                let d = e.data.load(Relaxed);
                d != 0 && generation_of(d) == g
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_is_one_cache_line_and_the_table_fills_its_size() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
        let tt = TT::new(16);
        assert_eq!(tt.size_mb(), 16);
        assert_eq!(tt.buckets.as_ptr() as usize % 64, 0);
        assert_eq!(TT::new(3).size_mb(), 2);
    }

    #[test]
    fn a_table_larger_than_the_address_space_is_an_error_not_an_abort() {
        // 2^30 MB is a petabyte: more than any x86-64 or AArch64 process can map.
        let Err(e) = TT::try_new(1 << 30) else {
            panic!("a petabyte table was allocated");
        };
        assert!(e.contains("cannot allocate"), "{e}");
    }

    #[test]
    fn store_and_probe() {
        let tt = TT::new(1);
        let m = Move::with(12, 28, MoveKind::Promotion, 4);
        tt.store(0xdead_beef_1234, m, -321, 55, 7, BOUND_LOWER);
        let h = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(h.mv, m);
        assert_eq!(
            (h.score, h.eval, h.depth, h.bound),
            (-321, 55, 7, BOUND_LOWER)
        );
        assert!(tt.probe(0xdead_beef_1235).is_none());
        tt.store(0x77, Move::NONE, 0, 0, -1, BOUND_UPPER);
        assert_eq!(tt.probe(0x77).unwrap().depth, -1);
    }

    #[test]
    fn a_much_deeper_bound_outlives_a_shallow_store_of_the_same_position() {
        let tt = TT::new(1);
        let m = Move::with(12, 28, MoveKind::Normal, 0);
        tt.store(0x99, m, 40, 0, 12, BOUND_LOWER);
        // Four plies shallower: kept.
        tt.store(0x99, Move::NONE, -5, 0, 8, BOUND_UPPER);
        let h = tt.probe(0x99).unwrap();
        assert_eq!((h.depth, h.bound, h.score), (12, BOUND_LOWER, 40));
        // Three plies shallower, or an exact score: replaced.
        tt.store(0x99, Move::NONE, -5, 0, 9, BOUND_UPPER);
        assert_eq!(tt.probe(0x99).unwrap().depth, 9);
        tt.store(0x99, m, 40, 0, 14, BOUND_LOWER);
        tt.store(0x99, m, 7, 0, 2, BOUND_EXACT);
        assert_eq!(tt.probe(0x99).unwrap().depth, 2);
        // A later search keeps it too.
        tt.store(0x99, m, 40, 0, 14, BOUND_LOWER);
        tt.new_search();
        tt.store(0x99, m, 3, 0, 1, BOUND_UPPER);
        assert_eq!(tt.probe(0x99).unwrap().depth, 14);
    }

    #[test]
    fn an_entry_a_later_search_reads_does_not_age_out() {
        // Three positions of one bucket (the index is the key's low bits).
        let (a, b, c) = (0x1_0000_0005, 0x2_0000_0005, 0x3_0000_0005);
        let m = Move::with(12, 28, MoveKind::Normal, 0);
        for read in [false, true] {
            let tt = TT::new(1);
            tt.store(a, m, 40, 0, 10, BOUND_LOWER);
            tt.new_search();
            tt.new_search();
            if read {
                assert!(tt.probe(a).is_some());
            }
            tt.store(b, m, 0, 0, 1, BOUND_UPPER);
            tt.store(c, m, 0, 0, 1, BOUND_UPPER);
            // Unread, two searches old, the deep entry is the victim; read, the shallow one is.
            assert_eq!(tt.probe(a).is_some(), read);
            assert_eq!(tt.probe(b).is_some(), !read);
        }
    }
}
