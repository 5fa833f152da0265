//! The net's integer vector arithmetic on rows of `i16` hidden units: a view's units as an
//! earlier row plus and minus weight rows (a move's changes, or every man on a refresh), and the
//! output's dot product of clipped, squared units with output weights.
//!
//! On x86-64 each kernel has an SSE2 form (every x86-64 CPU has it) and an AVX2 form with twice
//! the lanes, chosen at run time (`is_x86_feature_detected!` reads a cached flag), since the
//! build targets plain x86-64; elsewhere plain loops, which the tests also hold the others to.

/// Row lengths are multiples of this: one tile of units is kept in registers while every
/// weight row is added to it (four AVX2 registers, eight SSE2 ones).
pub const TILE: usize = 64;

/// `dst = src + Σ adds − Σ subs`, unit by unit with wrapping (the sum of every man's weights
/// fits an `i16`; partial sums may wrap and come back). Every slice is as long as `dst`, a
/// multiple of `TILE`.
#[inline]
pub fn update(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    let n = dst.len();
    assert!(n.is_multiple_of(TILE) && src.len() == n);
    assert!(adds.iter().chain(subs).all(|r| r.len() == n));
    // SAFETY: the lengths are checked above; `src` and `dst` are distinct borrows.
    unsafe { update_raw(dst.as_mut_ptr(), src.as_ptr(), adds, subs, n) }
}

/// `dst += Σ adds − Σ subs`, as `update` with `dst` for `src`.
#[inline]
pub fn accumulate(dst: &mut [i16], adds: &[&[i16]], subs: &[&[i16]]) {
    let n = dst.len();
    assert!(n.is_multiple_of(TILE));
    assert!(adds.iter().chain(subs).all(|r| r.len() == n));
    let p = dst.as_mut_ptr();
    // SAFETY: lengths checked above; the kernels read a tile of `src` before they write the
    // same tile of `dst`, so `src == dst` is fine.
    unsafe { update_raw(p, p, adds, subs, n) }
}

/// Sum over the units of `clip(u, 0, qa)² · w`. Each product `clip(u) · w` must fit an `i16`
/// (|w| ≤ `i16::MAX / qa`), and the SIMD lanes hold partial sums in `i32`: with |w| ≤ 128 and
/// `qa` = 255, up to 512 units. The slices are as long as each other, a multiple of `TILE`.
#[inline]
pub fn dot(units: &[i16], w: &[i16], qa: i16) -> i64 {
    let n = units.len();
    assert!(n.is_multiple_of(TILE) && w.len() == n);
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: lengths checked above; AVX2 only where the CPU reports it.
        unsafe {
            if std::is_x86_feature_detected!("avx2") {
                x86::dot_avx2(units.as_ptr(), w.as_ptr(), n, qa)
            } else {
                x86::dot_sse2(units.as_ptr(), w.as_ptr(), n, qa)
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    dot_plain(units, w, qa)
}

/// The dispatch of `update`; `n` units at each pointer (`src` may equal `dst`).
#[inline]
unsafe fn update_raw(dst: *mut i16, src: *const i16, adds: &[&[i16]], subs: &[&[i16]], n: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as the caller's; AVX2 only where the CPU reports it.
    unsafe {
        if std::is_x86_feature_detected!("avx2") {
            x86::update_avx2(dst, src, adds, subs, n)
        } else {
            x86::update_sse2(dst, src, adds, subs, n)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: as the caller's.
    unsafe {
        update_plain(dst, src, adds, subs, n)
    }
}

/// The portable `update`, unit by unit.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
unsafe fn update_plain(dst: *mut i16, src: *const i16, adds: &[&[i16]], subs: &[&[i16]], n: usize) {
    for i in 0..n {
        // SAFETY: `i < n`, and the caller gives `n` units at `src` and `dst`.
        let mut x = unsafe { *src.add(i) };
        for a in adds {
            x = x.wrapping_add(a[i]);
        }
        for s in subs {
            x = x.wrapping_sub(s[i]);
        }
        // SAFETY: as above.
        unsafe { *dst.add(i) = x };
    }
}

/// The portable `dot`.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn dot_plain(units: &[i16], w: &[i16], qa: i16) -> i64 {
    units
        .iter()
        .zip(w)
        .map(|(&u, &w)| {
            let c = u.clamp(0, qa);
            (c.wrapping_mul(w) as i32 * c as i32) as i64
        })
        .sum()
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::TILE;
    use std::arch::x86_64::*;

    /// `update` with SSE2: a tile is eight registers of eight units.
    #[inline]
    pub unsafe fn update_sse2(
        dst: *mut i16,
        src: *const i16,
        adds: &[&[i16]],
        subs: &[&[i16]],
        n: usize,
    ) {
        const R: usize = TILE / 8;
        // SAFETY: every pointer has `n` units (a multiple of TILE) from it; unaligned loads.
        unsafe {
            for t in (0..n).step_by(TILE) {
                let mut r = [_mm_setzero_si128(); R];
                for (k, x) in r.iter_mut().enumerate() {
                    *x = _mm_loadu_si128(src.add(t + 8 * k) as *const __m128i);
                }
                for a in adds {
                    let p = a.as_ptr().add(t);
                    for (k, x) in r.iter_mut().enumerate() {
                        *x = _mm_add_epi16(*x, _mm_loadu_si128(p.add(8 * k) as *const __m128i));
                    }
                }
                for s in subs {
                    let p = s.as_ptr().add(t);
                    for (k, x) in r.iter_mut().enumerate() {
                        *x = _mm_sub_epi16(*x, _mm_loadu_si128(p.add(8 * k) as *const __m128i));
                    }
                }
                for (k, x) in r.iter().enumerate() {
                    _mm_storeu_si128(dst.add(t + 8 * k) as *mut __m128i, *x);
                }
            }
        }
    }

    /// `update` with AVX2: a tile is four registers of sixteen units.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update_avx2(
        dst: *mut i16,
        src: *const i16,
        adds: &[&[i16]],
        subs: &[&[i16]],
        n: usize,
    ) {
        const R: usize = TILE / 16;
        // SAFETY: as `update_sse2`'s; the caller has checked for AVX2.
        unsafe {
            for t in (0..n).step_by(TILE) {
                let mut r = [_mm256_setzero_si256(); R];
                for (k, x) in r.iter_mut().enumerate() {
                    *x = _mm256_loadu_si256(src.add(t + 16 * k) as *const __m256i);
                }
                for a in adds {
                    let p = a.as_ptr().add(t);
                    for (k, x) in r.iter_mut().enumerate() {
                        let w = _mm256_loadu_si256(p.add(16 * k) as *const __m256i);
                        *x = _mm256_add_epi16(*x, w);
                    }
                }
                for s in subs {
                    let p = s.as_ptr().add(t);
                    for (k, x) in r.iter_mut().enumerate() {
                        let w = _mm256_loadu_si256(p.add(16 * k) as *const __m256i);
                        *x = _mm256_sub_epi16(*x, w);
                    }
                }
                for (k, x) in r.iter().enumerate() {
                    _mm256_storeu_si256(dst.add(t + 16 * k) as *mut __m256i, *x);
                }
            }
        }
    }

    /// `dot` with SSE2's pairwise multiply-add, eight units a step (the compiler does not find
    /// it by itself).
    #[inline]
    pub unsafe fn dot_sse2(u: *const i16, w: *const i16, n: usize, qa: i16) -> i64 {
        // SAFETY: both pointers have `n` units from them; unaligned loads.
        unsafe {
            let zero = _mm_setzero_si128();
            let top = _mm_set1_epi16(qa);
            let mut acc = _mm_setzero_si128();
            for k in (0..n).step_by(8) {
                let x = _mm_loadu_si128(u.add(k) as *const __m128i);
                let c = _mm_min_epi16(_mm_max_epi16(x, zero), top);
                let y = _mm_loadu_si128(w.add(k) as *const __m128i);
                acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_mullo_epi16(c, y), c));
            }
            let mut lanes = [0i32; 4];
            _mm_storeu_si128(lanes.as_mut_ptr() as *mut __m128i, acc);
            lanes.iter().map(|&x| x as i64).sum()
        }
    }

    /// `dot` with AVX2, sixteen units a step.
    #[target_feature(enable = "avx2")]
    pub unsafe fn dot_avx2(u: *const i16, w: *const i16, n: usize, qa: i16) -> i64 {
        // SAFETY: as `dot_sse2`'s; the caller has checked for AVX2.
        unsafe {
            let zero = _mm256_setzero_si256();
            let top = _mm256_set1_epi16(qa);
            let mut acc = _mm256_setzero_si256();
            for k in (0..n).step_by(16) {
                let x = _mm256_loadu_si256(u.add(k) as *const __m256i);
                let c = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
                let y = _mm256_loadu_si256(w.add(k) as *const __m256i);
                acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_mullo_epi16(c, y), c));
            }
            let mut lanes = [0i32; 8];
            _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, acc);
            lanes.iter().map(|&x| x as i64).sum()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(seed: u64, n: usize, count: usize, lim: i16) -> Vec<Vec<i16>> {
        let mut x = seed | 1;
        (0..count)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        ((x >> 20) % (2 * lim as u64 + 1)) as i16 - lim
                    })
                    .collect()
            })
            .collect()
    }

    /// Every form of the kernels (plain, SSE2, and AVX2 where the CPU has it) gives the plain
    /// sums, for rows of one tile and of eight, with sums that wrap, and in place.
    #[test]
    fn every_kernel_form_gives_the_plain_sums() {
        for n in [TILE, 8 * TILE] {
            let r = rows(n as u64, n, 9, i16::MAX);
            let (src, adds, subs) = (&r[0], [&r[1][..], &r[2], &r[3]], [&r[4][..], &r[5]]);
            let want: Vec<i16> = (0..n)
                .map(|i| {
                    let a = adds.iter().fold(src[i], |x, a| x.wrapping_add(a[i]));
                    subs.iter().fold(a, |x, s| x.wrapping_sub(s[i]))
                })
                .collect();
            let mut got = vec![0; n];
            update(&mut got, src, &adds, &subs);
            assert_eq!(got, want);
            let mut inplace = src.clone();
            accumulate(&mut inplace, &adds, &subs);
            assert_eq!(inplace, want);
            let mut plain = vec![0; n];
            unsafe { update_plain(plain.as_mut_ptr(), src.as_ptr(), &adds, &subs, n) };
            assert_eq!(plain, want);

            let (u, w) = (rows(7, n, 1, 600).remove(0), rows(9, n, 1, 128).remove(0));
            let plain: i64 = u
                .iter()
                .zip(&w)
                .map(|(&a, &b)| {
                    let c = a.clamp(0, 255) as i64;
                    c * c * b as i64
                })
                .sum();
            assert_eq!(dot(&u, &w, 255), plain);
            assert_eq!(dot_plain(&u, &w, 255), plain);
            #[cfg(target_arch = "x86_64")]
            unsafe {
                let mut sse = vec![0; n];
                x86::update_sse2(sse.as_mut_ptr(), src.as_ptr(), &adds, &subs, n);
                assert_eq!(sse, want);
                assert_eq!(x86::dot_sse2(u.as_ptr(), w.as_ptr(), n, 255), plain);
                if std::is_x86_feature_detected!("avx2") {
                    let mut avx = vec![0; n];
                    x86::update_avx2(avx.as_mut_ptr(), src.as_ptr(), &adds, &subs, n);
                    assert_eq!(avx, want);
                    assert_eq!(x86::dot_avx2(u.as_ptr(), w.as_ptr(), n, 255), plain);
                }
            }
        }
    }

    /// The dot product's extreme: every unit clipped at the top, every weight at ±128, over
    /// 512 units, beyond an `i32`'s total but not its lanes'.
    #[test]
    fn the_dot_product_holds_its_extreme_sums() {
        let u = vec![1000i16; 512];
        for w in [128i16, -128] {
            let w = vec![w; 512];
            let want = 255 * 255 * w[0] as i64 * 512;
            assert!(want.unsigned_abs() > i32::MAX as u64);
            assert_eq!(dot(&u, &w, 255), want);
            assert_eq!(dot_plain(&u, &w, 255), want);
        }
    }
}
